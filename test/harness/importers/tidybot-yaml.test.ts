import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readTidybotYaml } from "../../../harness/importers/tidybot-yaml.ts";
import { importTidybot } from "../../../harness/importers/tidybot.ts";
import { InputError } from "../../../sim/errors.ts";

const write = (name: string, lines: string[]) => {
  const dir = mkdtempSync(path.join(tmpdir(), "tb-yaml-"));
  const file = path.join(dir, name);
  writeFileSync(file, lines.join("\n") + "\n");
  return file;
};

describe("tidybot YAML: merge keys (YAML 1.1, as PyYAML reads TidyBot's files)", () => {
  it("copies an anchored scenario's fields into one that merges it, its own fields winning", async () => {
    const file = write("scenarios.yml", [
      "- &s1",
      "  receptacles: [box, shelf]",
      "  room: bedroom",
      "  unseen_placements: [[toy boat, box]]",
      "- <<: *s1",
      "  room: living room",
    ]);
    expect(readTidybotYaml(file)).toEqual([
      { receptacles: ["box", "shelf"], room: "bedroom", unseen_placements: [["toy boat", "box"]] },
      { receptacles: ["box", "shelf"], room: "living room", unseen_placements: [["toy boat", "box"]] },
    ]);
    const s = await importTidybot(file, { out: path.join(path.dirname(file), "out") });
    expect(s.skipped).toEqual([]);
    expect(s.files[0]!.count).toBe(2);
  });

  it("reports a merge of something that is not a mapping at its line and column", () => {
    const file = write("bad.yml", ["- &r [box, shelf]", "- <<: *r", "  receptacles: [box]"]);
    expect(() => readTidybotYaml(file)).toThrow(InputError);
    try {
      readTidybotYaml(file);
    } catch (err) {
      expect((err as InputError).where).toBe("line 2, column 7");
      expect((err as InputError).reason).toBe("invalid YAML: a merge key (<<) takes a mapping or a list of mappings, found a list");
    }
  });

  it("leaves a quoted '<<' key alone and reports syntax errors as the shared reader does", () => {
    expect(readTidybotYaml(write("q.yml", ["- '<<': {a: 1}"]))).toEqual([{ "<<": { a: 1 } }]);
    expect(() => readTidybotYaml(write("s.yml", ["- receptacles: [a", "  - b: ["]))).toThrow(/line \d+, column \d+: invalid YAML/);
  });
});

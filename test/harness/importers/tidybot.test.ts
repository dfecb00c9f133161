import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { importTidybot } from "../../../harness/importers/tidybot.ts";
import { validateFiles } from "../../../harness/validate/validate-files.ts";
import { SHARED_DATA, dataSuiteTitle, describeWithData, hasSharedData } from "../probes/shared-data.ts";

const readJsonl = (file: string) => readFileSync(file, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l));
const SRC = path.join(SHARED_DATA, "tidybot");

describeWithData("tidybot", "rearrange import tidybot on the shared data", async () => {
  const out = mkdtempSync(path.join(tmpdir(), "tb-"));
  const summary = await importTidybot(SRC, { out });
  const scenarios = parseYaml(readFileSync(path.join(SRC, "scenarios.yml"), "utf8")) as Array<{ unseen_placements: string[][]; seen_placements: string[][]; receptacles: string[] }>;
  const unseen = readJsonl(path.join(out, "ranking.unseen.jsonl"));

  it("makes one case per unseen placement, grouped by scenario", () => {
    expect(unseen).toHaveLength(scenarios.reduce((n, s) => n + s.unseen_placements.length, 0));
    expect(new Set(unseen.map((c) => c.group)).size).toBe(scenarios.length);
    expect(summary.skipped.map((s) => path.basename(s.file))).toEqual(["LICENSE"]);
  });

  it("gives the scenario's receptacle gain 1 and shows seen placements but never the annotator's notes", () => {
    const first = scenarios[0]!;
    const c = unseen[0];
    expect(c.object).toBe(first.unseen_placements[0]![0]);
    expect(c.relevance).toEqual({ [first.unseen_placements[0]![1]!]: 1 });
    expect(c.candidates).toEqual(first.receptacles);
    expect(c.context.seenPlacements).toHaveLength(first.seen_placements.length);
    expect(JSON.stringify(unseen)).not.toMatch(/annotator_notes/);
  });

  it("leaves a seen object's own placement out of its context", () => {
    for (const c of readJsonl(path.join(out, "ranking.seen.jsonl"))) expect(c.context.seenPlacements.some((p: { object: string }) => p.object === c.object)).toBe(false);
  });
});

describe("tidybot import robustness", () => {
  it("reports invalid YAML with its line and bad scenarios with their path, and keeps the good ones", async () => {
    const src = mkdtempSync(path.join(tmpdir(), "tb-src-"));
    writeFileSync(
      path.join(src, "a.yml"),
      ["- receptacles: [shelf, bin]", "  unseen_placements: [[cup, shelf], [can, sofa]]", "- room: kitchen", "  receptacles: 3"].join("\n"),
    );
    writeFileSync(path.join(src, "b.yaml"), "- receptacles: [a\n  - b: [\n");
    const s = await importTidybot(src, { out: path.join(src, "out") });
    const where = s.skipped.map((k) => `${path.basename(k.file)} ${k.where}`);
    expect(where).toEqual(expect.arrayContaining(["a.yml $[0].unseen_placements[1]", "a.yml $[1].receptacles", expect.stringMatching(/^b\.yaml line \d+, column \d+$/)]));
    expect(readJsonl(path.join(src, "out", "ranking.unseen.jsonl")).map((c) => c.object)).toEqual(["cup"]);
  });

  it("gives a scenario file's cases the same ids alone or beside files that hold no scenario, and notes repeated scenarios", async () => {
    const scenario = ["- receptacles: [shelf, bin]", "  seen_placements: [[plate, shelf]]", "  unseen_placements: [[cup, shelf]]"].join("\n");
    const alone = mkdtempSync(path.join(tmpdir(), "tb-alone-"));
    writeFileSync(path.join(alone, "scenarios.yml"), scenario);
    await importTidybot(path.join(alone, "scenarios.yml"), { out: path.join(alone, "out") });
    const folder = mkdtempSync(path.join(tmpdir(), "tb-folder-"));
    writeFileSync(path.join(folder, "scenarios.yml"), scenario);
    writeFileSync(path.join(folder, "robot.yml"), "seen_primitives: {}\n");
    const s = await importTidybot(folder, { out: path.join(folder, "out") });
    const ids = (dir: string) => readJsonl(path.join(dir, "out", "ranking.unseen.jsonl")).map((c) => c.id);
    expect(ids(folder)).toEqual(ids(alone));
    expect(ids(alone)).toEqual(["tidybot/s01/unseen/cup"]);
    expect(s.skipped.map((k) => path.basename(k.file))).toEqual(["robot.yml"]);
    // two copies of the benchmark: both imported, ids kept apart by file, and the repeat noted
    writeFileSync(path.join(folder, "copy.yml"), scenario);
    const both = await importTidybot(folder, { out: path.join(folder, "out") });
    expect(ids(folder)).toEqual(["tidybot/copy-0/s01/unseen/cup", "tidybot/scenarios-2/s01/unseen/cup"]);
    expect(both.notes[0]).toMatch(/^1 scenario\(s\) repeat one in an earlier file/);
  });

  it("imports an object placed twice as two cases with distinct ids, notes it, and writes files validate accepts", async () => {
    const src = mkdtempSync(path.join(tmpdir(), "tb-dup-"));
    writeFileSync(path.join(src, "scenarios.yml"), ["- receptacles: [shelf, bin]", "  seen_placements: [[plate, shelf]]", "  unseen_placements: [[sock, shelf], [sock, bin]]"].join("\n"));
    const out = path.join(src, "out");
    const s = await importTidybot(path.join(src, "scenarios.yml"), { out });
    expect(readJsonl(path.join(out, "ranking.unseen.jsonl")).map((c) => c.id)).toEqual(["tidybot/s01/unseen/sock", "tidybot/s01/unseen/sock#2"]);
    expect(s.notes[0]).toMatch(/scenarios\.yml: 1 placement\(s\) list an object already placed .*\$\[0\]\.unseen_placements\[1\] "sock" \(first at \$\[0\]\.unseen_placements\[0\]\) → tidybot\/s01\/unseen\/sock#2/);
    const reports = await validateFiles([out]);
    expect(reports.filter((r) => !r.ok)).toEqual([]);
    expect(reports.map((r) => path.basename(r.file)).sort()).toEqual(["import.json", "ranking.seen.jsonl", "ranking.unseen.jsonl"]);
    // beside another scenario file, ids gain the file's prefix, and the note names the id as written
    writeFileSync(path.join(src, "more.yml"), readFileSync(path.join(src, "scenarios.yml")));
    const both = await importTidybot(src, { out });
    expect(both.notes[0]).toMatch(/more\.yml: .* → tidybot\/more-0\/s01\/unseen\/sock#2$/);
    expect((await validateFiles([out])).filter((r) => !r.ok)).toEqual([]);
  });

  it("reads the robot's files: a scenario mapping imported, a preferences file refused saying what it is", async () => {
    const src = mkdtempSync(path.join(tmpdir(), "tb-robot-"));
    // the real scenario-08's shape: receptacles a mapping (sofa a placement target here), test objects also seen
    writeFileSync(
      path.join(src, "scenario-08.yml"),
      [
        "annotator_notes: Put cans in the bin and clothes on the sofa.",
        "seen_objects: [soda can, jacket]",
        "seen_placements: [[soda can, recycling bin], [jacket, sofa]]",
        "seen_primitives: [[soda can, toss], [jacket, place]]",
        "unseen_objects: [soda can, jeans]",
        "unseen_placements: [[soda can, recycling bin], [jeans, sofa]]",
        "receptacles:",
        "  recycling bin: {position: [-0.915, 0.305], dimensions: [0.293, 0.203], primitive_names: [place, toss], place_height: 0.1}",
        "  sofa: {position: [0.115, -1.93], dimensions: [1.87, 0.91], primitive_names: [place]}",
      ].join("\n"),
    );
    writeFileSync(path.join(src, "preferences.yml"), ["categories: [clothing]", "placements:", "  clothing: sofa", "primitives:", "  clothing: place"].join("\n"));
    const out = path.join(src, "out");
    const s = await importTidybot(src, { out });
    expect(s.skipped).toEqual([{ file: path.join(src, "preferences.yml"), where: "$", reason: expect.stringMatching(/^found a TidyBot preferences file/) }]);
    const unseen = readJsonl(path.join(out, "ranking.unseen.jsonl"));
    expect(unseen.map((c) => [c.id, c.candidates, c.relevance, c.context.alsoSeen])).toEqual([
      ["tidybot/s01/unseen/soda can", ["recycling bin", "sofa"], { "recycling bin": 1 }, true],
      ["tidybot/s01/unseen/jeans", ["recycling bin", "sofa"], { sofa: 1 }, undefined],
    ]);
    expect(s.notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/scenario-08\.yml: a robot scenario .*receptacle positions and sizes and seen_primitives are not used$/),
        expect.stringMatching(/scenario-08\.yml: \$ \(scenario s01\): 1 unseen \(test\) object\(s\) are also seen examples, .*: soda can$/),
      ]),
    );
  });
});

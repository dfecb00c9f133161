/**
 * Malformed TidyBot scenario files (`rearrange import tidybot`). The importer reads YAML through the shared
 * reader (sim/files/read-structured.ts), so a broken file is skipped with its line and column, like a
 * broken scene or task: an alias to no anchor once threw a bare ReferenceError out of the import, and
 * YAML nested ~800 deep overflowed the parser's stack (after which V8 may abort the process).
 */
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { importTidybot } from "../../../harness/importers/tidybot.ts";
import { MAX_YAML_DEPTH } from "../../../sim/files/read-structured.ts";
import { prototypesClean } from "../helpers/json-mutation.ts";
import { FUZZ_RUNS } from "./fuzz-runs.ts";

const GOOD = ["- room: kitchen", "  receptacles: [shelf, bin]", "  seen_placements: [[plate, shelf]]", "  unseen_placements: [[cup, shelf], [can, bin]]", ""].join("\n");
const root = mkdtempSync(path.join(os.tmpdir(), "tidybot-yaml-"));
let n = 0;

/** Imports a folder holding the good scenario file and `bad.yml` with `text`. */
async function importWith(text: string) {
  const src = path.join(root, `src-${n++}`);
  mkdirSync(src);
  writeFileSync(path.join(src, "good.yml"), GOOD);
  writeFileSync(path.join(src, "bad.yml"), text);
  const summary = await importTidybot(src, { out: path.join(src, "out") });
  const unseen = readFileSync(path.join(src, "out", "ranking.unseen.jsonl"), "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l));
  // ids and groups are prefixed with the file (`good-1/s01`) when several files hold scenarios; when the bad file
  // holds none, the good file's cases keep the ids they have when it is imported alone (`s01`)
  const good = unseen.filter((c) => String(c.group).startsWith("good-") || /^s\d+$/.test(String(c.group))).map((c) => c.object);
  return { summary, bad: summary.skipped.filter((s) => path.basename(s.file) === "bad.yml"), unseen, good };
}

describe("tidybot import of malformed YAML", () => {
  it.each([
    ["an unclosed bracket", "- receptacles: [shelf, bin\n  unseen_placements: [[cup, shelf]]\n", /^line \d+, column \d+$/, /invalid YAML/],
    ["a tab where indentation is expected", "- receptacles:\n\t- shelf\n", /^line 2, column \d+$/, /invalid YAML/],
    ["an alias to an anchor never set", "- receptacles: [shelf]\n  seen_placements: []\n  unseen_placements: *nope\n", /^line 3, column 22$/, /invalid YAML: Unresolved alias/],
    ["an alias bomb", ["a: &a [x, x, x, x, x, x, x, x, x, x]", ...Array.from({ length: 9 }, (_, i) => `${"bcdefghij"[i]}: &${"bcdefghij"[i]} [${Array(10).fill(`*${"abcdefghi"[i]}`).join(", ")}]`)].join("\n"), /^line \d+, column \d+$/, /invalid YAML/],
    ["nesting 900 deep", `x: ${"[".repeat(900)}${"]".repeat(900)}\n`, new RegExp(`^line 1, column ${MAX_YAML_DEPTH + 2}$`), /nested too deep/],
    ["a duplicated key", "- receptacles: [shelf]\n  receptacles: [bin]\n", /^line 2, column \d+$/, /invalid YAML: Map keys must be unique/],
  ])("%s: skipped with its line and column; the good file is still imported", async (_name, text, where, reason) => {
    const { bad, unseen, good } = await importWith(text);
    expect(bad).toHaveLength(1);
    expect(bad[0]!.where).toMatch(where);
    expect(bad[0]!.reason).toMatch(reason);
    expect(good).toEqual(["cup", "can"]);
    expect(unseen).toHaveLength(2);
  });

  it("a byte-order mark is not part of the content", async () => {
    const { bad, unseen } = await importWith(`\uFEFF${GOOD}`);
    expect(bad).toEqual([]);
    expect(unseen.map((c) => c.object)).toEqual(["cup", "can", "cup", "can"]);
  });

  it("generated YAML-like text and edited scenario files: skipped with a place, or imported; never a crash", async () => {
    const alphabet = fc.constantFrom(..."-:[]{},&*!|>'\"#%@` \t\n\nabc0".split(""), "- ", "  ", "\n  ", "*a", "&a ", "<<: ", "---\n", "...\n", "? ", "\uFEFF", "\u0000");
    const random = fc.array(alphabet, { maxLength: 80 }).map((a) => a.join(""));
    const edited = fc.tuple(fc.nat(GOOD.length), fc.nat(8), fc.array(alphabet, { maxLength: 6 })).map(([at, cut, ins]) => GOOD.slice(0, at) + ins.join("") + GOOD.slice(at + cut));
    let skipped = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(random, edited), async (text) => {
        const { bad, good } = await importWith(text);
        for (const s of bad) {
          expect(s.where).toMatch(/^(line \d+, column \d+|\$.*)$/);
          expect(s.reason.length).toBeGreaterThan(5);
        }
        skipped += bad.length > 0 ? 1 : 0;
        expect(good).toEqual(["cup", "can"]);
        expect(prototypesClean()).toBe(true);
      }),
      { numRuns: FUZZ_RUNS.tidybotYaml },
    );
    // the property must not hold only because every input was fine
    expect(skipped).toBeGreaterThan(FUZZ_RUNS.tidybotYaml / 4);
  }, 60_000);
});

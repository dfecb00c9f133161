import path from "node:path";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { importHousekeep } from "../../../harness/importers/housekeep.ts";
import { outFolder, sourceFolder } from "./housekeep-inputs.ts";

const ranks = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1];

describe("rearrange import housekeep --split", () => {
  it("says which objects of the split file have no annotations (they cannot become cases)", async () => {
    const src = sourceFolder({ "annotations.json": { ranks: { apple: { "kitchen|counter": ranks }, cup: { "kitchen|sink": ranks } } } });
    const split = path.join(sourceFolder({ "split.json": { train: ["apple", "pear", "kiwi"], val: ["cup"], test: ["plum", "pear", "fig", "lime", "date", "yuzu"] } }), "split.json");
    const summary = await importHousekeep(src, { out: outFolder(), split });
    expect(summary.notes).toContain("7 objects named in the split file have no annotations and were ignored: pear, kiwi, plum, fig, lime, …");
  });

  it("names the objects listed under two splits and the split each was put in (the first)", async () => {
    const names = ["apple", "cup", "pear", "kiwi", "plum", "fig", "lime"];
    const src = sourceFolder({ "annotations.json": { ranks: Object.fromEntries(names.map((n) => [n, { "kitchen|counter": ranks }])) } });
    const split = path.join(sourceFolder({ "split.json": { train: ["apple", "pear", "kiwi", "lime"], val: ["cup", "pear", "plum", "fig", "lime"], test: ["apple", "plum", "fig", "kiwi", "lime", "ghost", "ghost"] } }), "split.json");
    const out = outFolder();
    const summary = await importHousekeep(src, { out, split });
    expect(summary.notes).toContain(
      `6 objects are named in more than one split of ${split}; each was put in the first only (train, then val, then test), so that no object is both trained on and tested: apple → train (also in test), pear → train (also in val), kiwi → train (also in test), lime → train (also in val, test), plum → val (also in test), …`,
    );
    const objectsOf = (s: string) => new Set(readFileSync(path.join(out, `ranking.${s}.jsonl`), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l).object));
    expect([objectsOf("train"), objectsOf("val"), objectsOf("test")]).toEqual([new Set(["apple", "pear", "kiwi", "lime"]), new Set(["cup", "plum", "fig"]), new Set()]);
  });

  it("any split file → the note counts exactly the annotated objects named under two or more splits", async () => {
    const name = fc.constantFrom<string>("apple", "cup", "pear", "ghost");
    const src = sourceFolder({ "annotations.json": { ranks: { apple: { "kitchen|counter": ranks }, cup: { "kitchen|sink": ranks }, pear: { "kitchen|counter": ranks } } } });
    await fc.assert(
      fc.asyncProperty(fc.record({ train: fc.array(name), val: fc.array(name), test: fc.array(name) }), async (given) => {
        const split = path.join(sourceFolder({ "split.json": given }), "split.json");
        const summary = await importHousekeep(src, { out: outFolder(), split });
        const twice = ["apple", "cup", "pear"].filter((n) => [given.train, given.val, given.test].filter((l) => l.includes(n)).length > 1);
        const note = summary.notes.find((n) => n.includes("more than one split"));
        if (twice.length === 0) expect(note).toBeUndefined();
        else expect(note).toMatch(new RegExp(`^${twice.length} objects? (is|are) named`));
      }),
      { numRuns: 25 },
    );
  });

  it("adds no such note when every named object is annotated", async () => {
    const src = sourceFolder({ "annotations.json": { ranks: { apple: { "kitchen|counter": ranks } } } });
    const split = path.join(sourceFolder({ "split.json": { test: ["apple"] } }), "split.json");
    const summary = await importHousekeep(src, { out: outFolder(), split });
    expect(summary.notes.filter((n) => /no annotations/.test(n))).toEqual([]);
  });
});

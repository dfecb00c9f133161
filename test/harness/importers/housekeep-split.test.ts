import path from "node:path";
import { describe, expect, it } from "vitest";
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

  it("adds no such note when every named object is annotated", async () => {
    const src = sourceFolder({ "annotations.json": { ranks: { apple: { "kitchen|counter": ranks } } } });
    const split = path.join(sourceFolder({ "split.json": { test: ["apple"] } }), "split.json");
    const summary = await importHousekeep(src, { out: outFolder(), split });
    expect(summary.notes.filter((n) => /no annotations/.test(n))).toEqual([]);
  });
});

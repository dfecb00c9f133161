/**
 * End to end: imported BEHAVIOR activities that need tools and appliances (soaking, cleaning stains,
 * cooking, freezing, slicing) are solved by the oracle in their sampled houses.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importBddl } from "../../../../harness/importers/bddl/index.ts";
import { B100, B1K, HAVE_DATA, NO_DATA_MESSAGE, readSuite, scratch, solveWithOracle } from "./helpers.ts";

const solve = solveWithOracle;

const STATEFUL = ["cleaning_bathrooms", "cleaning_windows", "preserving_food", "watering_houseplants", "defrosting_freezer", "cleaning_floors"];

describe.skipIf(!HAVE_DATA)("the oracle on imported activities", () => {
  if (!HAVE_DATA) console.warn(NO_DATA_MESSAGE);

  for (const seed of [0, 3]) {
    it(`solves activities that need tools and appliances (seed ${seed})`, async () => {
      const out = scratch();
      await importBddl(B100, { out, seed });
      const suite = readSuite(path.join(out, `${path.basename(out)}.suite.json`));
      const used = new Set<string>();
      for (const activity of STATEFUL) {
        const episode = suite.episodes.find((e) => e.id.startsWith(`${activity}_0`))!;
        const result = solve(out, episode);
        expect(result.success, `${activity} (${result.steps} steps)`).toBe(true);
        result.actions.forEach((a) => used.add(a));
      }
      expect([...used]).toEqual(expect.arrayContaining(["clean", "soak", "cook", "freeze", "slice", "toggle_on"]));
    });
  }

  it("solves the BEHAVIOR-1K activities (outdoor rooms, wildcards, forn, touching)", async () => {
    const out = scratch();
    await importBddl(B1K, { out });
    const suite = readSuite(path.join(out, `${path.basename(out)}.suite.json`));
    const failed = suite.episodes.filter((e) => !solve(out, e).success).map((e) => e.id);
    expect(failed).toEqual([]);
  });
});

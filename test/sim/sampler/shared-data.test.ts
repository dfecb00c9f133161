/** Every shared BEHAVIOR-100 / BEHAVIOR-1K activity gets a house in which all its initial facts hold. */
import { describe, expect, it } from "vitest";
import { parseProblem } from "../../../sim/bddl/parser.ts";
import { sampleScene, unmetInitFacts } from "../../../sim/sampler/index.ts";
import { HAVE_DATA, NO_DATA_MESSAGE, realProblems } from "../bddl/helpers.ts";

if (!HAVE_DATA) console.warn(NO_DATA_MESSAGE);

describe.skipIf(!HAVE_DATA)("sampling the shared BEHAVIOR activities", () => {
  const problems = realProblems();

  it("finds all 60 problem files", () => {
    expect(problems.length).toBe(60);
  });

  for (const seed of [0, 5]) {
    it(`satisfies every initial fact after loading (seed ${seed})`, () => {
      const failures: string[] = [];
      for (const p of problems) {
        const problem = parseProblem(p.text, p.file);
        const s = sampleScene(problem, { seed });
        const unmet = unmetInitFacts(problem, s.scene, s.bindings);
        if (unmet.length) failures.push(`${p.set}/${p.activity}: ${unmet.map((u) => u.text).join(", ")}`);
      }
      expect(failures).toEqual([]);
    });
  }

  it("marks the outdoor rooms of BEHAVIOR-1K activities outdoor", () => {
    const eggs = problems.find((p) => p.activity === "hiding_Easter_eggs")!;
    const s = sampleScene(parseProblem(eggs.text, eggs.file), { seed: 0 });
    const garden = s.scene.rooms.find((r) => r.type === "garden")!;
    expect(garden.outdoor).toBe(true);
    // the lawn is ground the agent stands on, lying flush with the garden floor
    const lawn = s.scene.objects.find((o) => o.id === s.bindings["lawn.n.01_1"])!;
    expect(lawn.shape).toBe("floor");
    expect(lawn.box.center.z + lawn.box.size.z / 2).toBeCloseTo(0, 6);
  });
});

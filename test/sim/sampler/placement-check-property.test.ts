/**
 * placementProblems agrees with the sampler over small generated problems: whatever it refuses, an attempt
 * made anyway fails (it never refuses what the sampler places), and whenever an attempt fails for a reason it
 * knows (nothing to rest on, a cycle of supports), it refuses the problem (so, with it, sampling never meets one).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseProblem } from "../../../sim/bddl/parser.ts";
import { sampleScene, SamplingError } from "../../../sim/sampler/index.ts";
import { placementProblems } from "../../../sim/sampler/placement-check.ts";
import { predicateProblems } from "../../../sim/task/predicate-check.ts";

/** Carryables, containers, furniture (one small enough for a goal to carry), ground, a `_*` instance, the agent. */
const OBJECTS: Record<string, string[]> = {
  "apple.n.01": ["apple.n.01_1", "apple.n.01_2"],
  "bowl.n.01": ["bowl.n.01_1"],
  "basket.n.01": ["basket.n.01_1", "basket.n.01_*"],
  "blanket.n.01": ["blanket.n.01_1"],
  "shelf.n.01": ["shelf.n.01_1"],
  "table.n.02": ["table.n.02_1"],
  "chair.n.01": ["chair.n.01_1"],
  "lawn.n.01": ["lawn.n.01_1"],
  "floor.n.01": ["floor.n.01_1"],
  "agent.n.01": ["agent.n.01_1"],
};
const THINGS = Object.entries(OBJECTS)
  .filter(([c]) => c !== "floor.n.01" && c !== "agent.n.01")
  .flatMap(([, names]) => names);
const ANYTHING = Object.values(OBJECTS).flat();
const RELATIONS = ["ontop", "inside", "under", "onfloor", "overlaid", "nextto", "touching"] as const;
/** Goals that change what is carried and what is a container (categoryOverrides), so roles vary too. */
const GOALS = ["(ontop ?apple.n.01_1 ?table.n.02_1)", "(under ?chair.n.01_1 ?table.n.02_1)", "(inside ?apple.n.01_2 ?bowl.n.01_1)", "(overlaid ?blanket.n.01_1 ?shelf.n.01_1)"];

/** One `:init` literal: a relation between two objects (sometimes negated), or an object's room. */
const literalArb = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(fc.constantFrom(...RELATIONS), fc.constantFrom(...THINGS), fc.constantFrom(...ANYTHING), fc.integer({ min: 0, max: 5 })) },
  { weight: 1, arbitrary: fc.tuple(fc.constant("inroom" as const), fc.constantFrom(...THINGS), fc.constantFrom("kitchen", "garage"), fc.constant(1)) },
).map(([pred, a, b, roll]) => (roll === 0 ? `(not (${pred} ${a} ${b}))` : `(${pred} ${a} ${b})`));

/** Carryable things: each mostly gets a literal saying what it rests on, so that some problems can be placed. */
const CARRIED = ["apple.n.01_1", "apple.n.01_2", "bowl.n.01_1", "basket.n.01_1", "basket.n.01_*", "blanket.n.01_1"];
const SUPPORTS = ["ontop", "inside", "under", "onfloor", "overlaid"] as const;
/** Mostly where things usually rest (on furniture or a floor), sometimes anywhere: on each other, the agent, a `_*`. */
const restsOnArb = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.constantFrom(...(["ontop table.n.02_1", "ontop shelf.n.01_1", "onfloor floor.n.01_1", "ontop floor.n.01_1", "ontop lawn.n.01_1"] as const).map((s) => s.split(" ") as [string, string])),
  },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...SUPPORTS), fc.constantFrom(...ANYTHING)) },
);
const placedArb = fc.tuple(
  ...CARRIED.map((item) => fc.option(restsOnArb.map(([pred, on]) => `(${pred} ${item} ${on})`), { freq: 20, nil: null })),
);

const problemArb = fc.record({
  placed: placedArb,
  extra: fc.array(literalArb, { maxLength: 3 }),
  goal: fc.constantFrom(...GOALS),
  seed: fc.nat({ max: 1000 }),
});

function problemText(init: string[], goal: string): string {
  const objects = Object.entries(OBJECTS).map(([c, names]) => `${names.join(" ")} - ${c}`);
  return `(define (problem gen-0) (:domain omnigibson)
 (:objects ${objects.join(" ")})
 (:init ${init.join(" ")} (inroom floor.n.01_1 kitchen) (ontop agent.n.01_1 floor.n.01_1))
 (:goal (and ${goal})))`;
}

/** The reasons placementProblems stands for, as placeItems words them. */
const STATIC_REASON = /: (it has nothing to rest on|its support .* is never placed \(a cycle of supports\))$/;

describe("placementProblems against the sampler", () => {
  it("refuses exactly what no attempt can place: never a problem the sampler places", () => {
    let refusedSeen = 0;
    let placedSeen = 0;
    fc.assert(
      fc.property(problemArb, ({ placed, extra, goal, seed }) => {
        const init = [...placed.filter((l): l is string => l !== null), ...extra];
        const problem = parseProblem(problemText(init, goal), "gen.bddl");
        // the importer never samples a problem with such predicates (inside or under a floor)
        fc.pre(predicateProblems(problem).length === 0);
        const refused = placementProblems(problem);
        let failure: string | null = null;
        try {
          sampleScene(problem, { seed, maxAttempts: 1, precheck: false });
        } catch (err) {
          if (!(err instanceof SamplingError)) throw err;
          failure = err.reasons[0]!;
        }
        if (refused.length) {
          refusedSeen++;
          expect(failure, refused[0]!.message).not.toBeNull();
        }
        if (failure === null) placedSeen++;
        if (failure !== null && STATIC_REASON.test(failure)) expect(refused.map((e) => e.message), failure).not.toEqual([]);
      }),
      { numRuns: 150, seed: 20240611 },
    );
    // the generator reaches both sides
    expect(refusedSeen).toBeGreaterThan(20);
    expect(placedSeen).toBeGreaterThan(5);
  }, 120_000);
});

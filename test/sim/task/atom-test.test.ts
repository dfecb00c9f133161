/**
 * atomTest(world, pred) is holdsAtom with the predicate's lookups done once (the goal tracker's compiled
 * conditions call it on every re-check); holdsAtom's relations go straight to the predicate's test instead of
 * through evaluatePredicate. Both must answer as the plain path did: holdsAtom's checks, then testRelation.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BenchAgent } from "../../../harness/bench/bench-agent.ts";
import { generateHouse } from "../../../harness/bench/house-generator.ts";
import { RearrangeEnv } from "../../../sim/env.ts";
import { PREDICATES } from "../../../sim/predicates/registry.ts";
import { STATES } from "../../../sim/scene/schema.ts";
import { atomTest, holdsAtom } from "../../../sim/task/atoms.ts";
import { AGENT_ID } from "../../../sim/task/binding.ts";
import { testRelation } from "../../../sim/world/relations.ts";
import type { World } from "../../../sim/world/world.ts";

/** holdsAtom as it was: relations through testRelation (evaluatePredicate and its operand checks). */
function plainHoldsAtom(world: World, pred: string, args: string[]): boolean {
  if ((STATES as readonly string[]).includes(pred) || pred === "inroom") return holdsAtom(world, pred, args);
  const [aId, bId] = args as [string, string];
  if (aId === AGENT_ID || bId === AGENT_ID) return holdsAtom(world, pred, args);
  const a = world.objects.get(aId);
  const b = world.objects.get(bId);
  if (!a || !b || a === b) return false;
  return testRelation(world, pred, a, b);
}

const outcome = (f: () => boolean) => {
  try {
    return f();
  } catch (err) {
    return `${(err as Error).name}: ${(err as Error).message}`;
  }
};

describe("atomTest and holdsAtom = the plain atom check", () => {
  it("for any predicate and arguments, in worlds an agent has changed", async () => {
    const house = generateHouse(120, 8);
    const env = new RearrangeEnv({ scene: house.scene, task: house.task, seed: 8, maxSteps: 400 });
    const agent = new BenchAgent();
    const first = env.reset(8);
    await agent.reset({ id: "t", instruction: "", seed: 8 }, first.observation, { conditions: [], task: null, world: env.world });
    const world = env.world;
    const ids = [...world.objects.keys()];
    const rooms = [...world.rooms.values()].flatMap((r) => [r.id, r.type]);
    const preds = [...Object.keys(PREDICATES), "covered", "constructor", "__proto__"];
    const arg = fc.oneof(fc.constantFrom(...ids), fc.constantFrom(AGENT_ID, "missing", ...rooms));
    const atomArb = fc.tuple(fc.constantFrom(...preds), fc.array(arg, { minLength: 1, maxLength: 3 }));
    let obs = first.observation;
    let trues = 0;
    for (let t = 0; t < 300; t++) {
      obs = env.step(agent.act(obs)).observation;
      if (t % 30 !== 0) continue;
      fc.assert(
        fc.property(atomArb, ([pred, args]) => {
          const want = outcome(() => plainHoldsAtom(world, pred, args));
          expect(outcome(() => holdsAtom(world, pred, args))).toEqual(want);
          expect(outcome(() => atomTest(world, pred)(args))).toEqual(want);
          if (want === true) trues++;
        }),
        { numRuns: 300 },
      );
      // pairs of nearby objects, where relations actually hold
      for (const o of world.objects.values()) {
        for (const near of world.objectsNear(o.box, 0.5)) {
          for (const pred of Object.keys(PREDICATES)) {
            const args = [o.id, near.id];
            const want = outcome(() => plainHoldsAtom(world, pred, args));
            expect(outcome(() => atomTest(world, pred)(args)), `${pred}(${args})`).toEqual(want);
            if (want === true) trues++;
          }
        }
      }
    }
    expect(trues).toBeGreaterThan(100);
  });
});

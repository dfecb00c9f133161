import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Action } from "../../../sim/actions.ts";
import { apply, giveHeld, kitchen } from "./fixture.ts";

const IDS = ["rag_1", "broom_1", "soap_1", "towel_1", "knife_1", "plate_1", "apple_1", "pan_1", "egg_1", "fish_1", "cup_1", "sink_1", "stove_1", "fridge_1", "counter_1", "ghost_1"];
const TYPES = ["clean", "soak", "dry", "cook", "heat", "cool", "freeze", "unfreeze", "slice", "fold", "unfold"] as const;

const actionArb: fc.Arbitrary<Action> = fc
  .record({ type: fc.constantFrom(...TYPES), object: fc.constantFrom(...IDS), tool: fc.option(fc.constantFrom(...IDS), { nil: undefined }) })
  .map(({ type, object, tool }) => (type === "clean" && tool ? { type, object, tool } : { type, object }) as Action);

const setupArb = fc.record({
  held: fc.option(fc.constantFrom("rag_1", "soap_1", "towel_1", "knife_1", "apple_1", "fish_1", "broom_1"), { nil: undefined }),
  at: fc.record({ x: fc.double({ min: 0.2, max: 5.8, noNaN: true }), y: fc.double({ min: 0.2, max: 3.8, noNaN: true }) }),
  sinkOn: fc.boolean(),
  stoveOn: fc.boolean(),
  soaked: fc.boolean(),
});

function statesOf(ctx: ReturnType<typeof kitchen>): Map<string, string> {
  return new Map([...ctx.world.objects.values()].map((o) => [o.id, JSON.stringify(Object.entries(o.states).filter(([, v]) => v).sort())]));
}

describe("state actions (property)", () => {
  it("a failed action changes nothing; a successful one changes only the objects it reports", () => {
    fc.assert(
      fc.property(setupArb, fc.array(actionArb, { minLength: 1, maxLength: 6 }), (setup, actions) => {
        const ctx = kitchen();
        if (setup.held) giveHeld(ctx, setup.held);
        ctx.world.moveAgent("kitchen", setup.at);
        ctx.world.setState("sink_1", "toggled_on", setup.sinkOn);
        ctx.world.setState("stove_1", "toggled_on", setup.stoveOn);
        ctx.world.setState("rag_1", "soaked", setup.soaked);
        for (const action of actions) {
          const before = statesOf(ctx);
          const out = apply(ctx, action);
          const after = statesOf(ctx);
          const differs = [...after].filter(([id, s]) => before.get(id) !== s).map(([id]) => id);
          if (!out.feedback.ok) {
            expect(out.feedback.error).not.toBeNull();
            expect(out.changed).toEqual([]);
            expect(differs).toEqual([]);
          } else {
            expect(out.changed.length).toBeGreaterThan(0);
            for (const id of differs) expect(out.changed).toContain(id);
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});

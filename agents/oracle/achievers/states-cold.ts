import { applianceAround } from "../../../sim/subpolicies/states/surroundings.ts";
import { act, type OracleContext, type Step } from "../context.ts";
import { hold } from "../skills/hand.ts";
import { placeInsideAsPlanned } from "./stacked-support.ts";
import type { Achiever, AchieverOption } from "./achiever.ts";
import { moveEffort } from "./effort.ts";
import { nearestWith, switchedOn, within } from "./states-tools.ts";

/** `frozen x`: put x inside the nearest fridge or freezer (opening it), switch it on if it has a switch, freeze. */
export const freezeAchiever: Achiever = {
  name: "freeze",
  predicates: ["frozen"],
  polarity: "positive",
  estimate(lit, ctx) {
    const o = ctx.world.objects.get(lit.args[0]!);
    if (!o?.abilities.has("freezable") || !nearestWith(ctx, "cold_source").length) return Infinity;
    return 1 + (applianceAround(ctx.world, o.id, "cold_source", ["inside"]) ? 0 : moveEffort(ctx, o.id));
  },
  options(lit, ctx) {
    const id = lit.args[0]!;
    if (!ctx.world.objects.get(id)?.abilities.has("freezable")) return [];
    return nearestWith(ctx, "cold_source").map(
      (cold): AchieverOption => ({
        key: `freeze(${id}) in ${cold.id}`,
        mover: id,
        next: (c) => freezeIn(c, id, cold.id),
      }),
    );
  },
};

function freezeIn(ctx: OracleContext, id: string, cold: string): Step {
  const around = applianceAround(ctx.world, id, "cold_source", ["inside"]);
  if (!around || around.appliance.id !== cold) return placeInsideAsPlanned(ctx, id, cold);
  return switchedOn(ctx, cold) ?? within(ctx, id) ?? act({ type: "freeze", object: id }, true);
}

/** `not (frozen x)`: take x out of the cold (into the hand) and let it thaw. */
export const unfreezeAchiever: Achiever = {
  name: "unfreeze",
  predicates: ["frozen"],
  polarity: "negative",
  estimate(lit, ctx) {
    return ctx.world.objects.get(lit.args[0]!)?.kind === "carryable" ? 1 + moveEffort(ctx, lit.args[0]!) : Infinity;
  },
  options(lit) {
    const id = lit.args[0]!;
    return [
      {
        key: `unfreeze(${id})`,
        mover: id,
        next: (c: OracleContext) => {
          const stillCold = applianceAround(c.world, id, "cold_source", ["inside"]);
          return (stillCold ? hold(c, id) : null) ?? within(c, id) ?? act({ type: "unfreeze", object: id }, true);
        },
      },
    ];
  },
};

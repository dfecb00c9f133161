import { hasInterior } from "../../../sim/geometry/shape-model.ts";
import { applianceAround } from "../../../sim/subpolicies/states/surroundings.ts";
import { act, type OracleContext, type Step } from "../context.ts";
import { placeAt } from "../skills/hand.ts";
import { placeInsideAsPlanned } from "./stacked-support.ts";
import type { Achiever, AchieverOption } from "./achiever.ts";
import { moveEffort } from "./effort.ts";
import { nearestWith, switchedOn, within } from "./states-tools.ts";

/**
 * `cooked x` (and `burnt x`, which is cooking once more): put x on the nearest heat source (in it, for
 * an oven), switch the heat source on, cook.
 */
export const cookAchiever: Achiever = {
  name: "cook",
  predicates: ["cooked", "burnt"],
  polarity: "positive",
  estimate(lit, ctx) {
    const o = ctx.world.objects.get(lit.args[0]!);
    if (!o?.abilities.has("cookable") || !nearestWith(ctx, "heat_source").length) return Infinity;
    return 1 + (applianceAround(ctx.world, o.id, "heat_source") ? 0 : moveEffort(ctx, o.id));
  },
  options(lit, ctx) {
    const id = lit.args[0]!;
    if (!ctx.world.objects.get(id)?.abilities.has("cookable")) return [];
    return nearestWith(ctx, "heat_source").map(
      (heat): AchieverOption => ({
        key: `cook(${id}) on ${heat.id}`,
        mover: id,
        next: (c) => cookOn(c, id, heat.id),
      }),
    );
  },
};

function cookOn(ctx: OracleContext, id: string, heat: string): Step {
  const h = ctx.world.objects.get(heat)!;
  const on = applianceAround(ctx.world, id, "heat_source");
  if (!on || on.appliance.id !== heat) return hasInterior(h) ? placeInsideAsPlanned(ctx, id, heat) : placeAt(ctx, id, "ontop", heat);
  return switchedOn(ctx, heat) ?? within(ctx, id) ?? act({ type: "cook", object: id }, true);
}

import { hasInterior } from "../../../sim/geometry/shape-model.ts";
import { applianceAround, isOff } from "../../../sim/subpolicies/states/surroundings.ts";
import { act, type OracleContext, type Step } from "../context.ts";
import { hold, placeAt } from "../skills/hand.ts";
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
        next: (c) => actOn(c, id, heat.id, "cook"),
      }),
    );
  },
};

/** `hot x`: as for cooking, on or in the nearest heat source, switched on; then heat (anything can be heated). */
export const heatAchiever: Achiever = {
  name: "heat",
  predicates: ["hot"],
  polarity: "positive",
  estimate(lit, ctx) {
    const o = ctx.world.objects.get(lit.args[0]!);
    if (!o || !nearestWith(ctx, "heat_source").length) return Infinity;
    if (applianceAround(ctx.world, o.id, "heat_source")) return 1;
    return o.kind === "carryable" ? 1 + moveEffort(ctx, o.id) : Infinity;
  },
  options(lit, ctx) {
    const id = lit.args[0]!;
    if (!ctx.world.objects.has(id)) return [];
    return nearestWith(ctx, "heat_source", (h) => h.id !== id).map(
      (source): AchieverOption => ({
        key: `heat(${id}) on ${source.id}`,
        mover: id,
        next: (c) => actOn(c, id, source.id, "heat"),
      }),
    );
  },
};

/** `not (hot x)`: take x off a heat source that is on (into the hand), then let it cool. */
export const coolAchiever: Achiever = {
  name: "cool",
  predicates: ["hot"],
  polarity: "negative",
  estimate(lit, ctx) {
    const o = ctx.world.objects.get(lit.args[0]!);
    if (!o) return Infinity;
    return onRunningHeat(ctx, o.id) ? (o.kind === "carryable" ? 1 + moveEffort(ctx, o.id) : Infinity) : 1;
  },
  options(lit) {
    const id = lit.args[0]!;
    return [
      {
        key: `cool(${id})`,
        mover: id,
        next: (c: OracleContext) => (onRunningHeat(c, id) ? hold(c, id) : null) ?? within(c, id) ?? act({ type: "cool", object: id }, true),
      },
    ];
  },
};

/** True when `id` sits in or on a heat source that is on. */
function onRunningHeat(ctx: OracleContext, id: string): boolean {
  const on = applianceAround(ctx.world, id, "heat_source");
  return !!on && !isOff(on.appliance);
}

/** Puts `id` on or in the heat source (as planned, for an oven), switches it on, then cooks or heats. */
function actOn(ctx: OracleContext, id: string, heat: string, type: "cook" | "heat"): Step {
  const h = ctx.world.objects.get(heat)!;
  const on = applianceAround(ctx.world, id, "heat_source");
  if (!on || on.appliance.id !== heat) return hasInterior(h) ? placeInsideAsPlanned(ctx, id, heat) : placeAt(ctx, id, "ontop", heat);
  return switchedOn(ctx, heat) ?? within(ctx, id) ?? act({ type, object: id }, true);
}

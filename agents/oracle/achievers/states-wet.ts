import { act, blocked, type OracleContext } from "../context.ts";
import { hold } from "../skills/hand.ts";
import type { Achiever, AchieverOption } from "./achiever.ts";
import { moveEffort } from "./effort.ts";
import { atRunningWater, nearestWith, switchedOn, within } from "./states-tools.ts";

/**
 * `soaked x`: carry x to the nearest water source, switch it on, soak x under it; or, for what stays where it
 * is (a plant in the garden), take a water source that can be carried (a watering can) to it.
 */
export const soakAchiever: Achiever = {
  name: "soak",
  predicates: ["soaked"],
  polarity: "positive",
  estimate(lit, ctx) {
    const o = ctx.world.objects.get(lit.args[0]!);
    if (!o?.abilities.has("soakable")) return Infinity;
    if (o.kind === "carryable" && nearestWith(ctx, "water_source").length) return 1 + moveEffort(ctx, o.id);
    const can = carriedWater(ctx, o.id)[0];
    return can ? 1 + moveEffort(ctx, can.id) : Infinity;
  },
  options(lit, ctx) {
    const id = lit.args[0]!;
    const o = ctx.world.objects.get(id);
    if (!o?.abilities.has("soakable")) return [];
    const atSources: AchieverOption[] =
      o.kind !== "carryable"
        ? []
        : nearestWith(ctx, "water_source").map((sink) => ({
            key: `soak(${id}) at ${sink.id}`,
            mover: id,
            next: (c) => hold(c, id) ?? atRunningWater(c, sink.id) ?? act({ type: "soak", object: id }, true),
          }));
    const fromCans = carriedWater(ctx, id).map(
      (can): AchieverOption => ({
        key: `soak(${id}) from ${can.id}`,
        mover: can.id,
        next: (c) => hold(c, can.id) ?? switchedOn(c, can.id) ?? within(c, id) ?? act({ type: "soak", object: id }, true),
      }),
    );
    return [...atSources, ...fromCans];
  },
};

/** Water sources that can be carried (watering cans), nearest first, other than `id` itself. */
function carriedWater(ctx: OracleContext, id: string) {
  return nearestWith(ctx, "water_source", (w) => w.kind === "carryable" && w.id !== id);
}

/** `not (soaked x)`: put x down if it is in hand, take a towel, dry x with it. */
export const dryAchiever: Achiever = {
  name: "dry",
  predicates: ["soaked"],
  polarity: "negative",
  estimate(lit, ctx) {
    const towels = nearestWith(ctx, "dryer", (o) => o.id !== lit.args[0] && o.kind === "carryable");
    return towels.length ? 1 + moveEffort(ctx, towels[0]!.id) : Infinity;
  },
  options(lit, ctx) {
    const id = lit.args[0]!;
    return nearestWith(ctx, "dryer", (o) => o.id !== id && o.kind === "carryable").map(
      (towel): AchieverOption => ({
        key: `dry(${id}, ${towel.id})`,
        mover: towel.id,
        next: (c: OracleContext) => {
          if (!c.world.objects.get(id)) return blocked(`there is no object ${id}`);
          return hold(c, towel.id) ?? within(c, id) ?? act({ type: "dry", object: id }, true);
        },
      }),
    );
  },
};

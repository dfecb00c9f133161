import { act, blocked, type OracleContext } from "../context.ts";
import { hold } from "../skills/hand.ts";
import type { Achiever, AchieverOption } from "./achiever.ts";
import { moveEffort } from "./effort.ts";
import { atRunningWater, nearestWith, within } from "./states-tools.ts";

/** `soaked x`: carry x to the nearest water source, switch it on, soak x under it. */
export const soakAchiever: Achiever = {
  name: "soak",
  predicates: ["soaked"],
  polarity: "positive",
  estimate(lit, ctx) {
    const o = ctx.world.objects.get(lit.args[0]!);
    if (!o?.abilities.has("soakable") || o.kind !== "carryable" || !nearestWith(ctx, "water_source").length) return Infinity;
    return 1 + moveEffort(ctx, o.id);
  },
  options(lit, ctx) {
    const id = lit.args[0]!;
    if (!ctx.world.objects.get(id)?.abilities.has("soakable")) return [];
    return nearestWith(ctx, "water_source").map(
      (sink): AchieverOption => ({
        key: `soak(${id}) at ${sink.id}`,
        mover: id,
        next: (c) => hold(c, id) ?? atRunningWater(c, sink.id) ?? act({ type: "soak", object: id }, true),
      }),
    );
  },
};

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

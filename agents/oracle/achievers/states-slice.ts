import { act, type OracleContext } from "../context.ts";
import { hold } from "../skills/hand.ts";
import type { Achiever, AchieverOption } from "./achiever.ts";
import { moveEffort } from "./effort.ts";
import { nearestWith, within } from "./states-tools.ts";

/** `sliced x`: take the nearest knife (putting x down first if it is in hand), walk to x, slice it. */
export const sliceAchiever: Achiever = {
  name: "slice",
  predicates: ["sliced"],
  polarity: "positive",
  estimate(lit, ctx) {
    const o = ctx.world.objects.get(lit.args[0]!);
    const knives = nearestWith(ctx, "slicer", (k) => k.kind === "carryable" && k.id !== lit.args[0]);
    if (!o?.abilities.has("sliceable") || !knives.length) return Infinity;
    return 1 + moveEffort(ctx, knives[0]!.id);
  },
  options(lit, ctx) {
    const id = lit.args[0]!;
    if (!ctx.world.objects.get(id)?.abilities.has("sliceable")) return [];
    return nearestWith(ctx, "slicer", (k) => k.kind === "carryable" && k.id !== id).map(
      (knife): AchieverOption => ({
        key: `slice(${id}, ${knife.id})`,
        mover: knife.id,
        next: (c: OracleContext) => hold(c, knife.id) ?? within(c, id) ?? act({ type: "slice", object: id }, true),
      }),
    );
  },
};

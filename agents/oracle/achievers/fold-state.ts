import { act, blocked } from "../context.ts";
import { stash } from "../skills/hand.ts";
import type { Achiever } from "./achiever.ts";
import { within } from "./states-tools.ts";

/**
 * `folded x` / `not (folded x)` (BEHAVIOR-1K's `unfolded x`): fold or unfold x where it is, or in hand when the
 * oracle holds it; anything else in hand is put down first (folding takes both hands).
 */
export const foldStateAchiever: Achiever = {
  name: "fold-state",
  predicates: ["folded"],
  polarity: "both",
  estimate(lit, ctx) {
    return ctx.world.objects.get(lit.args[0]!)?.abilities.has("foldable") ? 1 : Infinity;
  },
  options(lit, ctx) {
    const id = lit.args[0]!;
    if (!ctx.world.objects.get(id)?.abilities.has("foldable")) return [];
    const type = lit.positive ? "fold" : "unfold";
    return [
      {
        key: `${type}(${id})`,
        next: (c) => {
          const o = c.world.objects.get(id)!;
          if ((o.states.folded ?? false) === lit.positive) return blocked(`${id} is already ${lit.positive ? "folded" : "unfolded"}`);
          const held = c.world.agent.holding;
          if (held === id) return act({ type, object: id }, true);
          return (held ? stash(c) : null) ?? within(c, id) ?? act({ type, object: id }, true);
        },
      },
    ];
  },
};

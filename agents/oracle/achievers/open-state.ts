import { act, blocked } from "../context.ts";
import { ensureObserved, openSurroundings, reach } from "../skills/observe.ts";
import type { Achiever } from "./achiever.ts";

/** `open x` / `not (open x)`: observe it, open what encloses it, walk to it, open or close it. */
export const openStateAchiever: Achiever = {
  name: "open-state",
  predicates: ["open"],
  polarity: "both",
  estimate(lit, ctx) {
    return ctx.world.objects.get(lit.args[0]!)?.abilities.has("openable") ? 1 : Infinity;
  },
  options(lit, ctx) {
    const id = lit.args[0]!;
    if (!ctx.world.objects.get(id)?.abilities.has("openable")) return [];
    const type = lit.positive ? "open" : "close";
    return [
      {
        key: `${type}(${id})`,
        next: (c) => {
          if ((c.world.objects.get(id)!.states.open ?? false) === lit.positive) return blocked(`${id} is already ${type === "open" ? "open" : "closed"}`);
          return ensureObserved(c, id) ?? openSurroundings(c, id) ?? reach(c, id) ?? act({ type, object: id }, true);
        },
      },
    ];
  },
};

import { act } from "../context.ts";
import type { OracleContext } from "../context.ts";
import { ensureObserved, openSurroundings, reach } from "../skills/observe.ts";
import type { Achiever, AchieverOption } from "./achiever.ts";

/**
 * `toggled_on x` / `not (toggled_on x)`: switch x itself when it is toggleable, else a switch that
 * controls it (a wall switch and its lamp).
 */
export const toggleStateAchiever: Achiever = {
  name: "toggle-state",
  predicates: ["toggled_on"],
  polarity: "both",
  estimate(lit, ctx) {
    return switchesOf(ctx, lit.args[0]!).length ? 1 : Infinity;
  },
  options(lit, ctx) {
    const type = lit.positive ? "toggle_on" : "toggle_off";
    return switchesOf(ctx, lit.args[0]!).map(
      (s): AchieverOption => ({
        key: `${type}(${s})`,
        next: (c) => ensureObserved(c, s) ?? openSurroundings(c, s) ?? reach(c, s) ?? act({ type, object: s }, true),
      }),
    );
  },
};

function switchesOf(ctx: OracleContext, id: string): string[] {
  const o = ctx.world.objects.get(id);
  if (!o) return [];
  if (o.abilities.has("toggleable")) return [id];
  return [...ctx.world.objects.values()].filter((s) => s.abilities.has("toggleable") && s.controls.includes(id)).map((s) => s.id).sort();
}

import type { SimObject } from "../../../sim/world/sim-object.ts";
import { act, blocked, type OracleContext, type Step } from "../context.ts";
import type { GroundLiteral } from "../literal.ts";
import { hold } from "../skills/hand.ts";
import type { Achiever, AchieverOption } from "./achiever.ts";
import { moveEffort } from "./effort.ts";
import { atRunningWater, nearestWith, within } from "./states-tools.ts";

/**
 * `not (dusty x)`, `not (stained x)`, `not (dirty x)`: take a tool that removes it and clean x with it.
 * Dust: any cleaning tool. Stains: a cleaner (soap, detergent), a cleaning tool already soaked, or a
 * soakable one soaked at the nearest sink first (switching the sink on) — the simulator's clean rule.
 */
export const cleanAchiever: Achiever = {
  name: "clean",
  predicates: ["dusty", "stained", "dirty"],
  polarity: "negative",
  estimate(lit, ctx) {
    const tools = toolsFor(lit, ctx);
    return tools.length ? 1 + Math.min(...tools.map((t) => moveEffort(ctx, t.tool.id))) : Infinity;
  },
  options(lit, ctx) {
    const target = lit.args[0]!;
    return toolsFor(lit, ctx).map(
      ({ tool, soakAt }): AchieverOption => ({
        key: `clean(${target}, ${tool.id})`,
        mover: tool.id,
        next: (c) => cleanWith(c, target, tool.id, soakAt),
      }),
    );
  },
};

/** Tools that can clean the literal's dirt, with the sink to soak at when the tool must be wetted first. */
function toolsFor(lit: GroundLiteral, ctx: OracleContext): { tool: SimObject; soakAt?: string }[] {
  const target = lit.args[0]!;
  const usable = (o: SimObject) => o.id !== target && o.kind === "carryable";
  if (lit.pred === "dusty") return nearestWith(ctx, "cleaning_tool", usable).map((tool) => ({ tool }));
  const cleaners = nearestWith(ctx, "cleaner", usable).map((tool) => ({ tool }));
  const wet = nearestWith(ctx, "cleaning_tool", (o) => usable(o) && !!o.states.soaked).map((tool) => ({ tool }));
  const sink = nearestWith(ctx, "water_source")[0];
  const wettable = sink
    ? nearestWith(ctx, "cleaning_tool", (o) => usable(o) && !o.states.soaked && o.abilities.has("soakable")).map((tool) => ({ tool, soakAt: sink.id }))
    : [];
  const held = ctx.world.agent.holding;
  return [...wet, ...cleaners, ...wettable].sort((a, b) => Number(b.tool.id === held) - Number(a.tool.id === held));
}

/** Hold the tool, wet it at the sink if it must be, then clean the target with it. */
function cleanWith(ctx: OracleContext, target: string, tool: string, soakAt: string | undefined): Step {
  const t = ctx.world.objects.get(tool);
  if (!t) return blocked(`there is no object ${tool}`);
  const held = hold(ctx, tool);
  if (held) return held;
  if (soakAt && !t.states.soaked) return atRunningWater(ctx, soakAt) ?? act({ type: "soak", object: tool });
  return within(ctx, target) ?? act({ type: "clean", object: target, tool }, true);
}

import type { Action } from "../../sim/actions.ts";
import type { ObservedObject } from "../../sim/observation.ts";
import { hypot2 } from "../../sim/geometry/hypot.ts";
import type { Belief } from "./belief.ts";
import { STATE_ACTIONS, type Literal } from "./literal.ts";
import { roomHops } from "./search.ts";
import { at, type SkillContext, type SkillStep } from "./skills.ts";

/**
 * State changes the way a person does them, from what the agent has seen: the tool or appliance a state
 * needs is chosen among the observed objects by their `abilities` — a cleaning tool (`cleaning_tool`) or a
 * cleaner (`cleaner`) to clean, a towel (`dryer`) to dry, a knife (`slicer`) to slice, a sink (`water_source`)
 * to soak, a stove or oven (`heat_source`) to cook or heat, a fridge (`cold_source`) to freeze. The tool is fetched
 * and held; the object is carried to the water, heat or cold; the appliance is switched on; then the agent acts.
 *
 * Each function answers one step: the next action, or why it cannot — `lacking` when no suitable helper has
 * been observed (so searching may find one), `handFull` when the hand must be emptied first.
 */

/** What the explorer learnt from feedback about tools (see {@link ProgressMemory}). */
export interface ToolHints {
  /** `tool|pred` pairs the simulator refused ("… is not a cleaning tool", "does not remove dust"). */
  refused: ReadonlySet<string>;
  /** Cleaning tools the simulator said must be soaked first ("… is dry and stains need water or soap"). */
  wetFirst: ReadonlySet<string>;
}

const NO_HINTS: ToolHints = { refused: new Set(), wetFirst: new Set() };

/** A step of a state change; a blocked one may say a helper is missing or the hand must be emptied. */
export type StateStep = { action: Action } | { blocked: string; lacking?: string; handFull?: true };

/** The state predicates whose change needs a tool or an appliance (the others are a plain open/toggle). */
const TOOL_STATES = new Set(["dusty", "stained", "dirty", "soaked", "cooked", "hot", "frozen", "sliced"]);

/** Whether the literal is a state change this module handles. */
export function isToolState(l: Literal): boolean {
  return l.args.length === 1 && TOOL_STATES.has(l.pred) && l.pred in STATE_ACTIONS;
}

/** Observed objects with `ability` (and passing `keep`), nearest first: the agent's room by distance, then by door hops. */
export function nearestWith(belief: Belief, ability: string, keep: (o: ObservedObject) => boolean = () => true): ObservedObject[] {
  const hops = roomHops(belief.obs);
  const pos = belief.obs.agent.position;
  return belief
    .objects()
    .filter((o) => o.abilities.includes(ability) && hops.has(o.room) && keep(o))
    .map((o) => ({ o, h: hops.get(o.room)!, d: hypot2(o.box.center.x - pos.x, o.box.center.y - pos.y) }))
    .sort((a, b) => a.h - b.h || a.d - b.d || (a.o.id < b.o.id ? -1 : 1))
    .map((x) => x.o);
}

/** The appliance with `ability` that `id` is seen in or on (through a pan or plate: up to three supports), or null. */
export function applianceAround(belief: Belief, id: string, ability: string, relations: readonly string[] = ["inside", "ontop"]): ObservedObject | null {
  let rel = belief.object(id)?.relation;
  for (let depth = 0; rel && depth < 3; depth++) {
    if (rel.type !== "inside" && rel.type !== "ontop") return null;
    const t = belief.object(rel.target);
    if (!t) return null;
    if (t.abilities.includes(ability) && relations.includes(rel.type)) return t;
    rel = t.relation;
  }
  return null;
}

/** Switched off, as the simulator reads it: toggleable and not on (an appliance without a switch is always on). */
export function isOff(o: ObservedObject): boolean {
  return o.abilities.includes("toggleable") && !o.states.toggled_on;
}

/**
 * The tool to clean `l`'s object with, and whether it must be soaked first. Dust: any cleaning tool.
 * Stains and dirt: a soaked cleaning tool or a cleaner, else a soakable cleaning tool to wet at a sink
 * (when a sink has been seen). What is in hand comes first, then the nearest.
 */
export function cleaningTool(belief: Belief, l: Literal, hints: ToolHints = NO_HINTS): { tool: string; soak: boolean } | null {
  const target = l.args[0]!;
  const held = belief.obs.agent.holding;
  const usable = (o: ObservedObject) => o.kind === "carryable" && o.id !== target && !hints.refused.has(`${o.id}|${l.pred}`);
  const order = (list: ObservedObject[]) => [...list.filter((o) => o.id === held), ...list.filter((o) => o.id !== held)];
  if (l.pred === "dusty") {
    const tool = order(nearestWith(belief, "cleaning_tool", usable))[0];
    return tool ? { tool: tool.id, soak: false } : null;
  }
  const wet = (o: ObservedObject) => !!o.states.soaked && !hints.wetFirst.has(o.id);
  // a soaked cleaning tool takes dust off too: before a cleaner
  const ready = order([...nearestWith(belief, "cleaning_tool", (o) => usable(o) && wet(o)), ...nearestWith(belief, "cleaner", usable)]);
  const haveWater = nearestWith(belief, "water_source", (o) => o.kind === "fixed").length > 0;
  const wettable = haveWater ? order(nearestWith(belief, "cleaning_tool", (o) => usable(o) && !wet(o) && o.abilities.includes("soakable"))) : [];
  // a tool in hand that only needs wetting beats walking to another one
  const pick = ready[0]?.id === held ? ready[0] : wettable[0]?.id === held && held ? wettable[0] : (ready[0] ?? wettable[0]);
  if (!pick) return null;
  return { tool: pick.id, soak: !ready.includes(pick) };
}

/** The carryable object with `ability` (other than `x`, passing `keep`) to use on `x`: the one in hand, else the nearest. */
function toolFor(belief: Belief, ability: string, x: string, keep: (o: ObservedObject) => boolean = () => true): ObservedObject | null {
  const held = belief.obs.agent.holding;
  const tools = nearestWith(belief, ability, (o) => o.kind === "carryable" && o.id !== x && keep(o));
  return tools.find((o) => o.id === held) ?? tools[0] ?? null;
}

/** The towel (a held `dryer` other than the object) to dry `x` with, in hand first, else the nearest. */
export function dryingTool(belief: Belief, x: string, hints: ToolHints = NO_HINTS): string | null {
  return toolFor(belief, "dryer", x, (o) => !hints.refused.has(`${o.id}|soaked`))?.id ?? null;
}

/** The knife to slice with: in hand first, else the nearest. */
export function slicingTool(belief: Belief, x: string): string | null {
  return toolFor(belief, "slicer", x)?.id ?? null;
}

/**
 * Where `x` must be for a state that needs an appliance (cooked → heat, frozen → cold, soaked → water): the
 * one it is in or on already, else the nearest seen (fixed, so it stays put).
 */
export function applianceFor(belief: Belief, x: string, ability: string, relations?: readonly string[]): { appliance: ObservedObject; there: boolean } | null {
  const around = applianceAround(belief, x, ability, relations);
  if (around) return { appliance: around, there: true };
  const near = nearestWith(belief, ability, (o) => o.kind === "fixed" && o.id !== x)[0];
  return near ? { appliance: near, there: false } : null;
}

/** Holds `tool`: picks it up when the hand is empty. */
function holding(ctx: SkillContext, tool: string): StateStep | null {
  const held = ctx.belief.obs.agent.holding;
  if (held === tool) return null;
  if (held) return { blocked: `hand full: put ${held} down to take ${tool}`, handFull: true };
  return at(ctx, tool, { type: "pick", object: tool });
}

/** Switches the appliance on (walking up to it) when it is off. */
function switchedOn(ctx: SkillContext, appliance: ObservedObject): StateStep | null {
  return isOff(appliance) ? at(ctx, appliance.id, { type: "toggle_on", object: appliance.id }) : null;
}

/** Puts the held `x` in or on the appliance: inside what has an interior (opening it first), on top of the rest. */
function placeIn(ctx: SkillContext, x: string, appliance: ObservedObject): StateStep {
  const inside = appliance.abilities.includes("container");
  if (inside && appliance.abilities.includes("openable") && !appliance.states.open) return at(ctx, appliance.id, { type: "open", object: appliance.id });
  return at(ctx, appliance.id, { type: "place", object: x, relation: inside ? "inside" : "ontop", target: appliance.id });
}

/** Carries `x` to the appliance: picks it up, then places it in or on. */
function bring(ctx: SkillContext, x: string, appliance: ObservedObject): StateStep {
  const o = ctx.belief.object(x)!;
  if (o.kind !== "carryable") return { blocked: `${x} cannot be carried to ${appliance.id}` };
  return holding(ctx, x) ?? placeIn(ctx, x, appliance);
}

/** Next step towards a state literal that needs a tool or an appliance (see {@link isToolState}). */
export function changeState(ctx: SkillContext, l: Literal, hints: ToolHints = NO_HINTS): StateStep {
  const { belief } = ctx;
  const x = l.args[0]!;
  const o = belief.object(x);
  if (!o) return { blocked: `${x} not observed yet` };
  const act = (type: Action["type"], extra: Record<string, string> = {}) => at(ctx, x, { type, object: x, ...extra } as Action);
  switch (l.pred) {
    case "dusty":
    case "stained":
    case "dirty": {
      if (l.positive) return { blocked: `no action makes ${x} ${l.pred}` };
      const choice = cleaningTool(belief, l, hints);
      if (!choice) return { blocked: `no cleaning tool seen for ${x}`, lacking: l.pred === "dusty" ? "cleaning_tool" : "cleaner" };
      const hold = holding(ctx, choice.tool);
      if (hold) return hold;
      if (choice.soak) return soakHeld(ctx, choice.tool);
      return act("clean", { tool: choice.tool });
    }
    case "soaked": {
      if (!l.positive) {
        const towel = dryingTool(belief, x, hints);
        if (!towel) return { blocked: `no towel seen to dry ${x}`, lacking: "dryer" };
        if (belief.obs.agent.holding === x) return { blocked: `put ${x} down to dry it`, handFull: true };
        return holding(ctx, towel) ?? act("dry");
      }
      if (o.kind === "carryable") return holding(ctx, x) ?? soakHeld(ctx, x);
      const water = applianceAround(belief, x, "water_source");
      if (water) return switchedOn(ctx, water) ?? act("soak");
      // what stays where it is (flowers in a bed) is watered from a water source carried to it: a watering can
      const can = wateringCan(belief, x);
      if (!can) return { blocked: `no watering can seen to water ${x}`, lacking: "water_source" };
      return switchedOn(ctx, can) ?? holding(ctx, can.id) ?? act("soak");
    }
    case "cooked": {
      if (!l.positive) return { blocked: `no action uncooks ${x}` };
      const heat = applianceFor(belief, x, "heat_source");
      if (!heat) return { blocked: `no stove or oven seen to cook ${x}`, lacking: "heat_source" };
      if (!heat.there) return bring(ctx, x, heat.appliance);
      return switchedOn(ctx, heat.appliance) ?? act("cook");
    }
    case "hot": {
      const heat = applianceFor(belief, x, "heat_source");
      if (!l.positive) {
        // off the heat first: taken in hand, it cools there
        if (heat?.there && !isOff(heat.appliance)) return holding(ctx, x) ?? act("cool");
        return act("cool");
      }
      if (!heat) return { blocked: `no stove or oven seen to heat ${x}`, lacking: "heat_source" };
      if (!heat.there) return bring(ctx, x, heat.appliance);
      return switchedOn(ctx, heat.appliance) ?? act("heat");
    }
    case "frozen": {
      const cold = applianceFor(belief, x, "cold_source", ["inside"]);
      if (!l.positive) {
        // out of a running fridge first: taken in hand, it thaws there
        if (cold?.there && !isOff(cold.appliance)) return holding(ctx, x) ?? act("unfreeze");
        return act("unfreeze");
      }
      if (!cold) return { blocked: `no fridge or freezer seen to freeze ${x}`, lacking: "cold_source" };
      if (!cold.there) return bring(ctx, x, cold.appliance);
      return switchedOn(ctx, cold.appliance) ?? act("freeze");
    }
    case "sliced": {
      if (!l.positive) return { blocked: `no action unslices ${x}` };
      if (belief.obs.agent.holding === x) return { blocked: `put ${x} down to slice it`, handFull: true };
      const knife = slicingTool(belief, x);
      if (!knife) return { blocked: `no knife seen to slice ${x}`, lacking: "slicer" };
      return holding(ctx, knife) ?? act("slice");
    }
    default:
      return { blocked: `${l.pred} is not a tool state` };
  }
}

/** The carryable water source (a watering can) to water `x` with: the one in hand, else the nearest. */
export function wateringCan(belief: Belief, x: string): ObservedObject | null {
  return toolFor(belief, "water_source", x);
}

/** Soaks the held object at the nearest sink: walks there, switches the water on, soaks. */
function soakHeld(ctx: SkillContext, held: string): StateStep {
  const sink = nearestWith(ctx.belief, "water_source", (o) => o.kind === "fixed")[0];
  if (!sink) return { blocked: `no sink seen to soak ${held}`, lacking: "water_source" };
  return switchedOn(ctx, sink) ?? at(ctx, sink.id, { type: "soak", object: held });
}

/** Whether working on `l` moves its object to an appliance (or out of one): done before placing the object where the goal wants it. */
export function movesObject(belief: Belief, l: Literal): boolean {
  const x = l.args[0]!;
  if (!isToolState(l) || belief.object(x)?.kind !== "carryable") return false;
  if (l.positive) return l.pred === "cooked" || l.pred === "hot" || l.pred === "frozen" || l.pred === "soaked";
  if (l.pred === "hot") {
    const heat = applianceAround(belief, x, "heat_source");
    return !!heat && !isOff(heat);
  }
  return l.pred === "frozen" && !!applianceAround(belief, x, "cold_source", ["inside"]);
}

/** The objects `l`'s state change would use as tools (held while acting), so a held tool is not put away too soon. */
export function usesHeld(belief: Belief, l: Literal, held: string, hints: ToolHints = NO_HINTS): boolean {
  const x = l.args[0]!;
  if (x === held) return movesObject(belief, l);
  switch (l.pred) {
    case "dusty":
    case "stained":
    case "dirty":
      return !l.positive && cleaningTool(belief, l, hints)?.tool === held;
    case "soaked":
      if (l.positive) return belief.object(x)?.kind !== "carryable" && !applianceAround(belief, x, "water_source") && wateringCan(belief, x)?.id === held;
      return dryingTool(belief, x, hints) === held;
    case "sliced":
      return l.positive && slicingTool(belief, x) === held;
    default:
      return false;
  }
}

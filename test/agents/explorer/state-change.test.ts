/**
 * How the explorer chooses tools and appliances for state changes, from hand-made observations: the
 * choice by observed abilities (cleaning tool, cleaner, towel, knife, sink, stove, fridge), each step of
 * fetching, carrying, switching on and acting, and what it learns from `missing_step` feedback.
 */
import { describe, expect, it } from "vitest";
import { ExplorerAgent } from "../../../agents/explorer/explorer-agent.ts";
import { ProgressMemory } from "../../../agents/explorer/progress-memory.ts";
import { changeState, cleaningTool, dryingTool, isToolState, movesObject, slicingTool, usesHeld } from "../../../agents/explorer/state-change.ts";
import type { Literal } from "../../../agents/explorer/literal.ts";
import type { ObservedObject, Observation } from "../../../sim/observation.ts";
import { beliefOf, obj, observation, roomsInLine, task } from "./fixtures.ts";

const rooms = roomsInLine("kitchen", "hall").map((r) => ({ ...r, explored: r.id === "kitchen" }));
const not = (pred: string, x: string): Literal => ({ pred, args: [x], positive: false });
const is = (pred: string, x: string): Literal => ({ pred, args: [x], positive: true });

// the agent stands at (0.2, 0.2): things at x ≤ 0.9 are within reach, the rest a walk away
const plate = obj("plate", "plate.n.04", "kitchen", { x: 0.6, y: 0.6, states: { dusty: true, stained: true } });
const rag = obj("rag", "rag.n.01", "kitchen", { x: 3, y: 1, abilities: ["cleaning_tool", "soakable", "dryer"] });
const brush = obj("brush", "scrub_brush.n.01", "kitchen", { x: 2, y: 1, abilities: ["cleaning_tool"] });
const soap = obj("soap", "soap.n.01", "kitchen", { x: 3.5, y: 1, abilities: ["cleaner"] });
const sink = obj("sink", "sink.n.01", "kitchen", { kind: "fixed", x: 3, y: 3, abilities: ["container", "toggleable", "water_source"], states: { toggled_on: false } });
const stove = obj("stove", "stove.n.01", "kitchen", { kind: "fixed", x: 3, y: 0.5, abilities: ["toggleable", "heat_source"], states: { toggled_on: false } });
const fridge = obj("fridge", "electric_refrigerator.n.01", "kitchen", { kind: "fixed", x: 0.5, y: 3, abilities: ["container", "openable", "cold_source"], states: { open: false } });
const knife = obj("knife", "carving_knife.n.01", "kitchen", { x: 2.5, y: 2, abilities: ["slicer"] });
const apple = obj("apple", "apple.n.01", "kitchen", { x: 0.6, y: 0.6, abilities: ["cookable", "freezable", "sliceable"] });

function seen(objects: ObservedObject[], agent: Partial<Observation["agent"]> = {}): ReturnType<typeof beliefOf> {
  const base = observation(rooms, objects);
  return beliefOf({ ...base, agent: { ...base.agent, ...agent } });
}
const ctxOf = (objects: ObservedObject[], agent: Partial<Observation["agent"]> = {}) => ({ belief: seen(objects, agent), near: null });

describe("choosing a tool by its abilities", () => {
  it("dusts with the nearest cleaning tool, but keeps the one in hand", () => {
    expect(cleaningTool(seen([plate, rag, brush]), not("dusty", "plate"))).toEqual({ tool: "brush", soak: false });
    expect(cleaningTool(seen([plate, rag, brush], { holding: "rag" }), not("dusty", "plate"))).toEqual({ tool: "rag", soak: false });
    // a cleaner alone does not take dust off
    expect(cleaningTool(seen([plate, soap]), not("dusty", "plate"))).toBeNull();
  });

  it("takes stains off with a cleaner or a soaked tool; a dry soakable tool is wetted at a sink it has seen", () => {
    expect(cleaningTool(seen([plate, rag, soap, sink]), not("stained", "plate"))).toEqual({ tool: "soap", soak: false });
    expect(cleaningTool(seen([plate, { ...rag, states: { soaked: true } }, soap]), not("stained", "plate"))).toEqual({ tool: "rag", soak: false });
    expect(cleaningTool(seen([plate, rag, sink]), not("stained", "plate"))).toEqual({ tool: "rag", soak: true });
    // no sink seen: a dry rag is no use on stains, and a brush cannot be soaked
    expect(cleaningTool(seen([plate, rag, brush]), not("stained", "plate"))).toBeNull();
    // the rag in hand only needs wetting: better than walking to the soap
    expect(cleaningTool(seen([plate, rag, soap, sink], { holding: "rag" }), not("stained", "plate"))).toEqual({ tool: "rag", soak: true });
  });

  it("leaves out tools the simulator refused, and a tool it said is too dry", () => {
    const hints = { refused: new Set(["brush|dusty"]), wetFirst: new Set(["rag"]) };
    expect(cleaningTool(seen([plate, rag, brush]), not("dusty", "plate"), hints)).toEqual({ tool: "rag", soak: false });
    expect(cleaningTool(seen([plate, { ...rag, states: { soaked: true } }, sink]), not("stained", "plate"), hints)).toEqual({ tool: "rag", soak: true });
  });

  it("dries with a towel other than the object, slices with a knife, never uses the object on itself", () => {
    const towel = obj("towel", "towel.n.01", "kitchen", { x: 2, y: 2, abilities: ["cleaning_tool", "soakable", "dryer"] });
    expect(dryingTool(seen([rag, towel]), "rag")).toBe("towel");
    expect(dryingTool(seen([rag]), "rag")).toBeNull();
    expect(slicingTool(seen([apple, knife]), "apple")).toBe("knife");
    expect(slicingTool(seen([apple]), "apple")).toBeNull();
  });

  it("tells the tool states from plain switching and opening", () => {
    expect(isToolState(not("dusty", "plate"))).toBe(true);
    expect(isToolState(is("cooked", "apple"))).toBe(true);
    expect(isToolState(is("toggled_on", "stove"))).toBe(false);
    expect(isToolState(not("open", "fridge"))).toBe(false);
  });
});

describe("the steps of a state change", () => {
  it("cleans: fetches the rag, wets it at the sink (switching the water on), then cleans", () => {
    expect(changeState(ctxOf([plate, rag, sink]), not("stained", "plate"))).toEqual({ action: { type: "navigate", target: "rag" } });
    expect(changeState({ ...ctxOf([plate, rag, sink]), near: "rag" }, not("stained", "plate"))).toEqual({ action: { type: "pick", object: "rag" } });
    const holding = ctxOf([plate, { ...rag, relation: null }, sink], { holding: "rag" });
    expect(changeState(holding, not("stained", "plate"))).toEqual({ action: { type: "navigate", target: "sink" } });
    expect(changeState({ ...holding, near: "sink" }, not("stained", "plate"))).toEqual({ action: { type: "toggle_on", object: "sink" } });
    const running = ctxOf([plate, rag, { ...sink, states: { toggled_on: true } }], { holding: "rag" });
    expect(changeState({ ...running, near: "sink" }, not("stained", "plate"))).toEqual({ action: { type: "soak", object: "rag" } });
    const wet = ctxOf([plate, { ...rag, states: { soaked: true } }, sink], { holding: "rag" });
    expect(changeState(wet, not("stained", "plate"))).toEqual({ action: { type: "clean", object: "plate", tool: "rag" } });
  });

  it("says what it lacks (a tool to search for) and when the hand must be emptied first", () => {
    expect(changeState(ctxOf([plate]), not("dusty", "plate"))).toMatchObject({ lacking: "cleaning_tool" });
    expect(changeState(ctxOf([plate, brush, apple], { holding: "apple" }), not("dusty", "plate"))).toMatchObject({ handFull: true });
    expect(changeState(ctxOf([apple, knife], { holding: "apple" }), is("sliced", "apple"))).toMatchObject({ handFull: true });
    expect(changeState(ctxOf([apple]), is("cooked", "apple"))).toMatchObject({ lacking: "heat_source" });
  });

  it("cooks: carries the food onto the stove, switches it on, cooks", () => {
    expect(changeState({ ...ctxOf([apple, stove]) }, is("cooked", "apple"))).toEqual({ action: { type: "pick", object: "apple" } });
    expect(changeState(ctxOf([{ ...apple, relation: null }, stove], { holding: "apple" }), is("cooked", "apple"))).toEqual({ action: { type: "navigate", target: "stove" } });
    expect(changeState({ ...ctxOf([{ ...apple, relation: null }, stove], { holding: "apple" }), near: "stove" }, is("cooked", "apple"))).toEqual({
      action: { type: "place", object: "apple", relation: "ontop", target: "stove" },
    });
    const onStove = { ...apple, x: 3, y: 0.5, relation: { type: "ontop" as const, target: "stove" } };
    expect(changeState({ ...ctxOf([onStove, stove]), near: "stove" }, is("cooked", "apple"))).toEqual({ action: { type: "toggle_on", object: "stove" } });
    expect(changeState({ ...ctxOf([onStove, { ...stove, states: { toggled_on: true } }]), near: "apple" }, is("cooked", "apple"))).toEqual({ action: { type: "cook", object: "apple" } });
  });

  it("freezes: opens the fridge to put the food inside, then freezes it; thaws by taking it out", () => {
    const held = { ...ctxOf([{ ...apple, relation: null }, fridge], { holding: "apple" }), near: "fridge" };
    expect(changeState(held, is("frozen", "apple"))).toEqual({ action: { type: "open", object: "fridge" } });
    const open = { ...fridge, states: { open: true } };
    expect(changeState({ ...ctxOf([{ ...apple, relation: null }, open], { holding: "apple" }), near: "fridge" }, is("frozen", "apple"))).toEqual({
      action: { type: "place", object: "apple", relation: "inside", target: "fridge" },
    });
    const inside = { ...apple, states: { frozen: true }, relation: { type: "inside" as const, target: "fridge" } };
    expect(changeState({ ...ctxOf([inside, open]), near: "apple" }, is("frozen", "apple"))).toMatchObject({ action: { type: "freeze" } });
    expect(changeState({ ...ctxOf([inside, open]), near: "apple" }, not("frozen", "apple"))).toEqual({ action: { type: "pick", object: "apple" } });
    expect(changeState(ctxOf([{ ...inside, relation: null }, open], { holding: "apple" }), not("frozen", "apple"))).toEqual({ action: { type: "unfreeze", object: "apple" } });
  });

  it("slices holding a knife; dries holding a towel", () => {
    expect(changeState(ctxOf([apple, knife], { holding: "knife" }), is("sliced", "apple"))).toEqual({ action: { type: "slice", object: "apple" } });
    const wetShirt = obj("shirt", "shirt.n.01", "kitchen", { x: 0.6, y: 0.6, states: { soaked: true } });
    expect(changeState(ctxOf([wetShirt, rag], { holding: "rag" }), not("soaked", "shirt"))).toEqual({ action: { type: "dry", object: "shirt" } });
  });

  it("knows which literals carry their object and which use the held tool", () => {
    const b = seen([apple, rag, stove, plate, sink], { holding: "rag" });
    expect(movesObject(b, is("cooked", "apple"))).toBe(true);
    expect(movesObject(b, not("dusty", "plate"))).toBe(false);
    expect(usesHeld(b, not("dusty", "plate"), "rag")).toBe(true);
    expect(usesHeld(b, is("cooked", "apple"), "rag")).toBe(false);
  });
});

describe("learning from feedback", () => {
  it("remembers an appliance that must be switched on and tools refused or too dry", () => {
    const m = new ProgressMemory();
    const b = seen([plate, rag, sink]);
    const fail = (action: Observation["lastAction"], error: "missing_step" | "affordance", message: string, literal?: string) => {
      m.remember({ action: action!, literal });
      m.learn(observation(rooms, [], { lastAction: action, lastFeedback: { ok: false, error, message } }), b.observed);
    };
    fail({ type: "soak", object: "rag" }, "missing_step", "sink is off — toggle it on first to soak rag");
    expect(m.mustSwitchOn).toBe("sink");
    fail({ type: "clean", object: "plate", tool: "rag" }, "missing_step", "rag is dry and stains need water or soap — soak it first, or use a cleaner", "not stained(plate)");
    expect(m.wetFirst.has("rag")).toBe(true);
    fail({ type: "clean", object: "plate", tool: "brush" }, "affordance", "brush does not remove dust — use a cleaning tool such as a rag or brush", "not dusty(plate)");
    expect(m.refused.has("brush|dusty")).toBe(true);
    m.remember({ action: { type: "toggle_on", object: "sink" } });
    m.learn(observation(rooms, [], { lastAction: { type: "toggle_on", object: "sink" }, lastFeedback: { ok: true, error: null, message: "switched sink on" } }), b.observed);
    expect(m.mustSwitchOn).toBeNull();
  });
});

describe("the explorer with tools", () => {
  const t = task("plate.n.04_1 - plate.n.04", "(not (dusty ?plate.n.04_1))", { "plate.n.04_1": "plate" });
  const agentFor = (obs: Observation) => {
    const a = new ExplorerAgent();
    a.reset({ id: "t", instruction: "x", seed: 0 }, obs, { conditions: [], task: t });
    return a;
  };

  it("fetches a cleaning tool instead of cleaning empty-handed", () => {
    const obs = observation(rooms, [plate, brush]);
    expect(agentFor(obs).act(obs)).toEqual({ type: "navigate", target: "brush" });
  });

  it("searches for a cleaning tool it has not seen rather than giving up", () => {
    const obs = observation(rooms, [plate]);
    expect(agentFor(obs).act(obs)).toEqual({ type: "explore", room: "hall" });
  });

  it("keeps the tool in hand while it is of use, then puts it down", () => {
    const holding = (dusty: boolean) => {
      const table = obj("table", "table.n.02", "kitchen", { kind: "fixed", x: 1, y: 2 });
      const base = observation(rooms, [{ ...plate, states: { dusty } }, { ...brush, relation: null }, table]);
      return { ...base, agent: { ...base.agent, holding: "brush" } };
    };
    const a = agentFor(holding(true));
    expect(a.act(holding(true))).toEqual({ type: "clean", object: "plate", tool: "brush" });
    const after = holding(false);
    // done with it: it goes to put the brush down before it stops
    expect(a.act(after)).toEqual({ type: "navigate", target: "table" });
  });
});

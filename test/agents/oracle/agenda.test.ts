/**
 * The agenda's order when a way is under way: ways are ranked by where the agent stands, so walking to one
 * literal's tool can make another tool the best way of that literal, and with it the literal's place in the
 * order. The literal under way keeps the front of its group, and its way the front of its ways; it never
 * jumps ahead of a group that comes first (cleaning_up_the_kitchen_only walked between rag and soap).
 */
import { describe, expect, it } from "vitest";
import type { Achiever, AchieverOption } from "../../../agents/oracle/achievers/achiever.ts";
import { AchieverRegistry } from "../../../agents/oracle/achievers/registry.ts";
import { buildAgenda } from "../../../agents/oracle/agenda.ts";
import { act, type OracleContext } from "../../../agents/oracle/context.ts";
import { FailureMemory } from "../../../agents/oracle/failure-memory.ts";
import { groundLiteral, literalKey, type GroundLiteral } from "../../../agents/oracle/literal.ts";
import type { ConditionPlan } from "../../../agents/oracle/planner/goal-planner.ts";
import { LiteralSet } from "../../../agents/oracle/planner/literal-set.ts";
import { loadWorld } from "../../../sim/world/load-world.ts";
import { house } from "./fixtures.ts";

/** An achiever whose ways (tool ids) come in the order `order()` gives at the time of asking. */
function tools(pred: string, order: () => string[]): Achiever {
  return {
    name: pred,
    predicates: [pred],
    polarity: "both",
    estimate: () => 1,
    options: (lit) => order().map((tool): AchieverOption => ({ key: `clean(${lit.args[0]}, ${tool})`, mover: tool, next: () => act({ type: "done" }) })),
  };
}

describe("buildAgenda with a way under way", () => {
  const world = loadWorld(house(), "house");
  // both dusty and stained are false in the fixture house: `!dusty` and `!stained` literals hold already, so
  // the agenda works on the positive ones (the order logic does not look at the predicate)
  const dusty = groundLiteral("dusty", ["cabinet_1"], true);
  const stained = groundLiteral("stained", ["bowl_1"], true);
  const plans = (lits: GroundLiteral[]): ConditionPlan[] => lits.map((l, index) => ({ index, holds: false, choice: { literals: [l], cost: 1 } }));
  // cup_1 (the rag) and book_1 (the soap) have things placed relative to them; apple_1 (the dustpan) does not
  const committed = LiteralSet.empty().with([groundLiteral("ontop", ["apple_2", "cup_1"], true), groundLiteral("ontop", ["apple_3", "book_1"], true)]);
  const ctx: OracleContext = { world, observed: new Set(), explored: new Set(), failures: new FailureMemory(), committed };
  // standing at the rag, the dustpan is the dusty literal's best way
  const registry = new AchieverRegistry([tools("dusty", () => ["apple_1", "cup_1"]), tools("stained", () => ["book_1"])]);
  const keys = (route?: { lit: string; optionKey: string }) => buildAgenda(plans([dusty, stained]), ctx, registry, undefined, route).map((i) => `${literalKey(i.lit)} ${i.options.map((o) => o.mover).join(",")}`);

  it("without one, ranks a literal by its best way (here below the other: its best tool carries no commitments)", () => {
    expect(keys()).toEqual(["stained(bowl_1) book_1", "dusty(cabinet_1) apple_1,cup_1"]);
  });

  it("puts the literal under way first in its group, with its way first", () => {
    expect(keys({ lit: "dusty(cabinet_1)", optionKey: "clean(cabinet_1, cup_1)" })).toEqual(["dusty(cabinet_1) cup_1,apple_1", "stained(bowl_1) book_1"]);
  });

  it("does not let it jump ahead of an earlier group", () => {
    // closing a container comes last of all: a route to it does not put it before the others
    const closing = groundLiteral("open", ["fridge_1"], false);
    const openWorld = loadWorld(house((s) => (s.objects.find((o) => o.id === "fridge_1")!.states = { open: true })), "house");
    const reg = new AchieverRegistry([tools("dusty", () => ["apple_1", "cup_1"]), tools("open", () => ["fridge_1"])]);
    const agenda = buildAgenda(plans([dusty, closing]), { ...ctx, world: openWorld }, reg, undefined, { lit: "!open(fridge_1)", optionKey: "clean(fridge_1, fridge_1)" });
    expect(agenda.map((i) => literalKey(i.lit))).toEqual(["dusty(cabinet_1)", "!open(fridge_1)"]);
  });
});

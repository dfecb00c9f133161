import { describe, expect, it } from "vitest";
import type { Achiever } from "../../../../agents/oracle/achievers/achiever.ts";
import { AchieverRegistry, DEFAULT_ACHIEVERS } from "../../../../agents/oracle/achievers/registry.ts";
import { displaceAchiever } from "../../../../agents/oracle/achievers/displace.ts";
import { openStateAchiever } from "../../../../agents/oracle/achievers/open-state.ts";
import { placeRelationAchiever } from "../../../../agents/oracle/achievers/place-relation.ts";
import { toggleStateAchiever } from "../../../../agents/oracle/achievers/toggle-state.ts";
import { act } from "../../../../agents/oracle/context.ts";
import { ensureObserved, reach } from "../../../../agents/oracle/skills/observe.ts";
import { observedObject, isOutcome, withinReach } from "../../../../sim/subpolicies/preconditions.ts";
import { createDefaultRegistry } from "../../../../sim/subpolicies/registry.ts";
import { success, type Subpolicy } from "../../../../sim/subpolicies/subpolicy.ts";
import { house, runOracle, task } from "../fixtures.ts";

/** The spatial, open and toggle achievers, without any state achiever. */
const CORE = [placeRelationAchiever, displaceAchiever, openStateAchiever, toggleStateAchiever];

const lit = (pred: string, positive: boolean, ...args: string[]) => ({ pred, args, positive });

/** A state achiever as another person would add one: `cooked x` by walking up to x and cooking it. */
const cookAchiever: Achiever = {
  name: "cook",
  predicates: ["cooked"],
  polarity: "positive",
  estimate: () => 1,
  options: (l) => [{ key: `cook(${l.args[0]})`, next: (c) => ensureObserved(c, l.args[0]!) ?? reach(c, l.args[0]!) ?? act({ type: "cook", object: l.args[0]! }, true) }],
};

/** A stand-in simulator subpolicy for `cook`: the object must be observed and within reach. */
const cookSubpolicy: Subpolicy<"cook"> = {
  type: "cook",
  description: "cook an object within reach (test stand-in)",
  apply(ctx, action) {
    const o = observedObject(ctx, action.object);
    if (isOutcome(o)) return o;
    const far = withinReach(ctx, o);
    if (far) return far;
    return success(`cooked ${o.id}`, { changed: ctx.world.setState(o.id, "cooked", true) });
  },
};

describe("AchieverRegistry", () => {
  it("finds the achiever by predicate and sign", () => {
    const r = new AchieverRegistry(CORE);
    expect(r.find(lit("inside", true, "a", "b"))?.name).toBe("place-relation");
    expect(r.find(lit("inside", false, "a", "b"))?.name).toBe("displace");
    expect(r.find(lit("open", true, "a"))?.name).toBe("open-state");
    expect(r.find(lit("open", false, "a"))?.name).toBe("open-state");
    expect(r.find(lit("toggled_on", false, "a"))?.name).toBe("toggle-state");
    expect(r.find(lit("cooked", true, "a"))).toBeUndefined();
  });

  it("registers every predicate of the default list", () => {
    const r = new AchieverRegistry(DEFAULT_ACHIEVERS);
    for (const a of DEFAULT_ACHIEVERS) for (const pred of a.predicates) expect(r.find(lit(pred, a.polarity !== "negative", "a", "b"))).toBeDefined();
  });

  it("takes a later achiever for the same predicate and sign, leaving the other sign alone", () => {
    const replacement: Achiever = { ...cookAchiever, name: "mine", predicates: ["inside"], polarity: "positive" };
    const r = new AchieverRegistry([...CORE, replacement]);
    expect(r.find(lit("inside", true, "a", "b"))?.name).toBe("mine");
    expect(r.find(lit("inside", false, "a", "b"))?.name).toBe("displace");
  });

  it("lets the oracle use an added state achiever end to end", () => {
    const t = task("cook-apple", ["apple.n.01_1"], "(cooked apple.n.01_1)");
    const without = runOracle(house(), t, { achievers: CORE });
    expect(without.steps.map((s) => s.action)).toEqual([{ type: "done" }]);
    const run = runOracle(house(), t, { achievers: [...CORE, cookAchiever], registry: createDefaultRegistry().register(cookSubpolicy) });
    expect(run.steps.at(-2)!.action).toEqual({ type: "cook", object: "apple_1" });
    expect(run.steps.at(-1)!.action).toEqual({ type: "done" });
    expect(run.env.tracker.allHold()).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { firstDivergence, summarizeStep } from "../../../harness/compare/divergence.ts";
import { episode } from "../trajectory/builders.ts";

const nav = (target: string) => ({ type: "navigate", target }) as const;

describe("firstDivergence", () => {
  it("is null for trajectories that agree step for step", () => {
    const a = episode().act(nav("kitchen")).done().steps;
    expect(firstDivergence(a, episode().act(nav("kitchen")).done().steps)).toBeNull();
  });

  it("finds the first differing action", () => {
    const a = episode().act(nav("kitchen")).act(nav("garden")).done().steps;
    const b = episode().act(nav("kitchen")).act(nav("garage")).done().steps;
    expect(firstDivergence(a, b)).toMatchObject({ t: 2, base: { action: "navigate(garden)" }, cand: { action: "navigate(garage)" } });
  });

  it("finds a step with the same action but different feedback", () => {
    const a = episode().act({ type: "open", object: "fridge" }).steps;
    const b = episode().fail({ type: "open", object: "fridge" }, "additional_step").steps;
    expect(firstDivergence(a, b)).toMatchObject({ t: 1, base: { feedback: "ok" }, cand: { feedback: "additional_step: failed: additional_step" } });
  });

  it("points at the first extra step when one trajectory is a prefix of the other", () => {
    const a = episode().act(nav("kitchen")).steps;
    const b = episode().act(nav("kitchen")).done().steps;
    expect(firstDivergence(a, b)).toEqual({ t: 2, base: null, cand: { t: 2, action: "done()", feedback: "ok" } });
    expect(firstDivergence(b, a)).toMatchObject({ t: 2, cand: null });
  });

  it("ignores key order inside an action", () => {
    const a = episode().act({ type: "place", object: "a", relation: "ontop", target: "t" }).steps;
    const b = structuredClone(a);
    b[0]!.action = { target: "t", relation: "ontop", object: "a", type: "place" };
    expect(firstDivergence(a, b)).toBeNull();
  });

  it("summarizes an unparseable action by its raw text", () => {
    const step = episode().fail({ type: "invalid", raw: "grab apple" }, "parse").steps[0]!;
    expect(summarizeStep(step)).toEqual({ t: 1, action: 'invalid("grab apple")', feedback: "parse: failed: parse" });
  });
});

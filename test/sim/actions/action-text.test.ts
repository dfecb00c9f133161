import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseAction, parseActionText } from "../../../sim/action-text.ts";
import { formatAction } from "../../../sim/actions.ts";

describe("action text", () => {
  it("parses each form people write", () => {
    expect(parseActionText("navigate(kitchen)")).toEqual({ success: true, data: { type: "navigate", target: "kitchen" } });
    expect(parseActionText(" place( apple_1 , inside, 'fridge_1' ) ")).toEqual({
      success: true,
      data: { type: "place", object: "apple_1", relation: "inside", target: "fridge_1" },
    });
    expect(parseActionText("done()")).toEqual({ success: true, data: { type: "done" } });
    expect(parseActionText("clean(stove_1)").success).toBe(true);
  });
  it("rejects wrong arity, unknown verbs, bad relations and prose", () => {
    for (const bad of ["pick()", "pick(a, b)", "fly(kitchen)", "place(a, over, b)", "I will pick the apple", ""]) {
      const r = parseActionText(bad);
      expect(r.success, bad).toBe(false);
    }
  });
  it("round-trips formatAction for every well-formed action", () => {
    const id = fc.stringMatching(/^[a-z][a-z0-9_.]{0,15}$/);
    const action = fc.oneof(
      id.map((target) => ({ type: "navigate" as const, target })),
      id.map((room) => ({ type: "explore" as const, room })),
      id.map((object) => ({ type: "pick" as const, object })),
      fc.record({ object: id, relation: fc.constantFrom("ontop", "inside", "nextto", "under" as const), target: id }).map((a) => ({ type: "place" as const, ...a })),
      fc.constant({ type: "done" as const }),
    );
    fc.assert(fc.property(action, (a) => {
      expect(parseActionText(formatAction(a))).toEqual({ success: true, data: a });
    }));
  });
  it("never throws on arbitrary input", () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.anything()), (x) => {
      const r = parseAction(x);
      expect(typeof r.success).toBe("boolean");
    }));
  });
});

import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson, diffStep, sameJson } from "../../../harness/replay/step-diff.ts";
import type { StepEvent } from "../../../harness/trajectory/events.ts";

/** Reverses the key order of every object in a JSON value. */
function reverseKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reverseKeys);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reverseKeys(x)]));
  return v;
}

const step = (over: Partial<StepEvent> = {}): StepEvent => ({
  type: "step",
  t: 3,
  action: { type: "pick", object: "apple_1" },
  feedback: { ok: true, error: null, message: "picked apple_1" },
  satisfied: [0],
  observed: [],
  agent: { room: "kitchen", position: { x: 1, y: 2 }, holding: "apple_1" },
  distance: 0,
  changed: { agent: "ab", apple_1: "cd" },
  ...over,
});

describe("sameJson / canonicalJson", () => {
  it("ignores object key order and nothing else", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(sameJson(v, reverseKeys(v))).toBe(true);
        expect(canonicalJson(v)).toBe(canonicalJson(JSON.parse(JSON.stringify(v))));
      }),
    );
  });
  it("agrees with deep equality of the JSON values", () => {
    const asJson = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;
    const values = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom<unknown>({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 }, { a: 1, b: [2, 1] }));
    fc.assert(
      fc.property(values, values, (a, b) => {
        expect(sameJson(a, b)).toBe(isDeepStrictEqual(asJson(a), asJson(b)));
      }),
    );
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: null })).toBe(false);
  });
});

describe("diffStep", () => {
  it("is empty for the same step, whatever the key order, agent info or timestamp", () => {
    expect(diffStep(step(), reverseKeys(step({ ts: "x", info: { tokens: 3 } })) as StepEvent)).toEqual([]);
  });
  it("lists each differing simulator field with expected (log) and got (replay)", () => {
    const got = step({ feedback: { ok: false, error: "affordance", message: "cannot" }, changed: {}, satisfied: [] });
    expect(diffStep(step(), got)).toEqual([
      { field: "feedback", expected: step().feedback, got: got.feedback },
      { field: "satisfied", expected: [0], got: [] },
      { field: "changed", expected: step().changed, got: {} },
    ]);
  });
});

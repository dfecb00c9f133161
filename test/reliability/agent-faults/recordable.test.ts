/**
 * What an agent returns is copied to bounded plain JSON before the simulator and the trajectory see it
 * (harness/trajectory/recordable.ts): plain JSON comes back unchanged, anything else becomes JSON that
 * serialises, stays small, and cannot pass for an action's object id.
 */
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeThrown, RECORD_LIMITS, recordable } from "../../../harness/trajectory/recordable.ts";
import { GARBAGE } from "../../fixtures/faulty/faulty-agent.ts";

describe("recordable", () => {
  it("returns small plain JSON unchanged (every well-formed action, every observation-sized value)", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (v) => {
        // JSON itself turns -0 into 0; that is the only change a JSON round trip makes to these
        expect(recordable(v)).toEqual(JSON.parse(JSON.stringify(v)));
      }),
      { numRuns: 500 },
    );
  });

  it("copies flat records (an action, step info) as the full walk does", () => {
    // limits equal to the defaults but not the same object take the walk, never the flat copy
    const walked = { ...RECORD_LIMITS };
    // mostly values the flat copy takes, so that many records are wholly flat
    const flatValue = fc.oneof(fc.string({ maxLength: 1200 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -0), fc.boolean(), fc.constant(null));
    const otherValue = fc.oneof(
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, undefined, () => 1),
      fc.bigInt(),
      fc.array(fc.integer(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
    );
    const value = fc.oneof({ arbitrary: flatValue, weight: 12 }, { arbitrary: otherValue, weight: 1 });
    const record = fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom("toJSON", "__proto__", "type")), value, { maxKeys: 10 });
    const shaped = fc.oneof(record, record.map((r) => Object.assign(Object.create(null), r)), record.map((r) => new Proxy(r, {})));
    fc.assert(
      fc.property(shaped, (v) => {
        const [flat, walk] = [recordable(v), recordable(v, walked)];
        expect(flat).toStrictEqual(walk);
        expect(isDeepStrictEqual(flat, walk), "-0 and 0 told apart").toBe(true);
      }),
      { numRuns: 1000 },
    );
    // a getter that throws is unreadable either way; an own toJSON is honoured either way
    const throwing = Object.defineProperty({}, "object", { enumerable: true, get: () => { throw new Error("no"); } });
    expect(recordable(throwing)).toStrictEqual(recordable(throwing, walked));
    expect(recordable({ type: "pick", toJSON: () => ({ type: "done" }) })).toEqual({ type: "done" });
    // a Proxy whose prototype trap throws is copied by the walk, which never asks for the prototype
    const noPrototype = new Proxy({ type: "done" }, { getPrototypeOf: () => { throw new Error("no prototype"); } });
    expect(recordable(noPrototype)).toStrictEqual({ type: "done" });
  });

  it("turns anything into JSON that serialises, within the size limit", () => {
    const anything = fc.anything({ withBigInt: true, withMap: true, withSet: true, withDate: true, withTypedArray: true, withSparseArray: true, withNullPrototype: true, withObjectString: true, maxDepth: 8 });
    fc.assert(
      fc.property(anything, (v) => {
        const text = JSON.stringify(recordable(v));
        expect(typeof text).toBe("string");
        expect(text.length).toBeLessThanOrEqual(RECORD_LIMITS.totalLength + 200);
      }),
      { numRuns: 500 },
    );
    for (const g of GARBAGE) expect(JSON.stringify(recordable(g())).length).toBeLessThan(20_000);
  });

  it("marks what JSON cannot hold with objects, never with strings that could name an object", () => {
    const cyclic: Record<string, unknown> = { type: "pick" };
    cyclic.object = cyclic;
    expect(recordable(cyclic)).toEqual({ type: "pick", object: { $circular: true } });
    expect(recordable({ type: "pick", object: 12n })).toEqual({ type: "pick", object: { $bigint: "12" } });
    expect(recordable([[[[1]]]], { ...RECORD_LIMITS, depth: 2 })).toEqual([[{ $nestedTooDeep: true }]]);
    expect(recordable(Array.from({ length: 5 }, (_, i) => i), { ...RECORD_LIMITS, items: 3 })).toEqual([0, 1, 2, { $moreItems: 2 }]);
    expect(recordable("x".repeat(50), { ...RECORD_LIMITS, totalLength: 10 })).toEqual({ $tooLarge: "more than 10 characters as JSON" });
    const trap = new Proxy({}, { ownKeys: () => { throw new Error("no keys for you"); } });
    expect(recordable(trap)).toEqual({ $unreadable: "Error: no keys for you" });
    expect(recordable({ toJSON: () => ({ type: "done" }) })).toEqual({ type: "done" });
    expect(recordable(Object.create({ type: "done" }))).toEqual({}); // inherited fields are not the agent's answer
    const withProto = JSON.parse('{"__proto__": {"x": 1}, "type": "done"}');
    const copy = recordable(withProto) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(["__proto__", "type"]);
  });

  it("describes any thrown value in one bounded line, without throwing", () => {
    const hostile = new Proxy({}, { getPrototypeOf: () => { throw new Error("x"); }, get: () => { throw new Error("y"); } });
    expect(describeThrown(hostile)).toBe("a value that cannot be described");
    expect(describeThrown(new TypeError("bad"))).toBe("TypeError: bad");
    expect(describeThrown("plain")).toBe("plain");
    expect(describeThrown(Object.create(null))).toBe("{}");
    expect(describeThrown(new Error("m".repeat(5000)), 100)).toMatch(/^Error: m{93}… \[4907 more characters\]$/);
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withNullPrototype: true }), (v) => {
        expect(describeThrown(v, 300).length).toBeLessThanOrEqual(330);
      }),
    );
  });
});

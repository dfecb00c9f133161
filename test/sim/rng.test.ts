/** `Rng.shuffleIndices` against the plain `Rng.shuffle` it stands in for: same order, same draws, same state after. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng, SHUFFLE_INDICES_MAX } from "../../sim/rng.ts";

const state = (r: Rng) => JSON.stringify(r);

describe("Rng.shuffleIndices", () => {
  it("leaves 0 … n−1 in Rng.shuffle's order and the generator in the same state", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.oneof(fc.integer(), fc.string()), fc.nat(20), (n, seed, spare) => {
        const [a, b] = [new Rng(seed), new Rng(seed)];
        const into = new Uint32Array(n + spare).fill(7);
        const got = a.shuffleIndices(into, n);
        expect(got).toBe(into);
        expect(Array.from(into.subarray(0, n))).toEqual(b.shuffle(Array.from({ length: n }, (_, i) => i)));
        // entries past n are left alone
        expect(Array.from(into.subarray(n))).toEqual(new Array(spare).fill(7));
        expect(state(a)).toBe(state(b));
        // and the streams go on alike
        expect(a.nextUint32()).toBe(b.nextUint32());
      }),
      { numRuns: 100 },
    );
  });

  it("refuses more indices than the array holds, or than its integer arithmetic is exact for", () => {
    expect(() => new Rng(1).shuffleIndices(new Uint32Array(3), 4)).toThrow(RangeError);
    expect(() => new Rng(1).shuffleIndices(new Uint32Array(SHUFFLE_INDICES_MAX + 1), SHUFFLE_INDICES_MAX + 1)).toThrow(RangeError);
  });

  it("draws the same at the largest count it takes, where the products come closest to 2^53", () => {
    const n = SHUFFLE_INDICES_MAX;
    const [a, b] = [new Rng(7), new Rng(7)];
    const got = a.shuffleIndices(new Uint32Array(n), n);
    const want = b.shuffle(Array.from({ length: n }, (_, i) => i));
    let same = true;
    for (let i = 0; i < n && same; i++) same = got[i] === want[i];
    expect(same).toBe(true);
    expect(state(a)).toBe(state(b));
  });
});

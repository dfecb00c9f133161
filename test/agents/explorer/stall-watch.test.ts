import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { StallWatch } from "../../../agents/explorer/stall-watch.ts";

describe("StallWatch", () => {
  it("stalls after `limit` steps without fewer wanted literals or more seen, not counting search steps", () => {
    const w = new StallWatch(3);
    expect(w.stalled(5, 10, false)).toBe(false); // first standing: progress
    expect(w.stalled(5, 10, false)).toBe(false);
    expect(w.stalled(6, 10, true)).toBe(false); // a search step does not count
    expect(w.stalled(6, 10, false)).toBe(false);
    expect(w.stalled(5, 10, false)).toBe(true); // back to 5 literals is no new best
    expect(w.stalled(4, 10, false)).toBe(false); // a new best resets
    expect(w.stalled(4, 11, false)).toBe(false);
  });

  it("agrees with a plain count over any sequence of standings (property)", () => {
    const step = fc.record({ wanted: fc.integer({ min: 0, max: 6 }), seen: fc.integer({ min: 0, max: 6 }), searched: fc.boolean() });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(step, { maxLength: 40 }), (limit, steps) => {
        const w = new StallWatch(limit);
        let fewest = Infinity;
        let most = -1;
        let run = 0;
        for (const s of steps) {
          const progress = s.wanted < fewest || s.seen > most;
          fewest = Math.min(fewest, s.wanted);
          most = Math.max(most, s.seen);
          run = progress ? 0 : run + (s.searched ? 0 : 1);
          expect(w.stalled(s.wanted, s.seen, s.searched)).toBe(run >= limit);
        }
      }),
    );
  });
});

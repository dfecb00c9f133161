import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateHouse } from "../../../harness/bench/house-generator.ts";
import { loadWorld } from "../../../sim/world/load-world.ts";
import { applyWorldOp, queryAnswers, worldOpArb, worldState } from "./world-state.ts";

describe("World.restore", () => {
  it("after random placements, holds, agent moves and state changes, a restored world = a fresh load, and acts like one", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 20, max: 200 }),
        fc.array(fc.array(worldOpArb, { maxLength: 30 }), { minLength: 1, maxLength: 3 }),
        fc.array(worldOpArb, { maxLength: 15 }),
        (seed, size, episodes, after) => {
          const scene = generateHouse(size, seed).scene;
          const w = loadWorld(scene);
          w.checkpoint();
          const fresh = loadWorld(scene);
          const loaded = worldState(fresh);
          const answers = queryAnswers(fresh);
          // several episodes on the one world, each restored: the checkpoint stays
          for (const ops of episodes) {
            for (const op of ops) applyWorldOp(w, op);
            const version = w.version;
            w.restore();
            expect(w.version).toBeGreaterThan(version);
            expect(worldState(w)).toEqual(loaded);
            expect(queryAnswers(w)).toEqual(answers);
          }
          // hidden state (stale arrays, saved copies shared with the live world) would show from here on
          for (const op of after) {
            expect(applyWorldOp(w, op)).toEqual(applyWorldOp(fresh, op));
            expect(worldState(w)).toEqual(worldState(fresh));
          }
          expect(queryAnswers(w)).toEqual(queryAnswers(fresh));
        },
      ),
      { numRuns: 30 },
    );
  });

  it("a world without a checkpoint, or whose three.js graph was built, cannot be restored", () => {
    const scene = generateHouse(30, 7).scene;
    const plain = loadWorld(scene);
    expect(plain.restorable).toBe(false);
    expect(() => plain.restore()).toThrow(/checkpoint/);
    const w = loadWorld(scene);
    w.checkpoint();
    expect(w.restorable).toBe(true);
    void w.root;
    expect(w.restorable).toBe(false);
    expect(() => w.restore()).toThrow(/three/);
  });
});

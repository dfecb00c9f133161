import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyStep, fullPath, initialState, stateAt } from "../../../harness/viewer/client/episode-state.js";
import type { EpisodeView, ObjectPose, StepView } from "../../../harness/viewer/model/view-types.ts";

/** A small synthetic episode: objects o0…o3, steps that move random objects and observe some. */
const pose = (id: string, x: number): ObjectPose => ({ id, box: { center: { x, y: 0, z: 0.5 }, size: { x: 1, y: 1, z: 1 }, heading: 0 }, room: "r", states: [], held: false });

const stepArb = fc.record({
  moved: fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { maxLength: 3 }),
  x: fc.integer({ min: -50, max: 50 }),
  observed: fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { maxLength: 2 }),
  walk: fc.array(fc.record({ x: fc.integer({ min: -9, max: 9 }), y: fc.integer({ min: -9, max: 9 }) }), { maxLength: 3 }),
});

function episodeOf(steps: Array<{ moved: number[]; x: number; observed: number[]; walk: { x: number; y: number }[] }>): EpisodeView {
  const objects = [0, 1, 2, 3].map((i) => ({ ...pose(`o${i}`, i), label: `o${i}`, category: "thing.n.01", kind: "carryable" as const, shape: "solid" }));
  let at = { x: 0, y: 0 };
  const stepViews: StepView[] = steps.map((s, i) => {
    const walk = s.walk.length ? [at, ...s.walk] : [];
    at = s.walk.at(-1) ?? at;
    return {
      t: i + 1,
      action: "noop()",
      feedback: { ok: true, error: null, message: "" },
      satisfied: [i % 2],
      observed: s.observed.map((o) => `o${o}`),
      agent: { room: "r", position: at, holding: null },
      walk,
      distance: 0,
      poses: s.moved.map((m) => pose(`o${m}`, s.x)),
    };
  });
  return {
    file: "x.jsonl", episodeId: "e", repeat: 0, runId: "r", suite: "s", instruction: "", seed: 0, maxSteps: 99, agentName: "a", taskId: "t",
    conditions: [{ text: "(c0)", objects: [] }, { text: "(c1)", objects: [] }],
    initiallySatisfied: [], initiallyObserved: ["o0"], goalObjects: [],
    scene: { id: "s", name: "s", file: "s.json", rooms: [], objects, agent: { room: "r", position: { x: 0, y: 0 }, holding: null } },
    steps: stepViews, end: null, firstFailure: null, replay: { mismatch: null, notes: [] },
  };
}

describe("episode state at a step", () => {
  it("equals applying the steps one by one, and each object's pose is the last one set", () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 12 }), fc.integer({ min: 0, max: 12 }), (steps, k) => {
        const e = episodeOf(steps);
        const last = Math.min(k, steps.length);
        const incremental = initialState(e);
        for (let i = 0; i < last; i++) applyStep(incremental, e.steps[i]!);
        const direct = stateAt(e, k);
        expect(direct.k).toBe(last);
        expect([...direct.poses.entries()]).toEqual([...incremental.poses.entries()]);
        for (let o = 0; o < 4; o++) {
          const setter = [...steps.slice(0, last).entries()].reverse().find(([, s]) => s.moved.includes(o));
          expect(direct.poses.get(`o${o}`)!.box.center.x).toBe(setter ? setter[1].x : o);
        }
      }),
    );
  });

  it("only ever adds to what was observed, starting from what was seen at reset", () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 10 }), (steps) => {
        const e = episodeOf(steps);
        let before = stateAt(e, 0).observed;
        expect([...before]).toEqual(["o0"]);
        for (let k = 1; k <= steps.length; k++) {
          const now = stateAt(e, k).observed;
          for (const id of before) expect(now.has(id)).toBe(true);
          for (const id of e.steps[k - 1]!.observed) expect(now.has(id)).toBe(true);
          before = now;
        }
      }),
    );
  });

  it("clamps the step to the episode and ends the walked path where the whole path ends", () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 8 }), fc.integer({ min: -5, max: 30 }), (steps, k) => {
        const e = episodeOf(steps);
        const s = stateAt(e, k);
        expect(s.k).toBe(Math.max(0, Math.min(k, steps.length)));
        if (s.k === steps.length) expect(s.path).toEqual(fullPath(e));
        expect(s.path[0]).toEqual({ x: 0, y: 0 });
        expect(s.satisfied).toEqual(s.k === 0 ? [] : e.steps[s.k - 1]!.satisfied);
      }),
    );
  });
});

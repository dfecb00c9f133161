import { beforeAll, describe, expect, it } from "vitest";
import { readTrajectory } from "../../../harness/trajectory/reader.ts";
import { loadEpisodeView } from "../../../harness/viewer/model/episode-view.ts";
import type { EpisodeView } from "../../../harness/viewer/model/view-types.ts";
import { stateAt } from "../../../harness/viewer/client/episode-state.js";
import { runSmoke, type RunFixture } from "./run-fixture.ts";

let run: RunFixture;
let views: EpisodeView[];

beforeAll(async () => {
  run = await runSmoke();
  views = run.trajectories.map((f) => loadEpisodeView(f));
}, 180_000);

const walkLength = (pts: { x: number; y: number }[]) => pts.slice(1).reduce((s, p, i) => s + Math.hypot(p.x - pts[i]!.x, p.y - pts[i]!.y), 0);

describe("episode view (logged actions re-run for poses)", () => {
  it("re-runs a fresh trajectory without a mismatch and keeps every logged step", () => {
    expect(views.length).toBeGreaterThan(0);
    for (const [i, v] of views.entries()) {
      const t = readTrajectory(run.trajectories[i]!);
      expect(v.replay.mismatch).toBeNull();
      expect(v.steps.map((s) => s.t)).toEqual(t.steps.map((s) => s.t));
      expect(v.steps.map((s) => s.satisfied)).toEqual(t.steps.map((s) => s.satisfied));
      expect(v.conditions).toEqual(t.header.conditions);
    }
  });

  it("gives poses exactly for the objects each step changed", () => {
    for (const [i, v] of views.entries()) {
      const t = readTrajectory(run.trajectories[i]!);
      v.steps.forEach((s, j) => {
        const changed = Object.keys(t.steps[j]!.changed).filter((id) => id !== "agent").sort();
        expect(s.poses.map((p) => p.id).sort()).toEqual(changed);
      });
    }
  });

  it("draws each walk from where the agent stood to where the log puts it, as long as the logged distance", () => {
    for (const v of views) {
      let at = v.scene.agent.position;
      for (const s of v.steps) {
        if (s.distance > 0) {
          expect(s.walk[0]).toEqual(at);
          expect(s.walk.at(-1)).toEqual(s.agent.position);
          expect(walkLength(s.walk)).toBeCloseTo(s.distance, 2);
        } else {
          expect(s.walk).toEqual([]);
        }
        at = s.agent.position;
      }
    }
  });

  it("carries a held object with the agent", () => {
    let checked = 0;
    for (const v of views) {
      for (let k = 1; k <= v.steps.length; k++) {
        const state = stateAt(v, k);
        const held = state.agent.holding;
        if (!held) continue;
        const pose = state.poses.get(held)!;
        expect(pose.held).toBe(true);
        expect(pose.box.center.x).toBeCloseTo(state.agent.position.x, 2);
        expect(pose.box.center.y).toBeCloseTo(state.agent.position.y, 2);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("names the first failed step and the goal objects", () => {
    for (const [i, v] of views.entries()) {
      const t = readTrajectory(run.trajectories[i]!);
      expect(v.firstFailure).toBe(t.steps.find((s) => !s.feedback.ok)?.t ?? null);
      for (const c of t.header.conditions) for (const id of c.objects) expect(v.goalObjects).toContain(id);
    }
  });

  it("leaves room floors out of the objects (rooms draw them) and keeps every other object", () => {
    for (const v of views) {
      expect(v.scene.objects.some((o) => o.shape === "floor")).toBe(false);
      expect(v.scene.objects.length).toBeGreaterThan(10);
      for (const o of v.scene.objects) expect(v.scene.rooms.map((r) => r.id)).toContain(o.room);
    }
  });
});

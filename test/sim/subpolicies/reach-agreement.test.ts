/**
 * `navigate` and the reach precondition of `pick` (and every other subpolicy) follow one reach rule:
 * "walked to X" means X is within reach, and "already next to X" too. An object lying outside its room's
 * footprint (scanned data, hand-edited scenes) used to be "walked to" from the room's edge and then be
 * "out of reach — navigate to it first", while navigating again said "already next to". Scene files with an
 * object beyond reach of its whole room are now refused when loaded; these worlds are built in code.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseProblem } from "../../../sim/bddl/parser.ts";
import { RearrangeEnv } from "../../../sim/env.ts";
import { SceneSchema } from "../../../sim/scene/schema.ts";
import type { LoadedTask } from "../../../sim/task/load.ts";
import { distanceToFootprint, REACH } from "../../../sim/world/reach.ts";

/** A 4 × 10 m room, a pillow (size lx × ly, turned) at (x, y) — maybe outside the room — and the agent in it. */
function envWith(x: number, y: number, lx = 0.4, ly = 0.3, heading = 0.3): RearrangeEnv {
  const scene = SceneSchema.parse({
    schemaVersion: 1,
    id: "edge",
    rooms: [{ id: "hall", type: "corridor", footprint: { min: { x: 0, y: 0 }, max: { x: 4, y: 10 } } }],
    objects: [{ id: "pillow_1", category: "pillow.n.01", room: "hall", kind: "carryable", box: { center: [2, 5, 0.1], size: [lx, ly, 0.2], heading } }],
    agent: { room: "hall", position: { x: 2, y: 0.5 } },
  });
  // moved after validation: a scene file with an object beyond reach of its room is refused (placement-checks.ts),
  // but a world built in code is not validated, and the subpolicies must still agree there
  scene.objects[0]!.box.center = { x, y, z: 0.1 };
  const bddl = "(define (problem edge)\n  (:domain omnigibson)\n  (:objects pillow.n.01_1 - pillow.n.01 agent.n.01_1 - agent.n.01)\n  (:init )\n  (:goal (not (ontop ?pillow.n.01_1 ?pillow.n.01_1))))\n";
  const task: LoadedTask = {
    path: "edge.task.json",
    hash: "edge",
    task: { schemaVersion: 1, id: "edge", instruction: "edge", bddl, bindings: { "pillow.n.01_1": "pillow_1", "agent.n.01_1": "agent" }, tags: [] },
    problem: parseProblem(bddl, "edge.task.json ($.bddl)"),
  };
  const env = new RearrangeEnv({ scene, task, seed: 0, maxSteps: 50 });
  env.reset(0);
  env.step({ type: "explore", room: "hall" }); // the pillow is seen wherever it lies
  return env;
}

function step(env: RearrangeEnv, action: Record<string, unknown>) {
  return env.step(action as never).info.feedback as { ok: boolean; error: string | null; message: string };
}

describe("navigate and pick agree on reach", () => {
  it("a long object just outside its room: navigate reaches it from the nearest point of the room, and pick works", () => {
    // the stand point on the side facing the room centre, clamped into the room, is 1.22 m from the
    // footprint (out of reach); the point of the room nearest to it is 0.78 m away
    const env = envWith(-1.46, 1.94, 1.94, 0.12, 5.5);
    const nav = step(env, { type: "navigate", target: "pillow_1" });
    expect(nav.ok).toBe(true);
    expect(distanceToFootprint(env.world.agent.position, env.world.get("pillow_1").box)).toBeLessThanOrEqual(REACH);
    expect(step(env, { type: "pick", object: "pillow_1" }).ok).toBe(true);
  });

  it("an object out of reach from anywhere in its room: navigate says so instead of walking to it", () => {
    const env = envWith(7, 5);
    const nav = step(env, { type: "navigate", target: "pillow_1" });
    expect(nav).toMatchObject({ ok: false, error: "affordance" });
    expect(nav.message).toMatch(/cannot be reached from anywhere in hall/);
    expect(step(env, { type: "pick", object: "pillow_1" }).message).toMatch(/out of reach/);
  });

  it("for any position: after a navigate that succeeds, or says 'already next to', pick is within reach", () => {
    fc.assert(
      fc.property(fc.double({ min: -3, max: 7, noNaN: true }), fc.double({ min: -3, max: 13, noNaN: true }), (x, y) => {
        const env = envWith(x, y);
        const nav = step(env, { type: "navigate", target: "pillow_1" });
        const box = env.world.get("pillow_1").box;
        if (nav.ok || /already next to/.test(nav.message)) {
          expect(distanceToFootprint(env.world.agent.position, box)).toBeLessThanOrEqual(REACH);
          expect(step(env, { type: "pick", object: "pillow_1" }).ok).toBe(true);
        } else expect(nav.error).toBe("affordance");
        env.release();
      }),
      { numRuns: 60 },
    );
  });
});

import { Body, Box as BoxShape, Quaternion, Vec3, World } from "cannon-es";
import type { Box } from "../scene/schema.ts";
import { copyVec3 } from "../geometry/copy.ts";
import {
  DROP_HEIGHT,
  FRICTION,
  PHYSICS_DT,
  PLACEMENT_MAX_STEPS,
  RESTITUTION,
  SIDE_SLACK,
  SLEEP_SPEED,
  SLEEP_TIME,
} from "./physics-constants.ts";
import { hypot2 } from "../geometry/hypot.ts";

/** Where a dropped box came to rest, relative to the pose it was dropped onto. */
export interface DropOutcome {
  /** True when the body fell asleep before the step cap. */
  rested: boolean;
  /** Angle between the body's up axis and +z, rad. */
  tilt: number;
  /** Horizontal distance from the intended pose, m. */
  drift: number;
  /** How far below the intended rest height it ended, m (negative: above). */
  sink: number;
  /** Steps simulated. */
  steps: number;
  /** Final pose, turned upright (x, y, yaw from the body; z from the body). */
  final: Box;
}

export interface DropOptions {
  /** Extra height the box starts above `pose`, m (default {@link DROP_HEIGHT}). */
  dropHeight?: number;
  /** Step cap (default {@link PLACEMENT_MAX_STEPS}). */
  maxSteps?: number;
  /**
   * Stop as soon as the outcome is clearly a failure (sunk or tilted past these), to save steps when
   * only "did it stay?" matters. Off by default.
   */
  stopWhen?: { sink: number; tilt: number };
}

const UP = new Vec3(0, 0, 1);
/** Steps between rest checks (0.05 s). */
const REST_WINDOW = 12;
/** A body that moved less than this over a window is at rest, m … */
const REST_MOTION = 5e-4;
/** … and turned less than this, rad. */
const REST_TURN = 5e-3;

function quaternionForYaw(heading: number): Quaternion {
  return new Quaternion().setFromAxisAngle(UP, heading);
}

function boxShape(size: { x: number; y: number; z: number }): BoxShape {
  // cannon cannot collide boxes with a zero extent: give them half a millimetre.
  return new BoxShape(new Vec3(Math.max(size.x / 2, 5e-4), Math.max(size.y / 2, 5e-4), Math.max(size.z / 2, 5e-4)));
}

/**
 * Drops a dynamic box of `pose`'s size from just above `pose` into a fresh cannon-es world holding only
 * `statics` (fixed boxes: the support and the neighbours' parts), steps it with the fixed
 * {@link PHYSICS_DT} until it sleeps or the step cap, and reports how it ended up.
 */
export function dropTest(pose: Box, statics: readonly Box[], options: DropOptions = {}): DropOutcome {
  const world = new World({ gravity: new Vec3(0, 0, -9.81), allowSleep: true });
  world.defaultContactMaterial.friction = FRICTION;
  world.defaultContactMaterial.restitution = RESTITUTION;
  // One static body carrying every fixed box as a shape: the broadphase then has a single pair to look at.
  if (statics.length > 0) {
    const ground = new Body({ mass: 0, type: Body.STATIC });
    for (const s of statics) {
      ground.addShape(boxShape(s.size), new Vec3(s.center.x, s.center.y, s.center.z), quaternionForYaw(s.heading));
    }
    world.addBody(ground);
  }
  // The falling box is a millimetre narrower on each side than the pose, so a pose flush against a
  // neighbour or a wall is not a contact the solver has to resolve (and jitter on).
  const slack = 2 * SIDE_SLACK;
  const body = new Body({
    mass: 1,
    shape: boxShape({ x: Math.max(0, pose.size.x - slack), y: Math.max(0, pose.size.y - slack), z: pose.size.z }),
    position: new Vec3(pose.center.x, pose.center.y, pose.center.z + (options.dropHeight ?? DROP_HEIGHT)),
    quaternion: quaternionForYaw(pose.heading),
    allowSleep: true,
    sleepSpeedLimit: SLEEP_SPEED,
    sleepTimeLimit: SLEEP_TIME,
  });
  world.addBody(body);

  const maxSteps = options.maxSteps ?? PLACEMENT_MAX_STEPS;
  let steps = 0;
  // Cannon's own sleep test is defeated by contact jitter on small boxes, so rest is also judged by how
  // little the body moved over the last window of steps.
  let checkpoint = { p: body.position.clone(), q: body.quaternion.clone() };
  while (steps < maxSteps) {
    world.step(PHYSICS_DT);
    steps++;
    if (body.sleepState === Body.SLEEPING) return measure(body, pose, true, steps);
    if (steps % REST_WINDOW === 0) {
      const moved = body.position.distanceTo(checkpoint.p);
      const q = body.quaternion;
      const c = checkpoint.q;
      const turned = 2 * Math.acos(Math.min(1, Math.abs(q.x * c.x + q.y * c.y + q.z * c.z + q.w * c.w)));
      if (moved < REST_MOTION && turned < REST_TURN) return measure(body, pose, true, steps);
      checkpoint = { p: body.position.clone(), q: body.quaternion.clone() };
      const stop = options.stopWhen;
      if (stop) {
        const outcome = measure(body, pose, false, steps);
        if (outcome.sink > stop.sink || outcome.tilt > stop.tilt) return outcome;
      }
    }
  }
  return measure(body, pose, false, steps);
}

function measure(body: Body, pose: Box, rested: boolean, steps: number): DropOutcome {
  const q = body.quaternion;
  const up = q.vmult(UP);
  const tilt = Math.acos(Math.max(-1, Math.min(1, up.z)));
  const yaw = Math.atan2(2 * (q.w * q.z + q.x * q.y), 1 - 2 * (q.y * q.y + q.z * q.z));
  const p = body.position;
  return {
    rested,
    tilt,
    drift: hypot2(p.x - pose.center.x, p.y - pose.center.y),
    sink: pose.center.z - p.z,
    steps,
    final: { center: { x: p.x, y: p.y, z: p.z }, size: copyVec3(pose.size), heading: yaw },
  };
}

import { effectiveShape } from "../geometry/shape-model.ts";
import type { SpatialIndex } from "../geometry/spatial-index.ts";
import { intersectionVolume } from "../geometry/containment.ts";
import { boxDistance } from "../geometry/gap.ts";
import { bottomZ } from "../geometry/vertical.ts";
import type { Box } from "../scene/schema.ts";
import type { SimObject } from "../world/sim-object.ts";
import { obstaclesOf } from "./collision.ts";
import { dropTest, type DropOutcome } from "./drop-test.ts";
import { groundSlab } from "./ground.ts";
import { MAX_DRIFT, MAX_SINK, MAX_TILT, SETTLE_MAX_STEPS } from "./physics-constants.ts";
import { GROUND_Z, type PlacementObject } from "./placement-types.ts";
import { PartCache } from "./solid-parts.ts";
import { snapDown } from "./support.ts";
import { tipOff } from "./tip-off.ts";

/** What settling reads and writes: placement's view of an object, plus whether it is carryable. */
export type SettleObject = PlacementObject & Pick<SimObject, "kind">;

/** Which objects settling moved, and which of those could not stay where the scene put them. */
export interface SettleReport {
  /** Ids of every object settled (carryable, not held), in settling order, moved or not. */
  settled: string[];
  /** Ids whose box changed, in settling order. */
  moved: string[];
  /**
   * Ids whose centre of mass was not over their support where the scene put them: they tipped off (and
   * moved), or, wedged among overlapping boxes, were left where they were snapped.
   */
  unstable: string[];
}

/** How far around a falling object the physics world reaches, m (beyond its own size). */
const FALL_NEIGHBOURHOOD = 0.1;
/** Step cap of the physics check of an analytic landing (a quarter of a second). */
const VERIFY_STEPS = 60;
/** Parts within this of an analytic landing take part in its physics check, m. */
const VERIFY_NEIGHBOURHOOD = 0.02;

function restsInPlace(outcome: DropOutcome): boolean {
  return Math.abs(outcome.sink) <= MAX_SINK && outcome.tilt <= MAX_TILT && outcome.drift <= MAX_DRIFT;
}

/**
 * Settles a freshly loaded scene so that every carryable object (not held) rests on something.
 * Objects are taken from the lowest up, so supports settle before what they carry:
 *
 * 1. Analytic snap: the object drops straight down (or rises, if it was sunk into its support by up to half
 *    its height) onto the highest solid part under its footprint — a table slab, a shelf, a container's
 *    base, an object already settled, a floor — or the floor plane at z = 0.
 * 2. Stability: it stays if its centre lies over the support polygon (the hull of where its footprint
 *    meets the supporting faces). Otherwise it tips off ({@link tipOff}: slid away from its support to the
 *    first free spot where it balances, snapped down again), and that landing is checked in a cannon-es
 *    world holding it and, as static bodies, the settled parts around it (its local island). If it would
 *    not stay there, physics lets it fall for up to half a second; it is then stood upright where it ended
 *    and snapped down. An object with no free spot to tip to (wedged among interpenetrating boxes) stays
 *    where it was snapped. Either way it is reported as unstable.
 *
 * Boxes are replaced (never mutated in place) and `index` is kept up to date; objects missing from the
 * index are added. Fixed furniture never moves.
 */
export function settleScene(objects: readonly SettleObject[], index: SpatialIndex): SettleReport {
  const byId = new Map(objects.map((o) => [o.id, o]));
  for (const o of objects) if (!index.has(o.id)) index.insert(o.id, o.box);
  const order = objects
    .map((o, i) => ({ o, i }))
    .filter(({ o }) => o.kind === "carryable" && !o.held)
    .sort((a, b) => bottomZ(a.o.box) - bottomZ(b.o.box) || a.i - b.i)
    .map(({ o }) => o);
  const pending = new Set(order.map((o) => o.id));
  const report: SettleReport = { settled: order.map((o) => o.id), moved: [], unstable: [] };
  const parts = new PartCache();

  const supportsFor = (o: SettleObject, radius: number): SettleObject[] =>
    index
      .query(o.box, radius)
      .map((id) => byId.get(id))
      .filter((s): s is SettleObject => s !== undefined && s.id !== o.id && !s.held && !pending.has(s.id));

  for (const o of order) {
    pending.delete(o.id);
    const original = o.box;
    const snap = snapDown(o.box, supportsFor(o, 0), parts.of);
    setBox(o, snap.box, index);
    if (!snap.stable) {
      report.unstable.push(o.id);
      const around = supportsFor(o, Math.max(o.box.size.x, o.box.size.y, o.box.size.z) + FALL_NEIGHBOURHOOD);
      // Parts it already cuts into (noisy scene boxes) would block every spot and shove it about: leave them out.
      const obstacles = obstaclesOf(around, new Set(), parts.of).filter((p) => intersectionVolume(p.part, o.box) <= 1e-7);
      const statics = obstacles.map((p) => p.part);
      if (!around.some((s) => effectiveShape(s) === "floor")) statics.push(groundSlab(o.box, GROUND_Z));
      const landing = tipOff(snap, around, obstacles, parts.of);
      // Physics checks the analytic landing, and lets the object fall if it would not stay there. A wedged
      // object (no free spot to tip to: noisy, interpenetrating scene boxes) is left where it was snapped.
      if (landing) {
        const near = statics.filter((p) => boxDistance(p, landing) <= VERIFY_NEIGHBOURHOOD);
        const check = dropTest(landing, near, { dropHeight: 0, maxSteps: VERIFY_STEPS });
        if (restsInPlace(check)) setBox(o, landing, index);
        else {
          const fell = dropTest(landing, statics, { dropHeight: 0, maxSteps: SETTLE_MAX_STEPS }).final;
          const upright = { ...fell, size: o.box.size };
          setBox(o, snapDown(upright, supportsFor({ ...o, box: upright }, 0), parts.of).box, index);
        }
      }
    }
    if (changed(original, o.box)) report.moved.push(o.id);
  }
  return report;
}

function setBox(o: SettleObject, box: Box, index: SpatialIndex): void {
  o.box = box;
  index.update(o.id, box);
}

function changed(a: Box, b: Box): boolean {
  const eps = 1e-9;
  return (
    Math.abs(a.center.x - b.center.x) > eps ||
    Math.abs(a.center.y - b.center.y) > eps ||
    Math.abs(a.center.z - b.center.z) > eps ||
    Math.abs(a.heading - b.heading) > eps
  );
}

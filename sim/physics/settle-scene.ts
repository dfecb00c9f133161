import { effectiveShape, partsOf } from "../geometry/shape-model.ts";
import type { SpatialIndex } from "../geometry/spatial-index.ts";
import { bottomZ } from "../geometry/vertical.ts";
import type { Box } from "../scene/schema.ts";
import type { SimObject } from "../world/sim-object.ts";
import { dropTest } from "./drop-test.ts";
import { groundSlab } from "./ground.ts";
import { SETTLE_MAX_STEPS } from "./physics-constants.ts";
import { GROUND_Z, type PlacementObject } from "./placement-types.ts";
import { snapDown } from "./support.ts";

/** What settling reads and writes: placement's view of an object, plus whether it is carryable. */
export type SettleObject = PlacementObject & Pick<SimObject, "kind">;

/** Which objects settling moved, and which of those could not stay where the scene put them. */
export interface SettleReport {
  /** Ids whose box changed, in settling order. */
  moved: string[];
  /** Ids whose centre of mass was not over their support: they were let fall with physics. */
  unstable: string[];
}

/** How far around a falling object the physics world reaches, m (beyond its own size). */
const FALL_NEIGHBOURHOOD = 0.3;
/** Rounds of "fall, then snap" before an object is left where it landed. */
const MAX_FALLS = 2;

/**
 * Settles a freshly loaded scene so that every carryable object (not held) rests on something.
 * Objects are taken from the lowest up, so supports settle before what they carry:
 *
 * 1. Analytic snap: the object drops straight down (or rises, if it was sunk into its support by up to half
 *    its height) onto the highest solid part under its footprint — a table slab, a shelf, a container's
 *    base, an object already settled, a floor — or the floor plane at z = 0.
 * 2. Stability: it stays if its centre lies over the support polygon (the hull of where its footprint
 *    meets the supporting faces). Otherwise it is let fall in a cannon-es world holding it and, as static
 *    bodies, the settled parts around it; it is then stood upright where it landed and snapped again.
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
  const report: SettleReport = { moved: [], unstable: [] };

  const supportsFor = (o: SettleObject, radius: number): SettleObject[] =>
    index
      .query(o.box, radius)
      .map((id) => byId.get(id))
      .filter((s): s is SettleObject => s !== undefined && s.id !== o.id && !s.held && !pending.has(s.id));

  for (const o of order) {
    pending.delete(o.id);
    const original = o.box;
    let snap = snapDown(o.box, supportsFor(o, 0));
    setBox(o, snap.box, index);
    if (!snap.stable) {
      report.unstable.push(o.id);
      for (let fall = 0; fall < MAX_FALLS && !snap.stable; fall++) {
        const around = supportsFor(o, Math.max(o.box.size.x, o.box.size.y, o.box.size.z) + FALL_NEIGHBOURHOOD);
        const statics = around.flatMap((s) => partsOf(s));
        if (!around.some((s) => effectiveShape(s) === "floor")) statics.push(groundSlab(o.box, GROUND_Z));
        const landed = dropTest(o.box, statics, { dropHeight: 0, maxSteps: SETTLE_MAX_STEPS }).final;
        setBox(o, { ...landed, size: o.box.size }, index);
        snap = snapDown(o.box, supportsFor(o, 0));
        setBox(o, snap.box, index);
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

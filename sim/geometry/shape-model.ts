import type { Box, Shape, Vec3 } from "../scene/schema.ts";
import type { SimObject } from "../world/sim-object.ts";
import { fromBoxFrame } from "./footprint.ts";
import { bottomZ } from "./vertical.ts";
import { copyVec3 } from "./copy.ts";

/**
 * How each furniture shape is built from boxes. Everything here is derived from the object's
 * oriented box, so geometry, predicates and physics agree on one model:
 *
 * - `solid`: one block. Things go on its top face.
 * - `table`: a top slab of thickness {@link tableTopThickness} on four square corner legs of side
 *   {@link tableLegSize}, reaching the floor. Things go on the slab and `under` it, in the leg space
 *   ({@link legSpaceOf}: the footprint inset by a leg on every side, from the table's bottom to the
 *   slab's underside).
 * - `container`: a hollow box: a base and four walls of thickness `wall` (default {@link DEFAULT_WALL}),
 *   plus a top panel of the same thickness when the container is `openable` (cabinet, fridge, oven:
 *   its door is not simulated, and the panel stays whether it is open or closed). Containers that are not
 *   openable (basket, bin, sink) are open at the top. Things go `inside` ({@link interiorOf}) and on top.
 *   An object with the `container` ability is treated as a container whatever its `shape`.
 * - `floor`: a room's floor slab; its top face (z = 0 in scene files) is where things rest `onfloor`.
 */
export type ShapedObject = Pick<SimObject, "box" | "shape" | "wall" | "abilities">;

/** Wall/base thickness used when a container does not give one, m. */
export const DEFAULT_WALL = 0.02;
/** Upper bound of a table's top-slab thickness, m. */
export const TABLE_TOP_MAX = 0.04;
/** Upper bound of a table leg's side, m. */
export const TABLE_LEG_MAX = 0.05;

/** The shape geometry follows: `container` for anything with the container ability, else `shape`. */
export function effectiveShape(obj: ShapedObject): Shape {
  if (obj.shape === "floor" || obj.shape === "table") return obj.shape;
  return obj.shape === "container" || obj.abilities.has("container") ? "container" : "solid";
}

/** True when the object has an interior that things can be `inside`. */
export function hasInterior(obj: ShapedObject): boolean {
  return effectiveShape(obj) === "container";
}

/** True when the container is closed at the top by a panel (it is openable: a door or lid). */
export function hasLid(obj: ShapedObject): boolean {
  return hasInterior(obj) && obj.abilities.has("openable");
}

/** Top-slab thickness of a table: 4 cm, or 10% of its height for low tables. */
export function tableTopThickness(box: Box): number {
  return Math.min(TABLE_TOP_MAX, 0.1 * box.size.z);
}

/** Side of a table's square legs: 5 cm, or 15% of the shorter footprint side for small tables. */
export function tableLegSize(box: Box): number {
  return Math.min(TABLE_LEG_MAX, 0.15 * Math.min(box.size.x, box.size.y));
}

/** Wall thickness actually used: the object's `wall` (or the default), at most 45% of any extent. */
export function wallThickness(obj: ShapedObject): number {
  const w = obj.wall > 0 ? obj.wall : DEFAULT_WALL;
  return Math.min(w, 0.45 * Math.min(obj.box.size.x, obj.box.size.y, obj.box.size.z));
}

/** A box given in `parent`'s frame (offset of its centre from the parent's centre, its size), in world frame. */
export function childBox(parent: Box, offset: Vec3, size: Vec3): Box {
  const p = fromBoxFrame(parent, offset);
  return { center: { x: p.x, y: p.y, z: parent.center.z + offset.z }, size: copyVec3(size), heading: parent.heading };
}

/**
 * The open space inside a container (its box minus base, walls and top panel), or null for objects
 * without an interior. Its bottom face is the top of the base.
 */
export function interiorOf(obj: ShapedObject): Box | null {
  return hasInterior(obj) ? interiorInto(obj, { center: { x: 0, y: 0, z: 0 }, size: { x: 0, y: 0, z: 0 }, heading: 0 }) : null;
}

/**
 * {@link interiorOf} written into `out` (and its `center` and `size` objects), for a caller that reads it only
 * before its next call: `inside` asks for a container's interior on every test, in the goal re-check of every
 * step and in the oracle's plans, and making a box each time was most of what the test allocated.
 * The same arithmetic as `childBox(obj.box, offset, size)`, so the same numbers to the last bit.
 */
export function interiorInto(obj: ShapedObject, out: Box): Box | null {
  if (!hasInterior(obj)) return null;
  const w = wallThickness(obj);
  const lid = hasLid(obj) ? w : 0;
  const { box } = obj;
  const s = box.size;
  const height = Math.max(0, s.z - w - lid);
  const c = Math.cos(box.heading);
  const sin = Math.sin(box.heading);
  // fromBoxFrame(box, { x: 0, y: 0 }) as written there (a -0 centre stays what it computes)
  out.center.x = box.center.x + c * 0 - sin * 0;
  out.center.y = box.center.y + sin * 0 + c * 0;
  out.center.z = box.center.z + (-s.z / 2 + w + height / 2);
  out.size.x = Math.max(0, s.x - 2 * w);
  out.size.y = Math.max(0, s.y - 2 * w);
  out.size.z = height;
  out.heading = box.heading;
  return out;
}

/** The free space between a table's legs, under its top slab; null for other shapes. */
export function legSpaceOf(obj: ShapedObject): Box | null {
  if (effectiveShape(obj) !== "table") return null;
  const s = obj.box.size;
  const leg = tableLegSize(obj.box);
  const height = s.z - tableTopThickness(obj.box);
  return childBox(
    obj.box,
    { x: 0, y: 0, z: -s.z / 2 + height / 2 },
    { x: Math.max(0, s.x - 2 * leg), y: Math.max(0, s.y - 2 * leg), z: height },
  );
}

/** Height of the face things below the object are under: a table's slab underside, else the box bottom. */
export function undersideZ(obj: ShapedObject): number {
  const b = bottomZ(obj.box);
  return effectiveShape(obj) === "table" ? b + obj.box.size.z - tableTopThickness(obj.box) : b;
}

/** The solid boxes the object is made of (what collides and what can be touched). */
export function partsOf(obj: ShapedObject): Box[] {
  const box = obj.box;
  const s = box.size;
  switch (effectiveShape(obj)) {
    case "solid":
    case "floor":
      return [box];
    case "table": {
      const t = tableTopThickness(box);
      const leg = tableLegSize(box);
      const legHeight = s.z - t;
      const parts = [childBox(box, { x: 0, y: 0, z: s.z / 2 - t / 2 }, { x: s.x, y: s.y, z: t })];
      if (legHeight > 0) {
        for (const [sx, sy] of [[-1, -1], [1, -1], [1, 1], [-1, 1]] as const) {
          parts.push(
            childBox(
              box,
              { x: sx * (s.x / 2 - leg / 2), y: sy * (s.y / 2 - leg / 2), z: -s.z / 2 + legHeight / 2 },
              { x: leg, y: leg, z: legHeight },
            ),
          );
        }
      }
      return parts;
    }
    case "container": {
      const w = wallThickness(obj);
      const lid = hasLid(obj) ? w : 0;
      const wallHeight = s.z - w - lid;
      const wallZ = -s.z / 2 + w + wallHeight / 2;
      const parts = [childBox(box, { x: 0, y: 0, z: -s.z / 2 + w / 2 }, { x: s.x, y: s.y, z: w })];
      if (wallHeight > 0) {
        parts.push(
          childBox(box, { x: -(s.x / 2 - w / 2), y: 0, z: wallZ }, { x: w, y: s.y, z: wallHeight }),
          childBox(box, { x: s.x / 2 - w / 2, y: 0, z: wallZ }, { x: w, y: s.y, z: wallHeight }),
          childBox(box, { x: 0, y: -(s.y / 2 - w / 2), z: wallZ }, { x: Math.max(0, s.x - 2 * w), y: w, z: wallHeight }),
          childBox(box, { x: 0, y: s.y / 2 - w / 2, z: wallZ }, { x: Math.max(0, s.x - 2 * w), y: w, z: wallHeight }),
        );
      }
      if (lid > 0) parts.push(childBox(box, { x: 0, y: 0, z: s.z / 2 - lid / 2 }, { x: s.x, y: s.y, z: lid }));
      return parts;
    }
  }
}

import { effectiveShape, hasLid, interiorOf, legSpaceOf, type ShapedObject } from "../geometry/shape-model.ts";
import { bottomZ, topZ } from "../geometry/vertical.ts";
import { inside, insideInterior } from "../predicates/inside.ts";
import { nexttoThreshold } from "../predicates/nextto.ts";
import { ontop } from "../predicates/ontop.ts";
import { REST_TOLERANCE } from "../predicates/tolerances.ts";
import type { RoomRef } from "../predicates/subject.ts";
import type { Box, Vec3 } from "../scene/schema.ts";
import { alignedHeadings, extentsInFrame, type PoseList } from "./candidate-grid.ts";
import { formatSize } from "./format.ts";
import { floorUnder } from "./ground.ts";
import { cachedBesidePoses, cachedGridPoses } from "./grid-cache.ts";
import type { PlacementObject, PlacementRelation } from "./placement-types.ts";

/** Candidate poses that share one support, tried in an rng-shuffled order. */
export interface CandidateSet {
  /** Poses in grid order (the caller shuffles them), made on demand. */
  poses: PoseList;
  /** What the object would rest on: an object, or null for the bare floor plane. */
  restsOn: PlacementObject | null;
  /** Height of the floor plane to add under the pose in the physics check, or null. */
  groundZ: number | null;
  /** Each pose's footprint must lie within this (support top, floor, room, container interior). */
  bound: Box | null;
  /** The object's top may not rise above this (lidded interior, leg space). */
  ceiling: number;
}

export type CandidateSetsResult = { ok: true; sets: CandidateSet[] } | { ok: false; reason: string };

/** What every relation's candidate search needs to know. */
export interface SearchContext {
  object: PlacementObject;
  target: PlacementObject;
  /** Nearby objects, not held, without the object itself: at least every object within a few cm of the target. */
  nearby: readonly PlacementObject[];
  rooms: readonly RoomRef[];
  /**
   * The same for another object (what the target stands on), when `nearby` may not reach all of what is
   * around it; without it, `nearby` serves.
   */
  around?: (o: PlacementObject) => readonly PlacementObject[];
}

/** True when some heading aligned with `frame` lets the footprint fit in `area` (and the height under `height`). */
function fits(size: Box["size"], area: Box, height = Infinity): boolean {
  if (size.z > height + 1e-9) return false;
  return alignedHeadings(area.heading, size).some((h) => {
    const { ex, ey } = extentsInFrame(area.heading, h, size);
    return ex <= area.size.x + 1e-9 && ey <= area.size.y + 1e-9;
  });
}

/**
 * Whether an object of this size, set down aligned with a container, is wider than the container's opening
 * in some direction: only then can it rest on the rim of an open container. (Which extent lies along which
 * side depends only on the heading relative to the container, so no frame is needed.)
 */
export function spansOpening(size: Vec3, opening: Vec3): boolean {
  return alignedHeadings(0, size).some((h) => {
    const { ex, ey } = extentsInFrame(0, h, size);
    return ex > opening.x || ey > opening.y;
  });
}

/**
 * Whether `object` set on top of `target` would fall in: the target is a container open at the top and the
 * object does not span its opening. `ontop` placement refuses such a place, every time; the scene sampler
 * and the oracle ask the same question before relying on it.
 */
export function fallsIntoOpenTop(object: { box: Box }, target: ShapedObject): boolean {
  const interior = interiorOf(target);
  return interior !== null && !hasLid(target) && !spansOpening(object.box.size, interior.size);
}

function onTop(ctx: SearchContext): CandidateSetsResult {
  const { object, target } = ctx;
  const surfaceZ = topZ(target.box);
  if (fallsIntoOpenTop(object, target)) return { ok: false, reason: `${target.id} is open at the top: the object would fall in (put it inside instead)` };
  const sets: CandidateSet[] = [{ poses: topPoses(target, surfaceZ, object.box.size), restsOn: target, groundZ: null, bound: null, ceiling: Infinity }];
  // When the top is covered, on something thin lying on it (a blanket spread over the bed, a place mat): what
  // rests there still rests on the target, within the predicates' tolerance (ontop decides, in the search)
  for (const c of ctx.nearby) {
    if (c.id === target.id || topZ(c.box) - surfaceZ > REST_TOLERANCE || !ontop(c, target)) continue;
    sets.push({ poses: topPoses(c, topZ(c.box), object.box.size), restsOn: c, groundZ: null, bound: null, ceiling: Infinity });
  }
  return { ok: true, sets };
}

/** Poses on `support`'s top: within it, or, larger than the top, overhanging it, centred (physics decides if it stays). */
function topPoses(support: PlacementObject, surfaceZ: number, size: Vec3): PoseList {
  const contained = cachedGridPoses(support.id, support.box, surfaceZ, size, "contain");
  return contained.length > 0 ? contained : cachedGridPoses(support.id, support.box, surfaceZ, size, "centre");
}

function inInterior(ctx: SearchContext): CandidateSetsResult {
  const { object, target } = ctx;
  const interior = interiorOf(target);
  if (!interior) return { ok: false, reason: `${target.id} has no interior to put things inside` };
  const ceiling = hasLid(target) ? topZ(interior) : Infinity;
  if (!fits(object.box.size, interior, ceiling - bottomZ(interior))) {
    return {
      ok: false,
      reason: `no free space inside ${target.id}: the object (${formatSize(object.box.size)}) is larger than its interior (${formatSize(interior.size)})`,
    };
  }
  const sets: CandidateSet[] = [
    {
      poses: cachedGridPoses(target.id, interior, bottomZ(interior), object.box.size, "contain"),
      restsOn: target,
      groundZ: null,
      bound: interior,
      ceiling,
    },
  ];
  // When the base is full, on top of what is already inside.
  for (const c of ctx.nearby) {
    if (c.id === target.id || !insideInterior(c, target, interior)) continue;
    sets.push({
      poses: cachedGridPoses(c.id, c.box, topZ(c.box), object.box.size, "centre"),
      restsOn: c,
      groundZ: null,
      bound: interior,
      ceiling,
    });
  }
  return { ok: true, sets };
}

function beneath(ctx: SearchContext): CandidateSetsResult {
  const { object, target } = ctx;
  if (effectiveShape(target) === "floor") return { ok: false, reason: `nothing can go under ${target.id}: it is a floor` };
  const floor = floorUnder(target.box.center, ctx.nearby, ctx.rooms);
  const legSpace = legSpaceOf(target);
  const space: Box = legSpace ?? {
    center: { x: target.box.center.x, y: target.box.center.y, z: (floor.z + bottomZ(target.box)) / 2 },
    size: { x: target.box.size.x, y: target.box.size.y, z: Math.max(0, bottomZ(target.box) - floor.z) },
    heading: target.box.heading,
  };
  // Whatever goes under rests on the floor, even where a table's legs stop short of it.
  const surfaceZ = floor.z;
  const ceiling = topZ(space);
  const clearance = ceiling - surfaceZ;
  // A table's leg space must hold the whole footprint; under anything else the object may stick out.
  if (legSpace ? !fits(object.box.size, space, clearance) : object.box.size.z > clearance + 1e-9) {
    const room = legSpace ? `leg space ${formatSize({ ...space.size, z: clearance })}` : `clearance ${Math.max(0, clearance).toFixed(2)} m`;
    return { ok: false, reason: `the object (${formatSize(object.box.size)}) does not fit under ${target.id} (${room})` };
  }
  const poses = cachedGridPoses(target.id, space, surfaceZ, object.box.size, legSpace ? "contain" : "centre");
  const restsOn = floor.floor;
  return {
    ok: true,
    sets: [{ poses, restsOn, groundZ: restsOn ? null : floor.z, bound: floor.bound, ceiling }],
  };
}

function beside(ctx: SearchContext): CandidateSetsResult {
  const { object, target } = ctx;
  if (effectiveShape(target) === "floor") return { ok: false, reason: `nothing can go next to ${target.id}: it is a floor` };
  // set down close, as a hand puts one thing beside another: within touching's 1 cm as well as nextto's gap (a
  // backpack stood 2 cm off the wall it was to touch)
  const gap = Math.min(0.005, nexttoThreshold(object, target) / 2);
  const floor = floorUnder(target.box.center, ctx.nearby, ctx.rooms);
  const onFloor = Math.abs(bottomZ(target.box) - floor.z) <= REST_TOLERANCE;
  // Next to the target on what it stands on: another object's top, a container's interior, or the floor.
  const support = onFloor ? undefined : standsOn(target, ctx.nearby);
  if (support) {
    const sets: CandidateSet[] = [
      {
        poses: cachedBesidePoses(target.id, target.box, topZ(support.box), object.box.size, gap),
        restsOn: support,
        groundZ: null,
        bound: support.box,
        ceiling: Infinity,
      },
    ];
    const lower = support.kind === "carryable" ? besideSupport(ctx, support, gap) : null;
    if (lower) sets.push(lower);
    return { ok: true, sets };
  }
  const container = onFloor ? undefined : ctx.nearby.find((s) => inside(target, s));
  const interior = container ? interiorOf(container) : null;
  if (container && interior) {
    return {
      ok: true,
      sets: [
        {
          poses: cachedBesidePoses(target.id, target.box, bottomZ(interior), object.box.size, gap),
          restsOn: container,
          groundZ: null,
          bound: interior,
          ceiling: hasLid(container) ? topZ(interior) : Infinity,
        },
      ],
    };
  }
  return {
    ok: true,
    sets: [
      {
        poses: cachedBesidePoses(target.id, target.box, floor.z, object.box.size, gap),
        restsOn: floor.floor,
        groundZ: floor.floor ? null : floor.z,
        bound: floor.bound,
        ceiling: Infinity,
      },
    ],
  };
}

/**
 * What `target` stands on among `nearby` (no floor): of the objects it is `ontop` of, the one with the highest top.
 * A plate on a 5 mm place mat is on top of the table too, within the predicate's tolerance; it stands on the mat.
 */
function standsOn(target: PlacementObject, nearby: readonly PlacementObject[]): PlacementObject | undefined {
  let best: PlacementObject | undefined;
  for (const s of nearby) {
    if (s === target || effectiveShape(s) === "floor" || !ontop(target, s)) continue;
    if (!best || topZ(s.box) > topZ(best.box)) best = s;
  }
  return best;
}

/**
 * When the target stands on something carryable (a plate on a place mat, a cup on a tray), the object can also
 * stand beside that, on what it stands on in turn: a knife goes on the table beside the mat, as a person lays it,
 * when the mat has no room left beside the plate. The poses lie around the carryable support; only those the
 * `nextto` test accepts (near enough to the target, their heights overlapping) are taken. Tried after the
 * target's own support, so that what fits there goes there as before.
 */
function besideSupport(ctx: SearchContext, support: PlacementObject, gap: number): CandidateSet | null {
  const { object } = ctx;
  const aroundSupport = ctx.around ? ctx.around(support) : ctx.nearby;
  const below = standsOn(support, aroundSupport);
  if (below) {
    return { poses: cachedBesidePoses(support.id, support.box, topZ(below.box), object.box.size, gap), restsOn: below, groundZ: null, bound: below.box, ceiling: Infinity };
  }
  const floor = floorUnder(support.box.center, aroundSupport, ctx.rooms);
  if (Math.abs(bottomZ(support.box) - floor.z) > REST_TOLERANCE) return null;
  return {
    poses: cachedBesidePoses(support.id, support.box, floor.z, object.box.size, gap),
    restsOn: floor.floor,
    groundZ: floor.floor ? null : floor.z,
    bound: floor.bound,
    ceiling: Infinity,
  };
}

/** Candidate sets for `relation`, in the order they are tried, or why there can be none. */
export function candidateSets(relation: PlacementRelation, ctx: SearchContext): CandidateSetsResult {
  switch (relation) {
    case "ontop":
      return onTop(ctx);
    case "inside":
      return inInterior(ctx);
    case "under":
      return beneath(ctx);
    case "nextto":
      return beside(ctx);
  }
}

import { footprintWithin } from "../geometry/containment.ts";
import { boxDistance } from "../geometry/gap.ts";
import { interiorOf } from "../geometry/shape-model.ts";
import { footprintBounds } from "../geometry/footprint.ts";
import { bottomZ, topZ } from "../geometry/vertical.ts";
import { inside } from "../predicates/inside.ts";
import { nextto } from "../predicates/nextto.ts";
import { ontop } from "../predicates/ontop.ts";
import { under } from "../predicates/under.ts";
import type { Box } from "../scene/schema.ts";
import { candidateSets, type CandidateSet } from "./candidate-sets.ts";
import { collides, obstaclesOf, type Obstacle } from "./collision.ts";
import { dropTest, type DropOutcome } from "./drop-test.ts";
import { formatSize } from "./format.ts";
import { groundSlab } from "./ground.ts";
import { MAX_DRIFT, MAX_SINK, MAX_TILT } from "./physics-constants.ts";
import type { PlacementObject, PlacementRelation, PlacementRequest, PlacementResult } from "./placement-types.ts";
import { PartCache } from "./solid-parts.ts";
import { snapDown } from "./support.ts";

/** At most this many collision-free candidates get a physics check before the search gives up. */
export const MAX_PHYSICS_CHECKS = 6;
/** Obstacle parts within this of a candidate go into its physics check, m. */
const PHYSICS_NEIGHBOURHOOD = 0.05;

const RELATION_TESTS: Record<PlacementRelation, (a: PlacementObject, b: PlacementObject) => boolean> = {
  ontop,
  inside,
  nextto,
  under,
};

/**
 * Finds a free, stable pose for `object` in `relation` to `target`:
 * - `ontop`: on the target's top face, footprint on it (overhanging, centred over it, only if it is larger);
 * - `inside`: on the interior base of a container, else on top of what is already inside;
 * - `nextto`: beside one of the target's sides, on what the target stands on (the floor, a table top, a
 *   container's base);
 * - `under`: in a table's leg space, or on the floor below anything raised.
 *
 * Candidates lie on a grid over the support, turned to the target's axes, tried in an order shuffled by
 * `rng` (same seed, same pose). A candidate is rejected if it cuts into a nearby object's solid parts,
 * rises above a lid or slab, leaves the support or room, the relation would not hold (the predicates
 * decide), or it would not rest there with its centre over its support ({@link snapDown}). The first
 * survivors are dropped from `DROP_HEIGHT` (5 mm) in a small cannon-es world with only their neighbours;
 * one that comes to rest in place (tilt < {@link MAX_TILT}, drift < {@link MAX_DRIFT}, height within
 * {@link MAX_SINK}) is returned as the analytic candidate pose, exactly resting on its
 * support, so that results do not carry solver noise. Whether a container is open, or the object is held,
 * is the caller's business: this only answers "where would it fit and stay?".
 */
export function findPlacement(request: PlacementRequest): PlacementResult {
  const { object, target, relation } = request;
  if (object.id === target.id) return { ok: false, reason: `${object.id} cannot be placed relative to itself` };
  if (target.held) return { ok: false, reason: `${target.id} is being held` };

  const nearby: PlacementObject[] = [];
  const seen = new Set<string>([object.id]);
  for (const o of [target, ...request.nearby]) {
    if (seen.has(o.id) || o.held) continue;
    seen.add(o.id);
    nearby.push(o);
  }
  const found = candidateSets(relation, { object, target, nearby, rooms: request.rooms ?? [] });
  if (!found.ok) return found;

  const parts = new PartCache();
  const obstacles = obstaclesOf(nearby, new Set(), parts.of);
  const holds = RELATION_TESTS[relation];
  let checks = 0;
  let lastProblem: string | null = null;
  for (const set of found.sets) {
    // shuffling the indices draws exactly what shuffling the poses did; poses are made only when reached
    const order = request.rng.shuffle(Array.from({ length: set.poses.length }, (_, i) => i));
    for (const index of order) {
      const pose = set.poses.at(index);
      if (!admissible(pose, set, obstacles)) continue;
      if (!holds(withBox(object, pose), target)) continue;
      // Static check first: it must already rest at this height with its centre over its support.
      const snap = snapDown(pose, nearby, parts.of);
      if (!snap.stable || Math.abs(snap.box.center.z - pose.center.z) > 1e-9) continue;
      if (checks >= MAX_PHYSICS_CHECKS) return { ok: false, reason: lastProblem ?? noSpace(relation, object, target) };
      checks++;
      const outcome = dropTest(pose, staticsFor(pose, set, obstacles), { stopWhen: { sink: 3 * MAX_SINK, tilt: 3 * MAX_TILT } });
      const problem = instability(outcome, set);
      if (!problem) return { ok: true, box: pose, restsOn: set.restsOn?.id ?? null };
      lastProblem = problem;
    }
  }
  return { ok: false, reason: lastProblem ?? noSpace(relation, object, target) };
}

/** The object as it would be at `pose` (a plain record: predicates read only these fields). */
function withBox(o: PlacementObject, box: Box): PlacementObject {
  return { id: o.id, box, shape: o.shape, wall: o.wall, abilities: o.abilities, held: false, states: o.states, room: o.room };
}

function admissible(pose: Box, set: CandidateSet, obstacles: readonly Obstacle[]): boolean {
  if (topZ(pose) > set.ceiling + 1e-9) return false;
  if (set.bound && !footprintWithin(pose, set.bound, 1e-9)) return false;
  return !collides(pose, obstacles);
}

function staticsFor(pose: Box, set: CandidateSet, obstacles: readonly Obstacle[]): Box[] {
  // Bounds further apart than the neighbourhood (with room for rounding) cannot hold boxes within it:
  // skip the exact distance for them. The result is the same list.
  const reach = PHYSICS_NEIGHBOURHOOD + 1e-6;
  const r = footprintBounds(pose);
  const [lo, hi] = [bottomZ(pose), topZ(pose)];
  const statics = obstacles
    .filter((o) => {
      const b = o.bounds;
      if (b.minX - r.maxX > reach || r.minX - b.maxX > reach || b.minY - r.maxY > reach || r.minY - b.maxY > reach) return false;
      if (bottomZ(o.part) - hi > reach || lo - topZ(o.part) > reach) return false;
      return boxDistance(o.part, pose) <= PHYSICS_NEIGHBOURHOOD;
    })
    .map((o) => o.part);
  if (set.groundZ !== null) statics.push(groundSlab(pose, set.groundZ));
  return statics;
}

/** Why a dropped candidate is not acceptable, or null when it stayed put. */
function instability(outcome: DropOutcome, set: CandidateSet): string | null {
  const from = set.restsOn ? ` off ${set.restsOn.id}` : "";
  if (outcome.sink > MAX_SINK) return `unstable: it slid${from}`;
  if (outcome.tilt > MAX_TILT) return "unstable: it tipped over";
  if (outcome.drift > MAX_DRIFT || !outcome.rested) return `unstable: it slid${from}`;
  if (outcome.sink < -MAX_SINK) return "unstable: it was pushed out of place";
  return null;
}

function noSpace(relation: PlacementRelation, object: PlacementObject, target: PlacementObject): string {
  switch (relation) {
    case "ontop":
      return `no free space on top of ${target.id}`;
    case "inside": {
      const interior = interiorOf(target);
      return `no free space inside ${target.id} (interior ${interior ? formatSize(interior.size) : "none"}, object ${formatSize(object.box.size)})`;
    }
    case "nextto":
      return `no free space next to ${target.id}`;
    case "under":
      return `no free space under ${target.id}`;
  }
}

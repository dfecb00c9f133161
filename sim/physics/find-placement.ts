import { footprintWithin } from "../geometry/containment.ts";
import { boxDistance } from "../geometry/gap.ts";
import { effectiveShape, interiorOf } from "../geometry/shape-model.ts";
import { footprintBounds } from "../geometry/footprint.ts";
import { bottomZ, topZ } from "../geometry/vertical.ts";
import { inside } from "../predicates/inside.ts";
import { nextto } from "../predicates/nextto.ts";
import { ontop } from "../predicates/ontop.ts";
import { under } from "../predicates/under.ts";
import { SHUFFLE_INDICES_MAX, type Rng } from "../rng.ts";
import type { Box } from "../scene/schema.ts";
import type { PoseList } from "./candidate-grid.ts";
import { candidateSets, type CandidateSet } from "./candidate-sets.ts";
import { collides, type Obstacle } from "./collision.ts";
import { soleSupportIndex, staticPart } from "./analytic-drop.ts";
import { dropTest, type DropOutcome } from "./drop-test.ts";
import { formatSize } from "./format.ts";
import { groundSlab } from "./ground.ts";
import { MAX_DRIFT, MAX_SINK, MAX_TILT } from "./physics-constants.ts";
import type { NearbyQuery, PlacementObject, PlacementRelation, PlacementRequest, PlacementResult } from "./placement-types.ts";
import { sharedSolidParts, type SolidPart } from "./solid-parts.ts";
import { restsInPlace, staysOn } from "./support.ts";

/** At most this many collision-free candidates get a physics check before the search gives up. */
export const MAX_PHYSICS_CHECKS = 6;
/** Obstacle parts within this of a candidate go into its physics check, m. */
const PHYSICS_NEIGHBOURHOOD = 0.05;
/**
 * Scratch space for the shuffled candidate order, kept between calls (a fresh typed array of thousands of
 * entries on every place is garbage). A search uses one set's order at a time and never calls itself.
 */
let orderBuffer = new Uint32Array(1024);
/** A carryable support counts as settled when it rests within this of where it is, m (rounding only). */
const SETTLED_TOLERANCE = 1e-6;

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
 *   container's base), else, when that is something carryable (a place mat, a tray), beside it on what it
 *   stands on;
 * - `under`: in a table's leg space, or on the floor below anything raised.
 *
 * Candidates lie on a grid over the support, turned to the target's axes, tried in an order shuffled by
 * `rng` (same seed, same pose); `inside`, corners first, then against one wall ({@link cornersFirst}). A candidate is rejected if it cuts into a nearby object's solid parts,
 * rises above a lid or slab, leaves the support or room, the relation would not hold (the predicates
 * decide), or it would not rest there with its centre over its support ({@link restsInPlace}). The first
 * survivors get a physics check. When its outcome is certain — the whole footprint on one level face of a
 * settled support, nothing else within contact distance ({@link soleSupportIndex}) — the candidate is
 * accepted without physics: a perfect solver leaves it exactly where it is. Otherwise it is dropped from
 * `DROP_HEIGHT` (5 mm) in a small cannon-es world with only its neighbours; one that comes to rest in
 * place (tilt < {@link MAX_TILT}, drift < {@link MAX_DRIFT}, height within {@link MAX_SINK}) is accepted.
 * Either way the result is the analytic candidate pose, exactly resting on its support, so that results
 * do not carry solver noise. Whether a container is open, or the object is held, is the caller's
 * business: this only answers "where would it fit and stay?".
 */
export function findPlacement(request: PlacementRequest): PlacementResult {
  const { object, target, relation } = request;
  if (object.id === target.id) return { ok: false, reason: `${object.id} cannot be placed relative to itself` };
  if (target.held) return { ok: false, reason: `${target.id} is being held` };

  const query = typeof request.nearby === "function" ? request.nearby : null;
  // what the candidate sets read (covers on the target, its contents, supports and container, the floor under
  // it) all overlaps the target, or what it stands on: asked for there, not over the whole reach of the search
  const nearby = distinctNearby(object, target, query ? query(target.box, CONTACT_REACH) : (request.nearby as Iterable<PlacementObject>));
  const around = query ? (o: PlacementObject) => distinctNearby(object, target, query(o.box, CONTACT_REACH)) : undefined;
  const found = candidateSets(relation, { object, target, nearby, rooms: request.rooms ?? [], around });
  if (!found.ok) return found;

  // Only objects that come within the physics neighbourhood of some candidate can block, hold up or touch
  // one: the rest need not be cut into parts. A query is asked for exactly the candidates' area: withinReach
  // tests each axis apart, so what it keeps lies within √2 × its reach of the sets' bounds.
  const reach = PHYSICS_NEIGHBOURHOOD + 1e-6;
  const candidates = query ? objectsAroundSets(query, object, target, found.sets, reach * Math.SQRT2 + 1e-6) : nearby;
  const relevant = withinReach(candidates, found.sets, reach);
  // their solid parts, in order: what a candidate must not cut into, and what it can rest on (nothing in
  // `nearby` is held, so these are exactly `obstaclesOf(relevant)` and the parts `snapDown(relevant)` reads)
  const solids: SolidPart[] = [];
  for (const o of relevant) for (const p of sharedSolidParts(o)) solids.push(p);
  const obstacles: readonly Obstacle[] = solids;
  const holds = RELATION_TESTS[relation];
  let checks = 0;
  let lastProblem: string | null = null;
  for (const set of found.sets) {
    // shuffling the indices draws exactly what shuffling the poses did; poses are made only when reached
    const n = set.poses.length;
    if (orderBuffer.length < n) orderBuffer = new Uint32Array(Math.max(n, 2 * orderBuffer.length));
    // the orders are the first n places of the scratch arrays, read with n: no typed-array view made per place
    // (each `subarray` is a call into V8's typed-array constructor, large code met once a step)
    const shuffled = shuffleFirst(request.rng, n, orderBuffer);
    const order = relation === "inside" ? packCornersFirst(shuffled, n, set.poses) : shuffled;
    for (let k = 0; k < n; k++) {
      const pose = set.poses.at(order[k]!);
      if (!admissible(pose, set, obstacles)) continue;
      if (!holds(withBox(object, pose), target)) continue;
      // Static check first: it must already rest at this height with its centre over its support.
      if (!restsInPlace(pose, solids)) continue;
      if (checks >= MAX_PHYSICS_CHECKS) return { ok: false, reason: lastProblem ?? noSpace(relation, object, target) };
      checks++;
      // Wholly on one level face of a settled support, clear of everything else: it stays, no physics needed.
      if (restsAsSet(pose, set, obstacles, query ? relevant : nearby, around)) return { ok: true, box: pose, restsOn: set.restsOn?.id ?? null };
      const outcome = dropTest(pose, staticsFor(pose, set, obstacles), { stopWhen: { sink: 3 * MAX_SINK, tilt: 3 * MAX_TILT } });
      const problem = instability(outcome, set);
      if (!problem) return { ok: true, box: pose, restsOn: set.restsOn?.id ?? null };
      lastProblem = problem;
    }
  }
  return { ok: false, reason: lastProblem ?? noSpace(relation, object, target) };
}

/**
 * How far around an object the search looks for what touches it: covers on it, its contents, its supports and
 * container, the floor under it. Each overlaps its footprint; the rest is slack over the predicates' tolerances, m.
 */
const CONTACT_REACH = 0.05;

/**
 * The target, then the objects `query` finds within `radius` of the bounds of all the sets' poses (each id once,
 * without the object and held ones): in the order {@link distinctNearby} would list them from a query around the
 * target wide enough to hold them.
 */
function objectsAroundSets(query: NearbyQuery, object: PlacementObject, target: PlacementObject, sets: readonly CandidateSet[], radius: number): PlacementObject[] {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const set of sets) {
    const r = set.poses.bounds;
    if (!r) continue;
    if (r.minX < minX) minX = r.minX;
    if (r.minY < minY) minY = r.minY;
    if (r.maxX > maxX) maxX = r.maxX;
    if (r.maxY > maxY) maxY = r.maxY;
  }
  if (minX > maxX) return [];
  const area: Box = { center: { x: (minX + maxX) / 2, y: (minY + maxY) / 2, z: 0 }, size: { x: maxX - minX, y: maxY - minY, z: 0 }, heading: 0 };
  return distinctNearby(object, target, query(area, radius));
}

/** Scratch space for {@link cornersFirst}'s order, kept between calls like `orderBuffer`. */
let packedBuffer = new Uint32Array(1024);

/**
 * `order` with the poses in a corner of their area first, then those against one side, then the rest, each
 * group in `order`'s (shuffled) order: things put into a container go against its walls, as a person packs
 * a box, so that what comes later still fits. Tried in random order, two kabobs set down mid-way across a
 * box that holds four left no room for a third. `order` is a permutation of all of `poses`' indices.
 */
export function cornersFirst(order: Uint32Array, poses: PoseList): Uint32Array {
  return packCornersFirst(order, order.length, poses).subarray(0, order.length);
}

/** {@link cornersFirst} of `order`'s first `n` places, into the first `n` places of a scratch array it returns. */
function packCornersFirst(order: Uint32Array, n: number, poses: PoseList): Uint32Array {
  if (packedBuffer.length < n) packedBuffer = new Uint32Array(Math.max(n, 2 * packedBuffer.length));
  // the list's own contacts (made once per list): `order` is a permutation of all its poses, so each group's
  // place in the result is known before the pass, and one pass puts every index there in `order`'s order
  const { contacts, counts } = poses.edgeContacts();
  const out = packedBuffer;
  let corner = 0;
  let side = counts[2];
  let rest = counts[2] + counts[1];
  for (let i = 0; i < n; i++) {
    const p = order[i]!;
    const c = contacts[p];
    if (c === 2) out[corner++] = p;
    else if (c === 1) out[side++] = p;
    else out[rest++] = p;
  }
  return out;
}

/** Lists at most this long are kept distinct by scanning them (no set of ids to build). */
const SCAN_DISTINCT = 64;

/**
 * The target, then the `nearby` objects, each id once (its first occurrence), without the object itself and
 * held objects. A place asks with the few dozen objects around the target, already distinct: comparing ids
 * with those kept so far costs less than building a set of them; longer lists use a set.
 */
export function distinctNearby(object: PlacementObject, target: PlacementObject, more: Iterable<PlacementObject>): PlacementObject[] {
  const out: PlacementObject[] = [];
  // a loop over a module-level helper, not a closure: tsx names every closure it makes (keepNames), a
  // defineProperty call per place that cost as much as the whole scan
  let seen = keepDistinct(out, null, target, object.id);
  for (const o of more) seen = keepDistinct(out, seen, o, object.id);
  return out;
}

/**
 * Appends `o` to `out` unless it is held, is `skipId` or is already there (by id); returns the set of kept ids
 * to pass to the next call, made once `out` reaches {@link SCAN_DISTINCT} objects (null until then: scanned).
 */
function keepDistinct(out: PlacementObject[], seen: Set<string> | null, o: PlacementObject, skipId: string): Set<string> | null {
  if (o.held || o.id === skipId) return seen;
  if (seen) {
    if (seen.has(o.id)) return seen;
    seen.add(o.id);
  } else {
    for (let i = 0; i < out.length; i++) if (out[i]!.id === o.id) return seen;
    if (out.length >= SCAN_DISTINCT) seen = new Set(out.map((n) => n.id)).add(o.id);
  }
  out.push(o);
  return seen;
}

/**
 * The indices 0 … n−1 in the order `rng.shuffle` would leave them, drawing exactly the same numbers in the
 * same order (so the rng stream after it is the same too), into a typed array: a grid over a large table
 * holds thousands of poses, and a plain array built by `Array.from` and shuffled with destructuring swaps
 * cost several times the draws themselves.
 */
export function shuffledIndices(rng: Rng, n: number, into?: Uint32Array): Uint32Array {
  const order = shuffleFirst(rng, n, into && into.length >= n ? into : new Uint32Array(n));
  return order.length === n ? order : order.subarray(0, n);
}

/** {@link shuffledIndices} into the first `n` places of `into` (at least `n` long), which it returns. */
function shuffleFirst(rng: Rng, n: number, into: Uint32Array): Uint32Array {
  // a grid holds at most 2 × 41 × 41 poses, far below what shuffleIndices takes; past it, the plain shuffle
  if (n > SHUFFLE_INDICES_MAX) {
    into.set(rng.shuffle(Array.from({ length: n }, (_, i) => i)));
    return into;
  }
  return rng.shuffleIndices(into, n);
}

/** The object as it would be at `box`, not held (a plain record: predicates read only these fields). */
export function withBox(o: PlacementObject, box: Box): PlacementObject {
  return { id: o.id, box, shape: o.shape, wall: o.wall, abilities: o.abilities, held: false, states: o.states, room: o.room };
}

function admissible(pose: Box, set: CandidateSet, obstacles: readonly Obstacle[]): boolean {
  if (topZ(pose) > set.ceiling + 1e-9) return false;
  if (set.bound && !footprintWithin(pose, set.bound, 1e-9)) return false;
  return !collides(pose, obstacles);
}

/** The objects whose footprint bounds come within `reach` of the bounds of some candidate set's poses, in order. */
function withinReach(objects: readonly PlacementObject[], sets: readonly CandidateSet[], reach: number): PlacementObject[] {
  const out: PlacementObject[] = [];
  for (const o of objects) {
    // footprintBounds(o.box), its arithmetic inlined: no rectangle per object (and no cosine and sine of a
    // zero heading, most objects': they are exactly 1 and 0)
    const box = o.box;
    const c = box.heading === 0 ? 1 : Math.abs(Math.cos(box.heading));
    const s = box.heading === 0 ? 0 : Math.abs(Math.sin(box.heading));
    const hx = (c * box.size.x + s * box.size.y) / 2;
    const hy = (s * box.size.x + c * box.size.y) / 2;
    const minX = box.center.x - hx;
    const minY = box.center.y - hy;
    const maxX = box.center.x + hx;
    const maxY = box.center.y + hy;
    for (const set of sets) {
      const r = set.poses.bounds;
      if (!r || minX - r.maxX > reach || r.minX - maxX > reach || minY - r.maxY > reach || r.minY - maxY > reach) continue;
      out.push(o);
      break;
    }
  }
  return out;
}

function staticsFor(pose: Box, set: CandidateSet, obstacles: readonly Obstacle[]): Box[] {
  // Bounds further apart than the neighbourhood (with room for rounding) cannot hold boxes within it:
  // skip the exact distance for them. The result is the same list.
  const reach = PHYSICS_NEIGHBOURHOOD + 1e-6;
  const r = footprintBounds(pose);
  const [lo, hi] = [bottomZ(pose), topZ(pose)];
  const statics: Box[] = [];
  for (const o of obstacles) {
    const b = o.bounds;
    if (b.minX - r.maxX > reach || r.minX - b.maxX > reach || b.minY - r.maxY > reach || r.minY - b.maxY > reach) continue;
    if (bottomZ(o.part) - hi > reach || lo - topZ(o.part) > reach) continue;
    if (boxDistance(o.part, pose) <= PHYSICS_NEIGHBOURHOOD) statics.push(o.part);
  }
  if (set.groundZ !== null) statics.push(groundSlab(pose, set.groundZ));
  return statics;
}

/**
 * True when the physics check of `pose` has a certain outcome, "it stays" ({@link soleSupportIndex}: its
 * whole footprint on one level face, nothing else within contact distance), and what that face belongs to
 * is itself settled. The obstacles (and the floor plane's slab) stand for the physics check's fixed boxes:
 * those within the physics neighbourhood are a superset of those within contact distance.
 */
function restsAsSet(pose: Box, set: CandidateSet, obstacles: readonly Obstacle[], nearby: readonly PlacementObject[], around?: (o: PlacementObject) => readonly PlacementObject[]): boolean {
  // the floor plane's slab goes after the obstacles (as if appended to a copy of them)
  const sole = soleSupportIndex(pose, obstacles, set.groundZ === null ? undefined : staticPart(groundSlab(pose, set.groundZ)));
  return sole >= 0 && settled(sole < obstacles.length ? obstacles[sole]!.ownerId : null, nearby, around);
}

/**
 * True when the object `id` (null: the floor plane) stays where it is under what is set on it: a floor, a
 * fixed piece of furniture (the building holds it), or a carryable object resting balanced exactly where it
 * is on the other `nearby` objects. Anything else (floating, sunk, wedged off balance, or its supports out
 * of reach of the search) leaves the placement to physics.
 */
function settled(id: string | null, nearby: readonly PlacementObject[], around?: (o: PlacementObject) => readonly PlacementObject[]): boolean {
  if (id === null) return true;
  const o = nearby.find((n) => n.id === id);
  if (!o) return false;
  if (effectiveShape(o) === "floor" || o.kind === "fixed") return true;
  // Only what starts lower can hold it up: what stands in it or beside it on the same surface is left out
  // (a short thing inside a basket is not the basket's support). What can hold it up lies under it: `around` it.
  const bottom = bottomZ(o.box);
  const others = (around ? around(o) : nearby).filter((n) => n !== o && bottomZ(n.box) < bottom);
  return staysOn(o.box, others, sharedSolidParts, SETTLED_TOLERANCE);
}

/**
 * Why a dropped candidate is not acceptable, or null when it stayed put (the acceptance rule of the physics
 * check: within {@link MAX_SINK}, {@link MAX_TILT}, {@link MAX_DRIFT} of the pose, and at rest).
 */
export function instability(outcome: DropOutcome, set: Pick<CandidateSet, "restsOn">): string | null {
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

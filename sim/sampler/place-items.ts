import { footprintOverlapArea, footprintWithin, fromBoxFrame, interiorOf, legSpaceOf, topZ } from "../geometry/index.ts";
import { collides, obstaclesOf } from "../physics/collision.ts";
import { snapDown } from "../physics/support.ts";
import { evaluatePredicate } from "../predicates/registry.ts";
import type { Rng } from "../rng.ts";
import type { Box, RoomSpec } from "../scene/schema.ts";
import { asPredicateObject, spreadOver, type DraftObject } from "./draft.ts";
import { roomAt } from "./rooms.ts";

/**
 * Puts every item on, in or under its support so that each initial fact holds, supports first.
 * Candidate poses lie on the support's top face, a container's interior base, a table's leg space or a
 * room's floor, turned to the support's axes; a candidate is kept when it cuts into nothing, would not
 * move when the scene is settled (the loader's own settling test), and every initial fact relating it
 * to what is already placed holds by the same predicates that judge goals.
 */

/** Candidates tried per item before the sample is given up. */
const TRIES = 200;
/** Gap kept between an item and the edges of the face it stands on, m. */
const EDGE = 0.01;
/** The same in a container or a leg space, m. */
const PACKED_EDGE = 0.001;
/** Share of candidate coordinates put flush against an edge of the surface. */
const EDGE_BIAS = 0.5;
/**
 * The same in a container or a leg space, packed from the sides in: the first of two apples in a bowl made
 * for them, set down in the middle, left no room for the second in any of the sampler's attempts.
 */
const PACKED_EDGE_BIAS = 0.85;
/** How far in from the edge those candidates stay, m. */
const EDGE_INSET = 0.25;
/** Gap kept between an item on a floor and the room's walls, m. */
const WALL_GAP = 0.15;

/** Why an item could not be placed. */
export interface PlacementFailure {
  /** The item's draft id. */
  item: string;
  /** Why, naming objects as the {@link ObjectNames} given to {@link placeItems} do. */
  reason: string;
}

/** How a failure names objects (the caller's BDDL names; draft ids by default). */
export interface ObjectNames {
  /** An object as the subject of a message. */
  name(id: string): string;
  /** An object as an operand of a literal (one of the objects a `_*` instance stands for is that instance). */
  term(id: string): string;
}

const DRAFT_IDS: ObjectNames = { name: (id) => id, term: (id) => id };

/** Places the items (drafts with a support and no box yet); null on success, else why, told with `names`. */
export function placeItems(drafts: readonly DraftObject[], rooms: readonly RoomSpec[], rng: Rng, names: ObjectNames = DRAFT_IDS): PlacementFailure | null {
  const byId = new Map(drafts.map((d) => [d.id, d]));
  const pending = drafts.filter((d) => !d.box);
  const placed = drafts.filter((d) => d.box);
  // larger things first: small ones fit in the gaps they leave
  pending.sort((a, b) => b.size.x * b.size.y - a.size.x * a.size.y || (a.id < b.id ? -1 : 1));
  while (pending.length) {
    const i = pending.findIndex((d) => !d.support || byId.get(d.support.target)?.box);
    if (i < 0) return { item: pending[0]!.id, reason: `its support ${names.name(pending[0]!.support!.target)} is never placed (a cycle of supports)` };
    const item = pending.splice(i, 1)[0]!;
    const failure = placeOne(item, byId, placed, rooms, rng, names);
    if (failure) return failure;
    placed.push(item);
  }
  return null;
}

function placeOne(item: DraftObject, byId: Map<string, DraftObject>, placed: DraftObject[], rooms: readonly RoomSpec[], rng: Rng, names: ObjectNames): PlacementFailure | null {
  if (!item.support) return { item: item.id, reason: "it has nothing to rest on" };
  const target = byId.get(item.support.target)!;
  const main = surfaceFor(item, target, rooms);
  if (!main) return { item: item.id, reason: `${names.name(target.id)} has no room ${item.support.pred === "under" ? "under" : "in"} it` };
  const stacks = stackSurfaces(item, placed);
  const others = placed.map((p) => asPredicateObject(p));
  const obstacles = obstaclesOf(others, new Set());
  const checks = factChecks(item, byId);
  const margin = overhangOf(item, byId);
  let lastReason = "no free spot";
  for (let t = 0; t < TRIES; t++) {
    // in a crowded container or leg space, things go on top of what is already there
    const surface = t < TRIES / 2 || stacks.length === 0 ? main : rng.pick(stacks);
    const box = poseOn(surface, item, rng, margin);
    if (!box) break;
    const room = roomAt(rooms, box.center);
    if (!room) continue;
    if (surface.floorRoom && !footprintWithin(box, surface.box)) continue;
    if (collides(box, obstacles)) {
      lastReason = "everything there collides";
      continue;
    }
    if (item.support.pred === "onfloor" && placed.some((p) => p.shape !== "floor" && footprintOverlapArea(box, p.box!) > 0)) continue;
    const near = others.filter((o) => o.id !== item.id);
    const snap = snapDown(box, near);
    if (!snap.stable || Math.abs(snap.box.center.z - box.center.z) > 1e-4) {
      lastReason = "it would not stay put there";
      continue;
    }
    item.room = room;
    const me = asPredicateObject(item, box);
    const failed = checks.find((c) => c.other.box && evaluatePredicate(c.pred, c.first ? [me, asPredicateObject(c.other)] : [asPredicateObject(c.other), me]) !== c.positive);
    if (failed) {
      const args = failed.first ? `${names.term(item.id)} ${names.term(failed.other.id)}` : `${names.term(failed.other.id)} ${names.term(item.id)}`;
      lastReason = `${failed.positive ? `(${failed.pred} ${args})` : `(not (${failed.pred} ${args}))`} would not hold`;
      continue;
    }
    item.box = box;
    return null;
  }
  item.room = undefined;
  return { item: item.id, reason: `no spot ${item.support.pred} ${names.name(target.id)}: ${lastReason}` };
}

/**
 * Tops of things already in the same container (or under the same table) that the item may lie on, or on top of
 * the same thing, of a cloth spread over it (a pillow on the blanket on the bed).
 */
function stackSurfaces(item: DraftObject, placed: readonly DraftObject[]): Surface[] {
  const { pred, target } = item.support!;
  if (pred === "ontop") {
    return placed
      .filter((p) => spreadOver(p, target))
      .map((p) => ({ box: p.box!, z: topZ(p.box!) }));
  }
  if (pred !== "inside" && pred !== "under") return [];
  return placed
    .filter((p) => p.support?.pred === pred && p.support.target === target && p.shape !== "table")
    .map((p) => ({ box: p.box!, z: topZ(p.box!) }));
}

/** A face to stand items on: a box whose top (or, for an interior, bottom) face is the surface. */
interface Surface {
  /** The region in world frame (its heading gives the axes). */
  box: Box;
  /** Height of the items' bottom. */
  z: number;
  /** Room id when the surface is a room's floor (items stay off its walls). */
  floorRoom?: string;
  /** A container's interior or a table's leg space: things go against its sides, not a hand's width in. */
  packed?: boolean;
}

function surfaceFor(item: DraftObject, target: DraftObject, rooms: readonly RoomSpec[]): Surface | null {
  const t = asPredicateObject(target);
  const tb = target.box!;
  switch (item.support!.pred) {
    case "inside": {
      const inner = interiorOf(t);
      return inner ? { box: inner, z: inner.center.z - inner.size.z / 2, packed: true } : null;
    }
    case "under": {
      const legs = legSpaceOf(t);
      if (legs) return { box: legs, z: legs.center.z - legs.size.z / 2, packed: true };
      // on the floor below furniture hung on the wall (its footprint at floor height)
      return target.elevation ? { box: { ...tb, center: { ...tb.center, z: 0 }, size: { ...tb.size, z: 0 } }, z: 0, packed: true } : null;
    }
    case "onfloor":
    case "ontop": {
      if (target.origin === "floor") {
        const room = rooms.find((r) => r.id === target.room)!;
        const f = room.footprint;
        const inset: Box = {
          center: { x: (f.min.x + f.max.x) / 2, y: (f.min.y + f.max.y) / 2, z: 0 },
          size: { x: f.max.x - f.min.x - 2 * WALL_GAP, y: f.max.y - f.min.y - 2 * WALL_GAP, z: 0 },
          heading: 0,
        };
        return { box: inset, z: topZ(tb), floorRoom: room.id };
      }
      return { box: tb, z: topZ(tb) };
    }
  }
}

/**
 * How far what starts on top of the item reaches past it at most, m: the item keeps that far in from the edges of
 * its surface, so that a newspaper set on a letter does not cut into the wall the letter stands against.
 */
function overhangOf(item: DraftObject, byId: ReadonlyMap<string, DraftObject>): number {
  let margin = 0;
  for (const d of byId.values()) {
    if (d.support?.pred !== "ontop" || d.support.target !== item.id) continue;
    margin = Math.max(margin, (Math.max(d.size.x, d.size.y) - Math.min(item.size.x, item.size.y)) / 2);
  }
  return margin;
}

/**
 * A random pose on the surface, turned 0 or 90° to its axes, inside its edges (and `margin` in from them) when it
 * fits, else centred.
 */
function poseOn(s: Surface, item: DraftObject, rng: Rng, margin = 0): Box | null {
  const turned = rng.next() < 0.5;
  const ex = (turned ? item.size.y : item.size.x) / 2;
  const ey = (turned ? item.size.x : item.size.y) / 2;
  // packed things stand against the walls (a millimetre off, for rounding): two apples fill a bowl made for them
  const edge = s.packed ? PACKED_EDGE : EDGE;
  const free = (half: number, e: number) => Math.max(0, half - edge - e - margin);
  const fx = free(s.box.size.x / 2, ex);
  const fy = free(s.box.size.y / 2, ey);
  if (s.floorRoom && (fx === 0 || fy === 0)) return null;
  // people set things down along the edges and leave the middle free; so do half the candidates (on a
  // surface a hand's width in from the edge, so that something can still go beside them; in a box or under
  // a table against its side, as a box is packed: two things a hand's width in from the walls of a box
  // made for four leave no room for a third)
  const inset = s.packed ? 0 : EDGE_INSET;
  const bias = s.packed ? PACKED_EDGE_BIAS : EDGE_BIAS;
  const along = (f: number) => {
    if (rng.next() >= bias) return rng.range(-f, f);
    const near = Math.max(0, f - inset);
    return rng.next() < 0.5 ? -near : near;
  };
  const p = fromBoxFrame(s.box, { x: along(fx), y: along(fy) });
  return {
    center: { x: p.x, y: p.y, z: s.z + item.size.z / 2 },
    size: { ...item.size },
    heading: normalize(s.box.heading + (turned ? Math.PI / 2 : 0)),
  };
}

interface FactCheck {
  pred: string;
  other: DraftObject;
  positive: boolean;
  /** The item is the first argument. */
  first: boolean;
}

/** Initial facts between the item and other objects (the item first, or second). */
function factChecks(item: DraftObject, byId: Map<string, DraftObject>): FactCheck[] {
  const out: FactCheck[] = item.facts
    .filter((f) => byId.has(f.other))
    .map((f) => ({ pred: f.pred, other: byId.get(f.other)!, positive: f.positive, first: true }));
  for (const d of byId.values()) {
    for (const f of d.facts) if (f.other === item.id && d.id !== item.id) out.push({ pred: f.pred, other: d, positive: f.positive, first: false });
  }
  return out;
}

function normalize(a: number): number {
  let x = a % (2 * Math.PI);
  if (x > Math.PI) x -= 2 * Math.PI;
  if (x <= -Math.PI) x += 2 * Math.PI;
  return Math.abs(x) < 1e-12 ? 0 : x;
}

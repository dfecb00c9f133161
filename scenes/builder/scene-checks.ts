/**
 * Consistency checks on a scene's geometry, read from the scene file alone: every carryable object rests on,
 * in or under something (or on the floor), every object stands inside its room, no two objects share volume
 * unless one lies in the other's hollow (a container's interior, the space under a table), and every room
 * can be reached through doors. The builder runs them before writing; tests run them on the committed files.
 */
import type { Box, ObjectSpec, SceneFile } from "../../sim/scene/schema.ts";
import { EPS, bottom, boxesIntersect, footprintCorners, footprintWithin, restsIn, restsOn, top } from "./geometry.ts";

/** Height of a `table` top slab: anything under a table stays below it. */
export const TABLE_SLAB = 0.04;
/** Container wall thickness when a scene gives none (the simulator's default). */
export const DEFAULT_WALL = 0.02;

/** What holds a carryable object up, found from geometry. */
export interface RestingPlace {
  relation: "ontop" | "inside" | "under" | "onfloor";
  /** Object id, or `floor_<room>`. */
  target: string;
}

/** True when `inner` lies in `outer`'s hollow: a container's interior or the free space under a table. */
export function liesWithinHollow(inner: Box, outer: ObjectSpec): boolean {
  if (outer.shape === "container") {
    const wall = outer.wall ?? DEFAULT_WALL;
    return bottom(inner) >= bottom(outer.box) + wall - EPS && top(inner) <= top(outer.box) + EPS && footprintWithin(inner, outer.box, wall);
  }
  if (outer.shape === "table") {
    return bottom(inner) >= -EPS && top(inner) <= top(outer.box) - TABLE_SLAB + EPS && footprintWithin(inner, outer.box);
  }
  return false;
}

/**
 * Where a carryable object rests: on top of another object, inside a container (on its interior base),
 * on the floor under a table, or on its room's floor (z = 0). Undefined when it floats.
 */
export function restingPlace(o: ObjectSpec, scene: SceneFile): RestingPlace | undefined {
  const others = scene.objects.filter((s) => s.id !== o.id);
  const on = others.find((s) => restsOn(o.box, s.box));
  if (on) return { relation: "ontop", target: on.id };
  const container = others.find((s) => s.shape === "container" && restsIn(o.box, s.box, s.wall ?? DEFAULT_WALL));
  if (container) return { relation: "inside", target: container.id };
  if (Math.abs(bottom(o.box)) > EPS) return undefined;
  const table = others.find((s) => s.shape === "table" && liesWithinHollow(o.box, s));
  return table ? { relation: "under", target: table.id } : { relation: "onfloor", target: `floor_${o.room}` };
}

/** Every geometric inconsistency of the scene, as readable sentences (empty when consistent). */
export function sceneProblems(scene: SceneFile): string[] {
  return [...roomProblems(scene), ...restingProblems(scene), ...collisionProblems(scene), ...doorProblems(scene)];
}

/** Objects sticking out of their room, or whose centre the simulator would place in another room. */
export function roomProblems(scene: SceneFile): string[] {
  const out: string[] = [];
  const rooms = new Map(scene.rooms.map((r) => [r.id, r]));
  for (const o of scene.objects) {
    const r = rooms.get(o.room);
    if (!r) continue;
    const f = r.footprint;
    if (footprintCorners(o.box).some((p) => p.x < f.min.x - EPS || p.x > f.max.x + EPS || p.y < f.min.y - EPS || p.y > f.max.y + EPS)) {
      out.push(`${o.id} sticks out of room ${r.id}`);
    }
    const c = o.box.center;
    const first = scene.rooms.find((q) => c.x >= q.footprint.min.x && c.x <= q.footprint.max.x && c.y >= q.footprint.min.y && c.y <= q.footprint.max.y);
    if (first && first.id !== r.id) out.push(`${o.id} is in room ${r.id} but its centre lies in ${first.id} (first match)`);
  }
  return out;
}

/** Carryable objects that rest on nothing. */
export function restingProblems(scene: SceneFile): string[] {
  return scene.objects
    .filter((o) => o.kind === "carryable" && restingPlace(o, scene) === undefined)
    .map((o) => `${o.id} floats: its bottom (z = ${bottom(o.box)}) is on no support top, container base or floor`);
}

/** Pairs of objects sharing volume where neither lies in the other's hollow. */
export function collisionProblems(scene: SceneFile): string[] {
  const out: string[] = [];
  const list = scene.objects;
  for (let i = 0; i < list.length; i++) {
    for (let j = i + 1; j < list.length; j++) {
      const a = list[i]!;
      const b = list[j]!;
      if (!boxesIntersect(a.box, b.box)) continue;
      if (liesWithinHollow(a.box, b) || liesWithinHollow(b.box, a)) continue;
      out.push(`${a.id} and ${b.id} interpenetrate`);
    }
  }
  return out;
}

/** Doors between rooms that share no wall and have no position, and rooms no door leads to. */
export function doorProblems(scene: SceneFile): string[] {
  const out: string[] = [];
  const rooms = new Map(scene.rooms.map((r) => [r.id, r]));
  const adj = new Map<string, Set<string>>(scene.rooms.map((r) => [r.id, new Set<string>()]));
  for (const r of scene.rooms) {
    for (const d of r.doors) {
      const other = rooms.get(d.to);
      if (!other) continue;
      if (!d.position && sharedWall(r.footprint, other.footprint) <= EPS) out.push(`door ${r.id}→${d.to}: the rooms share no wall, so give it a position`);
      adj.get(r.id)!.add(d.to);
      adj.get(d.to)!.add(r.id);
    }
  }
  const seen = new Set([scene.agent.room]);
  const queue = [scene.agent.room];
  while (queue.length > 0) {
    for (const n of adj.get(queue.shift()!) ?? []) {
      if (seen.has(n)) continue;
      seen.add(n);
      queue.push(n);
    }
  }
  for (const r of scene.rooms) if (!seen.has(r.id)) out.push(`room ${r.id} cannot be reached from the agent's start room ${scene.agent.room}`);
  return out;
}

type Footprint = SceneFile["rooms"][number]["footprint"];

/** Length of the wall two touching footprints share (0 when they only meet at a corner or are apart). */
function sharedWall(a: Footprint, b: Footprint): number {
  const ox = Math.min(a.max.x, b.max.x) - Math.max(a.min.x, b.min.x);
  const oy = Math.min(a.max.y, b.max.y) - Math.max(a.min.y, b.min.y);
  if (Math.abs(ox) <= EPS) return oy;
  if (Math.abs(oy) <= EPS) return ox;
  return 0;
}

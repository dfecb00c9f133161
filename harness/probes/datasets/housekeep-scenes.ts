/**
 * Housekeep episodes → scenes and tasks of ours.
 *
 * Frame: Habitat is y-up with −z forward; ours is z-up, so a Habitat point (x, y, z) becomes
 * (x, −z, y) — a proper rotation, so handedness is kept.
 *
 * Episodes give positions only, no sizes, so boxes are built from what rests on what, over every
 * episode of the house (receptacles sit at the same place in all of them):
 * - a receptacle's footprint covers its position and every object any episode starts on it, plus
 *   0.15 m, and is at least its category's typical footprint;
 * - surfaces (tables, beds, chairs, counters, …) reach from the floor up to just under the lowest
 *   object resting on them (or twice their centre height when nothing rests on them);
 * - containers (fridge, oven, dishwasher, cabinets) reach from the floor to above the highest object
 *   inside and start open, so what is in them can be seen; wall-mounted ones (top cabinets) hang
 *   0.7 m tall around their centre;
 * - pictures, mirrors, windows, doors, and receptacles outside any room (`None-…`) are not imported;
 * - objects are 0.15 m cubes at their start position; the loader settles them onto what is under them.
 * Rooms: one per room instance (`bedroom_1`), footprint = the bounds of its receptacles plus 0.5 m;
 * doors join touching rooms, and unreachable rooms are joined to the nearest (as for VLA-3D).
 * Task: every misplaced object must end up on (or in, for containers) one of its goal receptacles.
 */
import { SCENE_SCHEMA_VERSION, type ObjectSpec, type RoomSpec, type SceneFile } from "../../../sim/scene/schema.ts";
import { conceptOf } from "../labels/concepts.ts";
import { connectRooms } from "./vla3d/rooms.ts";
import { housekeepReceptacleCategory, housekeepRoomType, type HousekeepEpisode } from "./housekeep.ts";

type Vec = { x: number; y: number; z: number };

/** Habitat (y-up) → ours (z-up). */
export function habitatToZUp([x, y, z]: readonly [number, number, number]): Vec {
  return { x, y: -z, z: y };
}

const OBJECT_SIZE = 0.15;
const SKIPPED = new Set(["picture", "mirror", "window", "door"]);
const CONTAINERS = new Set(["fridge", "oven", "dishwasher", "bottom_cabinet", "top_cabinet"]);
const WALL_MOUNTED = new Set(["top_cabinet"]);
/** Typical footprint (x, y) of a category, metres. */
const FOOTPRINT: Record<string, [number, number]> = {
  bed: [2, 1.6],
  bathtub: [1.7, 0.8],
  carpet: [2, 1.4],
  table: [1.2, 0.8],
  coffee_table: [1, 0.6],
  counter: [0.6, 0.6],
  sofa_chair: [0.9, 0.9],
  chair: [0.5, 0.5],
  fridge: [0.8, 0.7],
  shower: [0.9, 0.9],
};

/** Synset of a Housekeep category (`coffee_table` → `coffee_table.n.01`), `<category>.n.01` when unknown. */
export function housekeepSynset(category: string): string {
  return conceptOf(category)?.synset ?? `${category.toLowerCase().replace(/[^a-z0-9]+/g, "_")}.n.01`;
}

function receptacleId(key: string): string {
  return key.replace(/\.urdf$/, "").replace(/[^A-Za-z0-9_]+/g, "_");
}

function objectId(key: string): string {
  return key.replace(/[^A-Za-z0-9_]+/g, "_");
}

/** Fixed receptacles of a house, sized from every episode of it (see module comment). */
export function housekeepReceptacles(episodes: readonly HousekeepEpisode[]): Map<string, ObjectSpec> {
  const keys = new Map<string, { category: string; at: Vec }>();
  const resting = new Map<string, Vec[]>();
  for (const ep of episodes) {
    for (const r of ep.receptacles) if (r.position) keys.set(r.key, { category: housekeepReceptacleCategory(r.category), at: habitatToZUp(r.position) });
    for (const o of ep.objects) if (o.position) resting.set(o.start_receptacle, [...(resting.get(o.start_receptacle) ?? []), habitatToZUp(o.position)]);
  }
  const out = new Map<string, ObjectSpec>();
  for (const [key, { category, at }] of keys) {
    const room = housekeepRoomType(key);
    if (room === "none" || SKIPPED.has(category)) continue;
    const on = resting.get(key) ?? [];
    const [fx, fy] = FOOTPRINT[category] ?? [0.6, 0.5];
    const xs = [at.x - fx / 2, at.x + fx / 2, ...on.flatMap((p) => [p.x - OBJECT_SIZE, p.x + OBJECT_SIZE])];
    const ys = [at.y - fy / 2, at.y + fy / 2, ...on.flatMap((p) => [p.y - OBJECT_SIZE, p.y + OBJECT_SIZE])];
    const container = CONTAINERS.has(category);
    let bottom = 0;
    let top: number;
    if (WALL_MOUNTED.has(category)) {
      bottom = Math.min(at.z - 0.35, ...on.map((p) => p.z - OBJECT_SIZE));
      top = Math.max(at.z + 0.35, ...on.map((p) => p.z + OBJECT_SIZE));
    } else if (container) top = Math.max(2 * at.z, ...on.map((p) => p.z + OBJECT_SIZE));
    else top = on.length > 0 ? Math.max(0.02, Math.min(...on.map((p) => p.z - OBJECT_SIZE / 2))) : Math.max(0.02, 2 * at.z);
    const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    out.set(key, {
      id: receptacleId(key),
      category: housekeepSynset(category),
      label: category.replace(/_/g, " "),
      room: key.split("-")[0]!,
      box: { center: { x: (minX + maxX) / 2, y: (minY + maxY) / 2, z: (bottom + top) / 2 }, size: { x: maxX - minX, y: maxY - minY, z: top - bottom }, heading: 0 },
      kind: "fixed",
      shape: container ? "container" : category === "table" || category === "coffee_table" ? "table" : "solid",
      abilities: container ? ["container", "openable"] : ["surface"],
      states: container ? { open: true } : {},
      controls: [],
    });
  }
  return out;
}

/** Rooms around the receptacles (see module comment). */
export function housekeepRooms(receptacles: Iterable<ObjectSpec>): RoomSpec[] {
  const bounds = new Map<string, { minX: number; minY: number; maxX: number; maxY: number }>();
  for (const r of receptacles) {
    const b = bounds.get(r.room) ?? { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
    const { center: c, size: s } = r.box;
    bounds.set(r.room, { minX: Math.min(b.minX, c.x - s.x / 2), minY: Math.min(b.minY, c.y - s.y / 2), maxX: Math.max(b.maxX, c.x + s.x / 2), maxY: Math.max(b.maxY, c.y + s.y / 2) });
  }
  const rooms: RoomSpec[] = [...bounds.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([id, b]) => ({
      id,
      type: id.replace(/_\d+$/, ""),
      outdoor: false,
      footprint: { min: { x: b.minX - 0.5, y: b.minY - 0.5 }, max: { x: b.maxX + 0.5, y: b.maxY + 0.5 } },
      doors: [],
    }));
  connectRooms(rooms);
  return rooms;
}

/** The scene of one episode: the house's receptacles plus the episode's objects at their start. */
export function housekeepScene(ep: HousekeepEpisode, receptacles: Map<string, ObjectSpec>, rooms: RoomSpec[]): SceneFile {
  const nearestRoom = (p: Vec) =>
    [...rooms].sort((a, b) => {
      const d = (r: RoomSpec) => Math.hypot(Math.max(r.footprint.min.x - p.x, 0, p.x - r.footprint.max.x), Math.max(r.footprint.min.y - p.y, 0, p.y - r.footprint.max.y));
      return d(a) - d(b);
    })[0]!.id;
  const objects: ObjectSpec[] = ep.objects.map((o) => {
    const at = o.position ? habitatToZUp(o.position) : receptacles.get(o.start_receptacle)?.box.center ?? { x: 0, y: 0, z: 0 };
    return {
      id: objectId(o.key),
      category: housekeepSynset(o.category),
      label: o.category.replace(/_/g, " "),
      room: receptacles.get(o.start_receptacle)?.room ?? nearestRoom(at),
      box: { center: at, size: { x: OBJECT_SIZE, y: OBJECT_SIZE, z: OBJECT_SIZE }, heading: 0 },
      kind: "carryable",
      shape: "solid",
      abilities: [],
      states: {},
      controls: [],
    };
  });
  return {
    schemaVersion: SCENE_SCHEMA_VERSION,
    id: `housekeep-${ep.scene_id}-ep${ep.episode_id}`,
    name: `Housekeep ${ep.scene_id}, episode ${ep.episode_id}`,
    description: "Imported from a Housekeep episode: receptacle and object sizes are estimated from positions (docs/probes.md).",
    source: "Housekeep (Kant et al., ECCV 2022), MIT licence",
    rooms,
    objects: [...receptacles.values(), ...objects],
    agent: { room: rooms.find((r) => r.type === "corridor")?.id ?? rooms[0]!.id },
  };
}

/** The tidy-up task of an episode: each misplaced object on/in one of its goal receptacles; null if none. */
export function housekeepTask(ep: HousekeepEpisode, scene: SceneFile, receptacles: Map<string, ObjectSpec>): Record<string, unknown> | null {
  const instances = new Map<string, string>();
  const counts = new Map<string, number>();
  const instanceOf = (o: ObjectSpec) => {
    let name = instances.get(o.id);
    if (!name) {
      const n = (counts.get(o.category) ?? 0) + 1;
      counts.set(o.category, n);
      name = `${o.category}_${n}`;
      instances.set(o.id, name);
    }
    return name;
  };
  const goals: string[] = [];
  const phrases: string[] = [];
  for (const o of ep.objects) {
    if (o.goal_receptacles.includes(o.start_receptacle)) continue;
    const targets = o.goal_receptacles.map((k) => receptacles.get(k)).filter((r): r is ObjectSpec => r !== undefined);
    if (targets.length === 0) continue;
    const item = scene.objects.find((x) => x.id === objectId(o.key))!;
    const relation = (r: ObjectSpec) => (r.shape === "container" ? "inside" : "ontop");
    const atoms = targets.map((r) => `(${relation(r)} ?${instanceOf(item)} ?${instanceOf(r)})`);
    goals.push(atoms.length === 1 ? atoms[0]! : `(or ${atoms.join(" ")})`);
    const places = [...new Set(targets.map((r) => `${relation(r) === "inside" ? "in" : "on"} a ${r.label} in the ${scene.rooms.find((x) => x.id === r.room)!.type.replace(/_/g, " ")}`))];
    phrases.push(`the ${item.label} ${places.length === 1 ? places[0] : `${places.slice(0, -1).join(", ")} or ${places.at(-1)}`}`);
  }
  if (goals.length === 0) return null;
  const byCategory = new Map<string, string[]>();
  for (const [id, name] of instances) {
    const category = scene.objects.find((x) => x.id === id)!.category;
    byCategory.set(category, [...(byCategory.get(category) ?? []), name]);
  }
  const id = `${scene.id}-tidy`;
  const bddl = [
    `(define (problem ${id})`,
    "    (:domain igibson)",
    "    (:objects",
    ...[...byCategory].map(([category, names]) => `        ${names.join(" ")} - ${category}`),
    "        agent.n.01_1 - agent.n.01",
    "    )",
    "    (:init",
    ...[...instances].map(([objId, name]) => `        (inroom ${name} ${scene.objects.find((x) => x.id === objId)!.room})`),
    "    )",
    "    (:goal",
    "        (and",
    ...goals.map((g) => `            ${g}`),
    "        )",
    "    )",
    ")",
    "",
  ].join("\n");
  return {
    schemaVersion: 1,
    id,
    instruction: `Tidy up: put ${phrases.join("; ")}.`,
    bddl,
    bindings: { ...Object.fromEntries([...instances].map(([objId, name]) => [name, objId])), "agent.n.01_1": "agent" },
    family: "housekeep",
    tags: ["imported", "housekeep"],
  };
}

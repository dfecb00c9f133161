/**
 * Housekeep episodes → scenes and tasks of ours.
 *
 * Frame: Habitat is y-up with −z forward; ours is z-up ({@link habitatToZUp}).
 *
 * Receptacles are sized by category (housekeep-receptacles.ts): episodes give positions only. Pictures,
 * mirrors, windows, doors and receptacles outside any room (`None-…`) are not imported.
 * Objects are 0.15 m cubes at their start position across the floor plan, set on the top of the receptacle they
 * start on, or on the base of its interior (containers start open, so what is in them can be seen) — Habitat's
 * start heights are where it drops them from. Objects whose receptacle is not imported keep their height and
 * the loader settles them onto what is under them.
 * Ids: clean, unique within the house and stable (housekeep-house-ids.ts); an episode's object keys must be
 * unique within it (the importer sees to it: importers/housekeep-objects.ts).
 * Rooms: one per room instance (`bedroom_1`), footprint = the bounds of its receptacles plus 0.5 m;
 * doors join touching rooms, and unreachable rooms are joined to the nearest (as for VLA-3D).
 * Task: every misplaced object must end up on (or in, for containers) one of its goal receptacles.
 */
import { SCENE_SCHEMA_VERSION, type ObjectSpec, type RoomSpec, type SceneFile, type Vec3 } from "../../../sim/scene/schema.ts";
import { DEFAULT_WALL } from "../../../sim/geometry/shape-model.ts";
import { connectRooms } from "./vla3d/rooms.ts";
import { type HousekeepEpisode } from "./housekeep.ts";
import { habitatToZUp, housekeepSynset, OBJECT_SIZE } from "./housekeep-receptacles.ts";
import type { HousekeepHouseIds } from "./housekeep-house-ids.ts";

/**
 * Where an object starting on `r` stands: its footprint within the receptacle's (inside its walls, for a
 * container), nearest to where Habitat put it, resting on its top or on the base of its interior.
 */
function restingOn(at: { x: number; y: number }, r: ObjectSpec): { x: number; y: number; z: number } {
  const inside = r.shape === "container";
  const margin = OBJECT_SIZE / 2 + (inside ? (r.wall ?? DEFAULT_WALL) : 0);
  const clamp = (v: number, c: number, half: number) => (half <= margin ? c : Math.min(c + half - margin, Math.max(c - half + margin, v)));
  const { center: c, size } = r.box;
  const bottom = c.z - size.z / 2;
  return {
    x: clamp(at.x, c.x, size.x / 2),
    y: clamp(at.y, c.y, size.y / 2),
    z: inside ? bottom + (r.wall ?? DEFAULT_WALL) + OBJECT_SIZE / 2 : bottom + size.z + OBJECT_SIZE / 2,
  };
}

/**
 * Rooms around the receptacles (see module comment). A room's type comes from `ids` (the room's name without its
 * instance number); without them, from its id.
 */
export function housekeepRooms(receptacles: Iterable<ObjectSpec>, ids?: HousekeepHouseIds): RoomSpec[] {
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
      type: ids?.roomTypes.get(id) ?? id.replace(/_\d+$/, ""),
      outdoor: false,
      footprint: { min: { x: b.minX - 0.5, y: b.minY - 0.5 }, max: { x: b.maxX + 0.5, y: b.maxY + 0.5 } },
      doors: [],
    }));
  connectRooms(rooms);
  return rooms;
}

/** The scene of one episode: the house's receptacles plus the episode's objects at their start, under `ids`. */
export function housekeepScene(ep: HousekeepEpisode, receptacles: Map<string, ObjectSpec>, rooms: RoomSpec[], ids: HousekeepHouseIds): SceneFile {
  const objectIds = ids.objectIds(ep.objects.map((o) => o.key));
  const nearestRoom = (p: Vec3) =>
    [...rooms].sort((a, b) => {
      const d = (r: RoomSpec) => Math.hypot(Math.max(r.footprint.min.x - p.x, 0, p.x - r.footprint.max.x), Math.max(r.footprint.min.y - p.y, 0, p.y - r.footprint.max.y));
      return d(a) - d(b);
    })[0]!.id;
  const objects: ObjectSpec[] = ep.objects.map((o) => {
    const on = receptacles.get(o.start_receptacle);
    const dropped = o.position ? habitatToZUp(o.position) : on?.box.center ?? { x: 0, y: 0, z: 0 };
    const at = on ? restingOn(dropped, on) : dropped;
    return {
      id: objectIds.get(o.key)!,
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
export function housekeepTask(ep: HousekeepEpisode, scene: SceneFile, receptacles: Map<string, ObjectSpec>, ids: HousekeepHouseIds): Record<string, unknown> | null {
  const objectIds = ids.objectIds(ep.objects.map((o) => o.key));
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
    const item = scene.objects.find((x) => x.id === objectIds.get(o.key))!;
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

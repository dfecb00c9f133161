import { parseProblem } from "../../sim/bddl/parser.ts";
import { Rng } from "../../sim/rng.ts";
import { contentHash } from "../../sim/scene/load.ts";
import { SceneSchema, type SceneFile, type SceneInput } from "../../sim/scene/schema.ts";
import type { LoadedTask } from "../../sim/task/load.ts";

/** Side of a generated room, m. */
const ROOM_SIZE = 6;
/** Objects per room (furniture and things); rooms = objects / this, at least two. */
const OBJECTS_PER_ROOM = 40;
const ROOM_TYPES = ["kitchen", "living_room", "bedroom", "bathroom", "dining_room", "corridor", "office", "utility_room"];

type ObjectInput = SceneInput["objects"][number];

/** Furniture of every room: fixed pieces the bench agent puts things on and in, one switchable lamp. */
const FURNITURE: { name: string; category: string; shape: "table" | "solid" | "container"; abilities: NonNullable<ObjectInput["abilities"]>; at: [number, number]; size: [number, number, number]; kind: "fixed" | "carryable" }[] = [
  { name: "table_a", category: "table.n.02", shape: "table", abilities: [], at: [1.5, 1.5], size: [1.2, 0.8, 0.75], kind: "fixed" },
  { name: "table_b", category: "table.n.02", shape: "table", abilities: [], at: [4.5, 1.5], size: [1.2, 0.8, 0.75], kind: "fixed" },
  { name: "shelf", category: "shelf.n.01", shape: "solid", abilities: [], at: [3, 5.5], size: [1.6, 0.4, 0.9], kind: "fixed" },
  { name: "cabinet", category: "cabinet.n.01", shape: "container", abilities: ["container", "openable"], at: [0.6, 4.5], size: [0.8, 0.5, 0.9], kind: "fixed" },
  { name: "lamp", category: "lamp.n.02", shape: "solid", abilities: ["toggleable"], at: [5.5, 5.5], size: [0.35, 0.35, 1.6], kind: "fixed" },
  { name: "basket", category: "basket.n.01", shape: "container", abilities: ["container"], at: [5, 4], size: [0.5, 0.4, 0.3], kind: "carryable" },
];
/** Hosts of small things: furniture index, and whether things go inside (on the interior base). */
const HOSTS: { index: number; inside: boolean }[] = [
  { index: 0, inside: false },
  { index: 1, inside: false },
  { index: 2, inside: false },
  { index: 3, inside: true },
];
const THINGS = ["apple.n.01", "mug.n.04", "book.n.02", "plate.n.04", "sock.n.01", "soap.n.01", "cheese.n.01", "remote_control.n.01"];

/** A generated house and a small task in it, ready for the episode runner. */
export interface GeneratedHouse {
  scene: SceneFile;
  /** The scene as JSON text (what a scene file would hold). */
  text: string;
  task: LoadedTask;
}

/**
 * A deterministic synthetic house of exactly `objects` objects (seeded): 6 × 6 m rooms in a grid, each
 * joined by doors to its right and upper neighbours, each with two tables, a shelf, an openable cabinet,
 * a lamp and a basket, the rest small things on the tables and shelf and inside the cabinet. Things float
 * up to 2 cm above or sink up to 5 mm into their host, as scanned boxes do, so loading has settling to do.
 * The task asks for one thing on another room's table and the first cabinet closed.
 */
export function generateHouse(objects: number, seed = 1): GeneratedHouse {
  if (!Number.isInteger(objects) || objects <= 2 * FURNITURE.length) throw new RangeError(`a generated house needs more than ${2 * FURNITURE.length} objects (its furniture and a thing), got ${objects}`);
  const rng = new Rng(seed);
  const roomCount = Math.max(2, Math.round(objects / OBJECTS_PER_ROOM));
  const columns = Math.ceil(Math.sqrt(roomCount));
  const rooms: SceneInput["rooms"] = [];
  for (let r = 0; r < roomCount; r++) {
    const [cx, cy] = [r % columns, Math.floor(r / columns)];
    const doors: { to: string }[] = [];
    if (cx + 1 < columns && r + 1 < roomCount) doors.push({ to: `room_${r + 1}` });
    if (r + columns < roomCount) doors.push({ to: `room_${r + columns}` });
    rooms.push({
      id: `room_${r}`,
      type: ROOM_TYPES[r % ROOM_TYPES.length]!,
      footprint: { min: { x: cx * ROOM_SIZE, y: cy * ROOM_SIZE }, max: { x: (cx + 1) * ROOM_SIZE, y: (cy + 1) * ROOM_SIZE } },
      doors,
    });
  }
  const out: ObjectInput[] = [];
  for (let r = 0; r < roomCount; r++) {
    const room = rooms[r]!;
    const [ox, oy] = [room.footprint.min.x, room.footprint.min.y];
    for (const f of FURNITURE) {
      out.push({
        id: `${f.name}_${r}`,
        category: f.category,
        room: room.id,
        box: { center: { x: ox + f.at[0], y: oy + f.at[1], z: f.size[2] / 2 }, size: { x: f.size[0], y: f.size[1], z: f.size[2] }, heading: 0 },
        kind: f.kind,
        shape: f.shape,
        abilities: f.abilities,
        ...(f.abilities.includes("toggleable") ? { states: { toggled_on: false } } : {}),
      });
    }
  }
  // things go round-robin over the rooms so every room gets its share of the count
  const byId = new Map(out.map((o) => [o.id, o]));
  const placed = new Map<string, { x: number; y: number; sx: number; sy: number }[]>();
  for (let k = 0; out.length < objects; k++) {
    const r = k % roomCount;
    const host = HOSTS[rng.int(HOSTS.length)]!;
    const f = FURNITURE[host.index]!;
    const hostId = `${f.name}_${r}`;
    const hb = byId.get(hostId)!.box as { center: { x: number; y: number; z: number }; size: { x: number; y: number; z: number } };
    const size = { x: rng.range(0.05, 0.18), y: rng.range(0.05, 0.18), z: rng.range(0.03, 0.15) };
    const base = host.inside ? hb.center.z - hb.size.z / 2 + 0.02 : hb.center.z + hb.size.z / 2;
    const others = placed.get(hostId) ?? [];
    let spot: { x: number; y: number } | null = null;
    for (let attempt = 0; attempt < 12 && !spot; attempt++) {
      const x = hb.center.x + rng.range(-0.4, 0.4) * (hb.size.x - size.x - 0.1);
      const y = hb.center.y + rng.range(-0.4, 0.4) * (hb.size.y - size.y - 0.1);
      if (others.every((o) => Math.abs(o.x - x) > (o.sx + size.x) / 2 + 0.01 || Math.abs(o.y - y) > (o.sy + size.y) / 2 + 0.01)) spot = { x, y };
    }
    // a crowded host gets its thing on the floor of the room instead
    const floor = !spot;
    if (!spot) spot = { x: rooms[r]!.footprint.min.x + rng.range(1, 5), y: rooms[r]!.footprint.min.y + rng.range(2.5, 3.5) };
    else placed.set(hostId, [...others, { ...spot, sx: size.x, sy: size.y }]);
    const bottom = (floor ? 0 : base) + rng.range(-0.005, 0.02);
    out.push({
      id: `thing_${r}_${Math.floor(k / roomCount)}`,
      category: THINGS[k % THINGS.length]!,
      room: rooms[r]!.id,
      box: { center: { x: spot.x, y: spot.y, z: bottom + size.z / 2 }, size, heading: rng.range(-0.3, 0.3) },
      kind: "carryable",
    });
  }
  const input: SceneInput = {
    schemaVersion: 1,
    id: `bench-house-${objects}-s${seed}`,
    description: `Synthetic benchmark house: ${roomCount} rooms, ${objects} objects (seed ${seed}).`,
    rooms,
    objects: out,
    agent: { room: "room_0" },
  };
  const text = JSON.stringify(input);
  const scene = SceneSchema.parse(input);
  return { scene, text, task: benchTask(scene) };
}

/** A task on a generated house: a thing of room 0 on a table of the last room, and cabinet 0 closed. */
export function benchTask(scene: SceneFile): LoadedTask {
  const thing = scene.objects.find((o) => o.id.startsWith("thing_0_"))!;
  const lastRoom = scene.rooms.length - 1;
  const category = thing.category;
  const bddl = `(define (problem bench-house)
    (:domain igibson)
    (:objects
        ${category}_1 - ${category}
        table.n.02_1 - table.n.02
        cabinet.n.01_1 - cabinet.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (not (open cabinet.n.01_1))
    )
    (:goal
        (and
            (ontop ?${category}_1 ?table.n.02_1)
            (not (open ?cabinet.n.01_1)))
    )
)
`;
  const task = {
    schemaVersion: 1 as const,
    id: `bench-${scene.id}`,
    instruction: `Put the ${category.split(".")[0]!.replace(/_/g, " ")} on a table in room ${lastRoom} and keep the first cabinet closed.`,
    bddl,
    bindings: { [`${category}_1`]: thing.id, "table.n.02_1": `table_a_${lastRoom}`, "cabinet.n.01_1": "cabinet_0", "agent.n.01_1": "agent" },
    tags: ["bench"],
  };
  const text = JSON.stringify(task);
  return { path: `<generated ${task.id}>`, hash: contentHash(text), task, problem: parseProblem(bddl, `<generated ${task.id}>`) };
}

/** The task file of a generated house as JSON text (for writing a suite to disk). */
export function taskFileText(house: GeneratedHouse): string {
  return `${JSON.stringify(house.task.task, null, 2)}\n`;
}

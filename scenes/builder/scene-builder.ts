/**
 * Builds a scene file by placement rather than by coordinates: furniture goes on a room's floor at a
 * room-relative position, items go on top of, inside or under something. The builder computes every z so
 * that things rest exactly on their supports (the simulator's support rules), and `build()` refuses a house
 * that fails the checks of scene-checks.ts (floating, sticking out, interpenetrating, unreachable rooms).
 */
import { SceneSchema, type Box, type ObjectSpec, type SceneInput, type StateName } from "../../sim/scene/schema.ts";
import type { ObjectTemplate } from "./catalog.ts";
import { EPS, bottom, footprintWithin, round6, top, toWorld } from "./geometry.ts";
import { DEFAULT_WALL, TABLE_SLAB, sceneProblems } from "./scene-checks.ts";

/** How an object is held up. `target` is an object id, or `floor_<room>` for the floor. */
export interface Placement {
  relation: "ontop" | "inside" | "under" | "onfloor" | "mounted";
  target: string;
}

/** Per-placement changes to a template. `heading` is relative to the support for ontop/inside/under. */
export interface Overrides {
  label?: string;
  heading?: number;
  states?: Partial<Record<StateName, boolean>>;
  controls?: string[];
}


interface RoomDraft {
  id: string;
  type: string;
  outdoor: boolean;
  min: { x: number; y: number };
  max: { x: number; y: number };
  doors: { to: string; position?: { x: number; y: number } }[];
}

/** A problem found while building; `build()` reports all of them at once. */
export class SceneBuildError extends Error {
  constructor(
    readonly sceneId: string,
    readonly problems: string[],
  ) {
    super(`scene "${sceneId}" is inconsistent:\n  - ${problems.join("\n  - ")}`);
    this.name = "SceneBuildError";
  }
}

/** Assembles one house. Methods return `this` so a house reads as a list of placements. */
export class SceneBuilder {
  private readonly rooms = new Map<string, RoomDraft>();
  private readonly objects = new Map<string, ObjectSpec>();
  private readonly placements = new Map<string, Placement>();
  private readonly problems: string[] = [];
  private agent: SceneInput["agent"] | undefined;

  constructor(readonly meta: { id: string; name: string; description: string }) {}

  /** Adds a room with an axis-aligned footprint from `min` to `max` (metres). */
  room(id: string, type: string, min: readonly [number, number], max: readonly [number, number], opts: { outdoor?: boolean } = {}): this {
    if (this.rooms.has(id)) this.problems.push(`room "${id}" is defined twice`);
    this.rooms.set(id, { id, type, outdoor: opts.outdoor ?? false, min: { x: min[0], y: min[1] }, max: { x: max[0], y: max[1] }, doors: [] });
    return this;
  }

  /** Joins two rooms with a door, by default at the middle of their shared wall. */
  door(a: string, b: string, at?: readonly [number, number]): this {
    const ra = this.rooms.get(a);
    const rb = this.rooms.get(b);
    if (!ra || !rb) {
      this.problems.push(`door ${a}↔${b} names an unknown room`);
      return this;
    }
    ra.doors.push(at ? { to: b, position: { x: at[0], y: at[1] } } : { to: b });
    return this;
  }

  /** Stands an object on a room's floor, its centre at (rx, ry) from the room's min corner; heading is absolute. */
  onFloor(id: string, t: ObjectTemplate, room: string, rx: number, ry: number, o: Overrides = {}): this {
    const r = this.rooms.get(room);
    if (!r) return this.fail(`${id}: unknown room "${room}"`);
    const box = makeBox(t, r.min.x + rx, r.min.y + ry, t.size[2] / 2, o.heading ?? 0);
    return this.add(id, t, room, box, o, { relation: "onfloor", target: `floor_${room}` });
  }

  /** Puts an object on top of `support`, offset (dx, dy) from its centre in the support's own frame. */
  onTop(id: string, t: ObjectTemplate, support: string, dx = 0, dy = 0, o: Overrides = {}): this {
    const s = this.objects.get(support);
    if (!s) return this.fail(`${id}: unknown support "${support}"`);
    const box = this.relativeBox(t, s.box, dx, dy, top(s.box) + t.size[2] / 2, o);
    if (!footprintWithin(box, s.box)) this.problems.push(`${id} sticks out over the edge of ${support}`);
    return this.add(id, t, s.room, box, o, { relation: "ontop", target: support });
  }

  /** Puts an object inside a container, on its interior base, offset (dx, dy) in the container's frame. */
  inside(id: string, t: ObjectTemplate, container: string, dx = 0, dy = 0, o: Overrides = {}): this {
    const c = this.objects.get(container);
    if (!c) return this.fail(`${id}: unknown container "${container}"`);
    if (c.shape !== "container") this.problems.push(`${id}: ${container} is not a container`);
    const wall = c.wall ?? DEFAULT_WALL;
    const box = this.relativeBox(t, c.box, dx, dy, bottom(c.box) + wall + t.size[2] / 2, o);
    if (!footprintWithin(box, c.box, wall)) this.problems.push(`${id} does not fit within the walls of ${container}`);
    if (top(box) > top(c.box) - wall + EPS) this.problems.push(`${id} is taller than the interior of ${container}`);
    return this.add(id, t, c.room, box, o, { relation: "inside", target: container });
  }

  /** Puts an object on the floor under a table-shaped object, offset (dx, dy) in the table's frame. */
  under(id: string, t: ObjectTemplate, table: string, dx = 0, dy = 0, o: Overrides = {}): this {
    const s = this.objects.get(table);
    if (!s) return this.fail(`${id}: unknown table "${table}"`);
    if (s.shape !== "table") this.problems.push(`${id}: ${table} has no free space under it (shape ${s.shape})`);
    const box = this.relativeBox(t, s.box, dx, dy, t.size[2] / 2, o);
    if (!footprintWithin(box, s.box)) this.problems.push(`${id} is not fully under ${table}`);
    if (top(box) > top(s.box) - TABLE_SLAB + EPS) this.problems.push(`${id} is too tall to fit under ${table}`);
    return this.add(id, t, s.room, box, o, { relation: "under", target: table });
  }

  /** Fixes an object to a wall or ceiling at height `z` (centre); only fixed objects may hang. */
  mounted(id: string, t: ObjectTemplate, room: string, rx: number, ry: number, z: number, o: Overrides = {}): this {
    const r = this.rooms.get(room);
    if (!r) return this.fail(`${id}: unknown room "${room}"`);
    if (t.kind !== "fixed") this.problems.push(`${id}: only fixed objects can be mounted`);
    return this.add(id, t, room, makeBox(t, r.min.x + rx, r.min.y + ry, z, o.heading ?? 0), o, { relation: "mounted", target: room });
  }

  /** Where the agent starts: a room, optionally at (rx, ry) from its min corner. */
  agentStart(room: string, rx?: number, ry?: number): this {
    const r = this.rooms.get(room);
    if (!r) return this.fail(`agent: unknown room "${room}"`);
    this.agent = rx === undefined || ry === undefined ? { room } : { room, position: { x: r.min.x + rx, y: r.min.y + ry } };
    return this;
  }

  /** How an object was placed. */
  placement(id: string): Placement | undefined {
    return this.placements.get(id);
  }

  /** A placed object as it will be written. */
  object(id: string): ObjectSpec | undefined {
    return this.objects.get(id);
  }

  /** Room the agent starts in. */
  agentRoom(): string | undefined {
    return this.agent?.room;
  }

  /** Type of a room (kitchen, bedroom …). */
  roomType(id: string): string | undefined {
    return this.rooms.get(id)?.type;
  }

  /** Checks the whole house and returns the scene file content, or throws a {@link SceneBuildError}. */
  build(): SceneInput {
    const problems = [...this.problems];
    if (!this.agent) problems.push("no agent start: call agentStart()");
    const scene: SceneInput = {
      schemaVersion: 1,
      id: this.meta.id,
      name: this.meta.name,
      description: this.meta.description,
      rooms: [...this.rooms.values()].map((r) => ({
        id: r.id,
        type: r.type,
        outdoor: r.outdoor,
        footprint: { min: r.min, max: r.max },
        doors: r.doors,
      })),
      objects: [...this.objects.values()],
      agent: this.agent ?? { room: "" },
    };
    const parsed = SceneSchema.safeParse(scene);
    if (parsed.success) problems.push(...sceneProblems(parsed.data));
    else problems.push(...parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
    if (problems.length > 0) throw new SceneBuildError(this.meta.id, problems);
    return scene;
  }

  private fail(problem: string): this {
    this.problems.push(problem);
    return this;
  }

  private relativeBox(t: ObjectTemplate, frame: Box, dx: number, dy: number, z: number, o: Overrides): Box {
    const p = toWorld({ x: dx, y: dy }, frame);
    return makeBox(t, p.x, p.y, z, frame.heading + (o.heading ?? 0));
  }

  private add(id: string, t: ObjectTemplate, room: string, box: Box, o: Overrides, placement: Placement): this {
    if (this.objects.has(id)) return this.fail(`object "${id}" is defined twice`);
    if (/^floor_/.test(id) || id === "agent") return this.fail(`object id "${id}" is reserved for the simulator`);
    const states = { ...t.states, ...o.states };
    const spec: ObjectSpec = {
      id,
      category: t.category,
      ...(o.label ?? t.label ? { label: o.label ?? t.label } : {}),
      room,
      box: roundBox(box),
      kind: t.kind,
      shape: t.shape ?? "solid",
      abilities: [...(t.abilities ?? [])],
      states,
      controls: o.controls ?? [],
      ...(t.wall !== undefined ? { wall: t.wall } : {}),
    };
    this.objects.set(id, spec);
    this.placements.set(id, placement);
    return this;
  }
}

function makeBox(t: ObjectTemplate, x: number, y: number, z: number, heading: number): Box {
  return { center: { x, y, z }, size: { x: t.size[0], y: t.size[1], z: t.size[2] }, heading };
}

function roundBox(b: Box): Box {
  return {
    center: { x: round6(b.center.x), y: round6(b.center.y), z: round6(b.center.z) },
    size: { x: round6(b.size.x), y: round6(b.size.y), z: round6(b.size.z) },
    heading: round6(b.heading),
  };
}

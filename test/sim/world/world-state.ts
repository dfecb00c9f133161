import fc from "fast-check";
import { STATES, type Box, type StateName } from "../../../sim/scene/schema.ts";
import type { Frame } from "../../../sim/world/frame.ts";
import type { Support, World } from "../../../sim/world/world.ts";

/** A world's private parts that a restore must put back (read through a cast: tests only). */
interface WorldInternals {
  rootFrame: Frame;
  byRoom: Map<string, unknown[]>;
  index: {
    cells: Map<number, { id: string }[]>;
    entries: Map<string, { bounds: unknown; cells: unknown } | null>;
    oversized: Map<string, { bounds: unknown }>;
  };
}

/**
 * Everything of a world that stepping, observation or a privileged agent can reach, in the order they see it:
 * objects (exact boxes, rooms, held flags, states with their key order), per-room lists, supports in map
 * order, the frame tree in traversal order (parent, child order, local pose, world matrix bits), the agent,
 * and the spatial index (each non-empty bucket in order: an emptied one is kept, each entry's bounds and cells, the oversized list in order).
 * Not compared: `version` (a restore keeps counting up) and the index's id → entry map order (only ever read by key).
 */
export function worldState(w: World): unknown {
  const inner = w as unknown as WorldInternals;
  const frames: unknown[] = [];
  inner.rootFrame.traverse((f) => frames.push([f.name, f.objectId, f.parent?.name ?? null, f.children.map((c) => c.name), f.x, f.y, f.z, f.yaw, f.world.slice()]));
  const idx = inner.index;
  return {
    objects: [...w.objects.values()].map((o) => [o.id, o.box, o.room, o.held, Object.entries(o.states)]),
    rooms: [...w.rooms.keys()].map((r) => [r, w.objectsInRoom(r).map((o) => o.id)]),
    roomLists: [...inner.byRoom.keys()],
    supports: [...w.supports],
    frames,
    agent: [w.agent.room, w.agent.position, w.agent.holding],
    cells: [...idx.cells].filter(([, s]) => s.length > 0).sort((a, b) => a[0] - b[0]).map(([k, s]) => [k, s.map((e) => e.id)]),
    entries: [...idx.entries].filter(([, e]) => e !== null).sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([id, e]) => [id, e!.bounds, e!.cells]),
    oversized: [...idx.oversized].map(([id, e]) => [id, e.bounds]),
  };
}

/** Query answers in their order: index.query and objectsNear around every room's middle and every carryable object. */
export function queryAnswers(w: World): unknown[] {
  const out: unknown[] = [];
  for (const r of w.rooms.values()) {
    const f = r.footprint;
    const box: Box = { center: { x: (f.min.x + f.max.x) / 2, y: (f.min.y + f.max.y) / 2, z: 0 }, size: { x: 1, y: 1, z: 1 }, heading: 0 };
    out.push(w.index.query(box, 2), w.objectsNear(box, 1.5).map((o) => o.id));
  }
  for (const o of w.objects.values()) if (o.kind === "carryable") out.push(w.index.query(o.box, 0.3), w.objectsNear(o.box, 0.05).map((n) => n.id));
  return out;
}

/** One mutation of a world, by numbers that pick among what the world has (so the same op applies to any copy). */
export type WorldOp =
  | { kind: "pose"; pick: number; target: number; dx: number; dy: number; dz: number; heading: number }
  | { kind: "hold"; pick: number }
  | { kind: "move"; room: number; fx: number; fy: number }
  | { kind: "state"; pick: number; state: StateName; value: boolean };

/** Random moves of things: placements (onto anything, in any room; stacks; under rotated parents), holds, agent moves. */
export const poseOpArb: fc.Arbitrary<Exclude<WorldOp, { kind: "state" }>> = fc.oneof(
  fc.record({ kind: fc.constant("pose" as const), pick: fc.nat(), target: fc.nat(), dx: fc.double({ min: -0.5, max: 0.5, noNaN: true }), dy: fc.double({ min: -0.5, max: 0.5, noNaN: true }), dz: fc.double({ min: 0, max: 0.5, noNaN: true }), heading: fc.double({ min: -4, max: 4, noNaN: true }) }),
  fc.record({ kind: fc.constant("hold" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("move" as const), room: fc.nat(), fx: fc.double({ min: 0, max: 1, noNaN: true }), fy: fc.double({ min: 0, max: 1, noNaN: true }) }),
);

/** Random world mutations: {@link poseOpArb}'s, and state changes. */
export const worldOpArb: fc.Arbitrary<WorldOp> = fc.oneof(
  poseOpArb,
  fc.record({ kind: fc.constant("state" as const), pick: fc.nat(), state: fc.constantFrom(...STATES), value: fc.boolean() }),
);

/** What {@link applyWorldOp} uses of a world: the simulator's, or the three.js reference world of world-frames.test.ts. */
export type MutableWorld = Pick<World, "objects" | "rooms" | "agent" | "moveAgent" | "hold" | "setPose" | "setState" | "descendants" | "get">;

/** Applies one op (the same choices on any world of the same scene): the changed ids, or null when it did not apply. */
export function applyWorldOp(w: MutableWorld, op: WorldOp): string[] | null {
  const carryables = [...w.objects.values()].filter((o) => o.kind === "carryable");
  if (op.kind === "move") {
    const rooms = [...w.rooms.values()];
    const r = rooms[op.room % rooms.length]!;
    const f = r.footprint;
    return w.moveAgent(r.id, { x: f.min.x + op.fx * (f.max.x - f.min.x), y: f.min.y + op.fy * (f.max.y - f.min.y) });
  }
  if (op.kind === "state") {
    const all = [...w.objects.values()];
    return w.setState(all[op.pick % all.length]!.id, op.state, op.value);
  }
  if (op.kind === "hold") {
    if (w.agent.holding) return null;
    // half the time something with things on or in it: they come along, and take the agent's room
    const loaded = carryables.filter((o) => w.descendants(o.id).length > 0);
    const pool = op.pick % 2 === 0 && loaded.length ? loaded : carryables;
    return w.hold(pool[(op.pick >> 1) % pool.length]!.id);
  }
  const o = w.agent.holding ? w.get(w.agent.holding) : carryables[op.pick % carryables.length]!;
  const carried = new Set([o.id, ...w.descendants(o.id)]);
  const targets = [...w.objects.values()].filter((t) => !carried.has(t.id) && !t.held);
  const stackable = targets.filter((t) => t.kind === "carryable");
  const rotated = stackable.filter((t) => t.box.heading !== 0);
  const pool = op.target % 4 === 0 && rotated.length ? rotated : op.target % 2 === 0 && stackable.length ? stackable : targets;
  const t = pool[(op.target >> 1) % pool.length]!;
  const support: Support = t.shape === "floor" ? { relation: "onfloor", target: t.id } : { relation: op.target % 3 === 0 ? "inside" : "ontop", target: t.id };
  const box: Box = { center: { x: t.box.center.x + op.dx, y: t.box.center.y + op.dy, z: t.box.center.z + t.box.size.z / 2 + op.dz }, size: o.box.size, heading: op.heading };
  return w.setPose(o.id, box, support);
}

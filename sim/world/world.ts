import { Group, Object3D, Scene } from "three";
import type { Box, RoomSpec, SceneFile } from "../scene/schema.ts";
import { SpatialIndex } from "../geometry/spatial-index.ts";
import { Frame } from "./frame.ts";
import { RoomGraph, type Point2 } from "./navigation.ts";
import type { SimObject } from "./sim-object.ts";
import { WorldJournal } from "./world-journal.ts";
import { Agent, WorldObject } from "./world-object.ts";
import { withFloors } from "./floors.ts";
import { sortIds } from "../sort-ids.ts";
import { insertAt, removeAt } from "../list-edits.ts";

export { FLOOR_THICKNESS } from "./floors.ts";

/** Where a carryable object rests: on/in/under a support object, or on its room's floor. */
export interface Support {
  relation: "ontop" | "inside" | "under" | "onfloor";
  target: string;
}

/** The agent's body: a point on the floor plane in a room, and at most one held object. */
export interface AgentBody {
  room: string;
  position: Point2;
  holding: string | null;
  /** three.js node (the world builds its three graph on first use of a node). */
  readonly node: Object3D;
}

/** Height above the floor at which a held object is carried (its base). */
export const CARRY_HEIGHT = 1.0;

/**
 * The simulated house: rooms, objects and the agent in a scene graph.
 * A held object is a child of the agent node; an object in or on another object is its child, so it moves with it.
 * The graph is kept in the world's own frames ({@link Frame}: yaw + translation, three's arithmetic) and mirrored
 * into a `three` scene graph only once something asks for it (`root`, `roomNodes`, a `node`): from then on every
 * mutation updates both. World matrices are updated explicitly and only for what moved.
 */
export class World {
  readonly scene: SceneFile;
  readonly rooms = new Map<string, RoomSpec>();
  readonly objects = new Map<string, SimObject>();
  readonly graph: RoomGraph;
  readonly agent: AgentBody;
  /**
   * Support of every carryable object that is not held. A restore may put a new map here (read it from the
   * world each time; do not keep it).
   */
  supports = new Map<string, Support>();
  /** Grid over the floor plane of every object not held: lets placement look only at nearby objects. */
  readonly index = new SpatialIndex(1);
  /** Monotonic counter bumped by every mutation; observers use it to cache derived views. */
  version = 0;
  /** Position of each object in `objects` (scene order): per-room lists keep it, so scans see scene order. */
  private readonly ordinal = new Map<string, number>();
  /** room → the objects in it, in scene order (kept up to date as objects move), so room scans stay local. */
  private readonly byRoom = new Map<string, SimObject[]>();
  /** The scene graph's root frame (a three Scene once built). */
  private readonly rootFrame = new Frame("", null);
  private readonly roomFrames = new Map<string, Frame>();
  /** Object id → its frame. */
  private readonly frames = new Map<string, Frame>();
  private readonly agentFrame = new Frame("agent", null);
  /** The three.js graph, once built. */
  private three: ThreeGraph | null = null;
  /** What changed since the checkpoint ({@link checkpoint}), or null when no checkpoint was taken. */
  private journal: WorldJournal | null = null;

  constructor(scene: SceneFile) {
    this.scene = scene;
    this.rootFrame.updateWorld();
    for (const r of scene.rooms) {
      this.rooms.set(r.id, r);
      const f = new Frame(r.id, null);
      f.attachTo(this.rootFrame);
      f.updateWorld();
      this.roomFrames.set(r.id, f);
    }
    this.graph = new RoomGraph(scene.rooms);
    for (const spec of withFloors(scene)) {
      const f = new Frame(spec.id, spec.id);
      f.x = spec.box.center.x;
      f.y = spec.box.center.y;
      f.z = spec.box.center.z;
      f.yaw = spec.box.heading;
      f.attachTo(this.roomFrames.get(spec.room)!);
      f.updateWorld();
      this.frames.set(spec.id, f);
      this.objects.set(spec.id, new WorldObject(spec, this));
    }
    for (const o of this.objects.values()) {
      this.index.insert(o.id, o.box);
      this.ordinal.set(o.id, this.ordinal.size);
      this.listOfRoom(o.room).push(o);
    }
    const start = scene.agent.position ?? this.graph.center(scene.agent.room);
    this.agentFrame.attachTo(this.rootFrame);
    this.agentFrame.x = start.x;
    this.agentFrame.y = start.y;
    this.agentFrame.updateWorld();
    this.agent = new Agent(scene.agent.room, { ...start }, this);
  }

  /**
   * Takes the world as it is now as its checkpoint: from now on every mutation first records what it
   * changes, so that {@link restore} can put the world back. Taken once a load is complete.
   */
  checkpoint(): void {
    this.journal = new WorldJournal(this, this.byRoom, this.agent);
    this.index.checkpoint();
  }

  /**
   * True when {@link restore} can put this world back: a checkpoint was taken and no three.js graph has been
   * built (its nodes are not recorded, and whoever asked for them may still hold them).
   */
  get restorable(): boolean {
    return this.journal !== null && this.three === null;
  }

  /**
   * Puts the world back exactly as it was at its checkpoint (objects, states, supports and their order,
   * per-room lists, frames and world matrices, the agent, the spatial index's buckets in order), at the
   * cost of what changed since. `version` keeps counting up (caches keyed by it must not see an old value
   * again). The checkpoint stays: the world can be restored again. Throws unless {@link restorable}.
   */
  restore(): void {
    if (!this.journal || this.three) throw new Error(this.three ? "a world whose three.js graph was built cannot be restored" : "restore() without a checkpoint");
    this.journal.restore();
    this.index.rollback();
    this.version++;
  }

  /** The three.js scene graph (built from the frames on first use, then kept in step with them). */
  get root(): Scene {
    return this.threeGraph().root;
  }

  /** Room id → its three.js group. */
  get roomNodes(): ReadonlyMap<string, Group> {
    return this.threeGraph().rooms;
  }

  /** The three.js node of an object (`null` for the agent's). */
  nodeOf(id: string | null): Object3D {
    const g = this.threeGraph();
    return g.nodes.get(id === null ? this.agentFrame : this.frames.get(id)!)!;
  }

  /** The object with this id (throws on an unknown id: callers check first). */
  get(id: string): SimObject {
    const o = this.objects.get(id);
    if (!o) throw new Error(`unknown object ${id}`);
    return o;
  }

  /** Room whose footprint contains the point (first by scene order), or null. */
  roomAt(p: Point2): string | null {
    for (const r of this.rooms.values()) {
      const f = r.footprint;
      if (p.x >= f.min.x && p.x <= f.max.x && p.y >= f.min.y && p.y <= f.max.y) return r.id;
    }
    return null;
  }

  /** The objects in a room now (held ones included: callers filter), in scene order. Do not modify the list. */
  objectsInRoom(room: string): readonly SimObject[] {
    return this.byRoom.get(room) ?? [];
  }

  /**
   * Objects whose footprint lies within `radius` of the box's footprint, in id order. Held objects are left
   * out: they are not in the index (syncFrame takes them out when picked up).
   */
  objectsNear(box: Box, radius: number): SimObject[] {
    const ids = sortIds(this.index.query(box, radius));
    const out: SimObject[] = [];
    for (let i = 0; i < ids.length; i++) out.push(this.objects.get(ids[i]!)!);
    return out;
  }

  /** Objects whose scene-graph parent chain includes `id` (what moves when it moves), in traversal order. */
  descendants(id: string): string[] {
    const out: string[] = [];
    const f = this.frames.get(id);
    if (!f) throw new Error(`unknown object ${id}`);
    collectObjects(f.children, out);
    return out;
  }

  /** True when something is in or on the object (it has children in the scene graph). */
  hasDescendants(id: string): boolean {
    return this.frames.get(id)!.children.length > 0;
  }

  /**
   * Puts an object at a world pose with a new support, re-parenting its node (its children come along).
   * Returns every object whose world box changed.
   */
  setPose(id: string, box: Box, support: Support): string[] {
    const o = this.get(id);
    const parent = support.relation === "onfloor" || support.relation === "under"
      ? this.roomFrames.get(this.roomOfSupport(support, box))!
      : this.frames.get(this.get(support.target).id)!;
    const frame = this.frames.get(id)!;
    // a support under what rests on the object would make the scene graph a cycle (and every walk up it endless)
    for (let p: Frame | null = parent; p; p = p.parent) if (p === frame) throw new Error(`${id} cannot rest on ${support.target}, which rests on ${id}`);
    const j = this.journal;
    if (this.agent.holding === id) {
      if (j) {
        j.agentBody();
        j.object(o);
      }
      this.agent.holding = null;
      o.held = false;
    }
    this.placeAtWorld(frame, parent, box);
    j?.support(id, false);
    this.supports.set(id, support);
    return this.syncSubtree(o);
  }

  /** The agent takes the object into its hand: it becomes a child of the agent node. */
  hold(id: string): string[] {
    const o = this.get(id);
    const box: Box = {
      center: { x: this.agent.position.x, y: this.agent.position.y, z: CARRY_HEIGHT + o.box.size.z / 2 },
      size: o.box.size,
      heading: o.box.heading,
    };
    this.placeAtWorld(this.frames.get(id)!, this.agentFrame, box);
    const j = this.journal;
    if (j) {
      j.support(id, true);
      j.agentBody();
      j.object(o);
    }
    this.supports.delete(id);
    this.agent.holding = id;
    o.held = true;
    return this.syncSubtree(o);
  }

  /** Moves the agent to a point in a room; the held object (and its contents) comes along. */
  moveAgent(room: string, position: Point2): string[] {
    if (this.journal) {
      this.journal.agentBody();
      this.journal.frame(this.agentFrame);
    }
    this.agent.room = room;
    this.agent.position = { x: position.x, y: position.y };
    const a = this.agentFrame;
    a.x = position.x;
    a.y = position.y;
    a.z = 0;
    // only the agent's own matrix: the held subtree (its only children) is recomputed by syncSubtree below
    a.updateWorld();
    if (this.three) {
      const n = this.three.nodes.get(a)!;
      n.position.set(position.x, position.y, 0);
      n.updateWorldMatrix(false, false);
    }
    this.version++;
    if (!this.agent.holding) return [];
    return this.syncSubtree(this.get(this.agent.holding));
  }

  /** Sets a unary state; returns the changed object ids (empty when it was already so). */
  setState(id: string, state: keyof SimObject["states"], value: boolean): string[] {
    return this.setStates(id, { [state]: value });
  }

  /**
   * Sets several unary states of one object in one change (cooking: cooked, not frozen, hot), in the order given;
   * returns the changed object ids (empty when every one was already so). The states end as a run of `setState`
   * calls would leave them, keys in the same order.
   */
  setStates(id: string, values: Partial<Record<keyof SimObject["states"], boolean>>): string[] {
    const o = this.get(id);
    let next: SimObject["states"] | null = null;
    for (const state of Object.keys(values) as (keyof SimObject["states"])[]) {
      const value = values[state]!;
      if (((next ?? o.states)[state] ?? false) === value) continue;
      // a new record rather than an edit: the states an observation's version recorded stay as they were
      next = { ...(next ?? o.states), [state]: value };
    }
    if (next === null) return [];
    this.journal?.object(o);
    o.states = next;
    this.version++;
    return [id];
  }

  private roomOfSupport(support: Support, box: Box): string {
    const t = this.objects.get(support.target);
    return this.roomAt(box.center) ?? t?.room ?? this.agent.room;
  }

  /**
   * Re-parents a frame under `parent` so that its world pose is `box` (yaw-only rotation); its world matrix is
   * left for syncSubtree. No parent refresh first: every mutation leaves all world matrices current (frames are
   * computed as they are made; setPose/hold/moveAgent recompute whatever they moved).
   */
  private placeAtWorld(f: Frame, parent: Frame, box: Box): void {
    const j = this.journal;
    if (j) {
      j.frame(f);
      if (f.parent) j.children(f.parent);
      j.children(parent);
    }
    f.attachTo(parent);
    // parent world transform is yaw + translation: invert it by hand (cheaper than matrix inversion)
    const e = parent.world;
    const parentYaw = Math.atan2(e[1]!, e[0]!);
    const dx = box.center.x - e[12]!;
    const dy = box.center.y - e[13]!;
    const dz = box.center.z - e[14]!;
    const c = Math.cos(-parentYaw);
    const s = Math.sin(-parentYaw);
    f.x = c * dx - s * dy;
    f.y = s * dx + c * dy;
    f.z = dz;
    f.yaw = box.heading - parentYaw;
    if (this.three) {
      const n = this.three.nodes.get(f)!;
      n.removeFromParent();
      this.three.nodes.get(parent)!.add(n);
      n.position.set(f.x, f.y, f.z);
      n.rotation.set(0, 0, f.yaw);
    }
  }

  /** Recomputes world matrices, boxes and rooms of an object and everything under it (pre-order, as three traverses). */
  private syncSubtree(o: SimObject): string[] {
    const f = this.frames.get(o.id)!;
    const changed: string[] = [];
    this.syncFrame(f, this.isCarried(f), changed);
    if (this.three) this.three.nodes.get(f)!.updateMatrixWorld(true);
    this.version++;
    return changed;
  }

  private syncFrame(f: Frame, carried: boolean, changed: string[]): void {
    const j = this.journal;
    j?.frame(f);
    f.updateWorld();
    const oid = f.objectId;
    if (oid) {
      const so = this.objects.get(oid)!;
      j?.object(so);
      const e = f.world;
      so.box = {
        center: { x: e[12]!, y: e[13]!, z: e[14]! },
        size: so.box.size,
        heading: normalizeAngle(Math.atan2(e[1]!, e[0]!)),
      };
      const room = so.held || carried ? this.agent.room : (this.roomAt(so.box.center) ?? so.room);
      if (room !== so.room) this.moveToRoom(so, room);
      // a held object stays out of the index, which only objectsNear reads and which leaves held objects
      // out: walking with it then moves nothing in the index (what it carries, not held itself, stays in)
      if (so.held) this.index.remove(oid);
      else this.index.insert(oid, so.box);
      changed.push(oid);
    }
    const children = f.children;
    for (let i = 0, n = children.length; i < n; i++) this.syncFrame(children[i]!, carried || f === this.agentFrame, changed);
  }

  private listOfRoom(room: string): SimObject[] {
    let list = this.byRoom.get(room);
    if (!list) this.byRoom.set(room, (list = []));
    return list;
  }

  /** Changes an object's room, keeping both rooms' lists in scene order. */
  private moveToRoom(o: SimObject, room: string): void {
    if (this.journal) {
      this.journal.roomList(o.room);
      this.journal.roomList(room);
    }
    const from = this.listOfRoom(o.room);
    const at = from.indexOf(o);
    if (at >= 0) removeAt(from, at);
    const to = this.listOfRoom(room);
    const rank = this.ordinal.get(o.id)!;
    let lo = 0;
    let hi = to.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.ordinal.get(to[mid]!.id)! < rank) lo = mid + 1;
      else hi = mid;
    }
    insertAt(to, lo, o);
    o.room = room;
  }

  /** True when a frame hangs (transitively) under the agent. */
  private isCarried(f: Frame): boolean {
    for (let p = f.parent; p; p = p.parent) if (p === this.agentFrame) return true;
    return false;
  }

  /** Builds the three.js graph from the frames (once): same structure, child order and poses, matrices recomputed. */
  private threeGraph(): ThreeGraph {
    if (this.three) return this.three;
    const nodes = new Map<Frame, Object3D>();
    const rooms = new Map<string, Group>();
    const build = (f: Frame, node: Object3D): Object3D => {
      node.name = f.name;
      if (f.objectId) node.userData.objectId = f.objectId;
      node.position.set(f.x, f.y, f.z);
      node.rotation.set(0, 0, f.yaw);
      nodes.set(f, node);
      for (const c of f.children) {
        const room = c.parent === this.rootFrame && this.roomFrames.get(c.name) === c;
        const child = build(c, room ? new Group() : new Object3D());
        if (room) rooms.set(c.name, child as Group);
        node.add(child);
      }
      return node;
    };
    const root = build(this.rootFrame, new Scene()) as Scene;
    root.updateMatrixWorld(true);
    this.three = { root, rooms, nodes };
    return this.three;
  }
}

/** The three.js mirror of a world's frames. */
interface ThreeGraph {
  root: Scene;
  rooms: Map<string, Group>;
  nodes: Map<Frame, Object3D>;
}

function collectObjects(frames: readonly Frame[], out: string[]): void {
  for (let i = 0, n = frames.length; i < n; i++) {
    const f = frames[i]!;
    if (f.objectId) out.push(f.objectId);
    collectObjects(f.children, out);
  }
}

/** Angle in (-π, π]. */
export function normalizeAngle(a: number): number {
  let x = a % (2 * Math.PI);
  if (x <= -Math.PI) x += 2 * Math.PI;
  if (x > Math.PI) x -= 2 * Math.PI;
  return Math.abs(x) < 1e-12 ? 0 : x;
}

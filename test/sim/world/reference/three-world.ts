/**
 * The World as it was before it kept its own frames (sim/world/frame.ts): every pose through three.js Object3D
 * nodes and Matrix4. Kept verbatim (imports aside) as the reference that world-frames.test.ts holds the new World to.
 */
import { Group, Object3D, Scene } from "three";
import type { Box, ObjectSpec, RoomSpec, SceneFile } from "../../../../sim/scene/schema.ts";
import { SpatialIndex } from "../../../../sim/geometry/spatial-index.ts";
import { RoomGraph, type Point2 } from "../../../../sim/world/navigation.ts";
import type { SimObject } from "../../../../sim/world/sim-object.ts";

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
  node: Object3D;
}

/** Height above the floor at which a held object is carried (its base). */
export const CARRY_HEIGHT = 1.0;

/**
 * The simulated house: rooms, objects and the agent in a `three` scene graph.
 * A held object is a child of the agent node; an object in or on another object is its child, so it moves with it.
 * World matrices are updated explicitly (headless three updates nothing by itself) and only for what moved.
 */
export class ThreeWorld {
  readonly scene: SceneFile;
  readonly root = new Scene();
  readonly rooms = new Map<string, RoomSpec>();
  readonly roomNodes = new Map<string, Group>();
  readonly objects = new Map<string, SimObject>();
  readonly graph: RoomGraph;
  readonly agent: AgentBody;
  /** Support of every carryable object that is not held. */
  readonly supports = new Map<string, Support>();
  /** Grid over the floor plane: lets placement and observation look only at nearby objects. */
  readonly index = new SpatialIndex(1);
  /** Monotonic counter bumped by every mutation; observers use it to cache derived views. */
  version = 0;
  /** Position of each object in `objects` (scene order): per-room lists keep it, so scans see scene order. */
  private readonly ordinal = new Map<string, number>();
  /** room → the objects in it, in scene order (kept up to date as objects move), so room scans stay local. */
  private readonly byRoom = new Map<string, SimObject[]>();

  constructor(scene: SceneFile) {
    this.scene = scene;
    for (const r of scene.rooms) {
      this.rooms.set(r.id, r);
      const g = new Group();
      g.name = r.id;
      this.root.add(g);
      this.roomNodes.set(r.id, g);
    }
    this.graph = new RoomGraph(scene.rooms);
    for (const spec of withFloors(scene)) this.objects.set(spec.id, createSimObject(spec, this.roomNodes.get(spec.room)!));
    for (const o of this.objects.values()) {
      this.index.insert(o.id, o.box);
      this.ordinal.set(o.id, this.ordinal.size);
      this.listOfRoom(o.room).push(o);
    }
    const agentNode = new Object3D();
    agentNode.name = "agent";
    this.root.add(agentNode);
    const start = scene.agent.position ?? this.graph.center(scene.agent.room);
    agentNode.position.set(start.x, start.y, 0);
    this.agent = { room: scene.agent.room, position: { ...start }, holding: null, node: agentNode };
    this.root.updateMatrixWorld(true);
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

  /** Objects whose footprint lies within `radius` of the box's footprint (held objects excluded), in id order. */
  objectsNear(box: Box, radius: number): SimObject[] {
    return this.index
      .query(box, radius)
      .sort()
      .map((id) => this.objects.get(id)!)
      .filter((o) => !o.held);
  }

  /** Objects whose scene-graph parent chain includes `id` (what moves when it moves). */
  descendants(id: string): string[] {
    const out: string[] = [];
    this.get(id).node.traverse((n) => {
      const oid = n.userData.objectId as string | undefined;
      if (oid && oid !== id) out.push(oid);
    });
    return out;
  }

  /**
   * Puts an object at a world pose with a new support, re-parenting its node (its children come along).
   * Returns every object whose world box changed.
   */
  setPose(id: string, box: Box, support: Support): string[] {
    const o = this.get(id);
    const parent = support.relation === "onfloor" || support.relation === "under"
      ? this.roomNodes.get(this.roomOfSupport(support, box))!
      : this.get(support.target).node;
    if (this.agent.holding === id) {
      this.agent.holding = null;
      o.held = false;
    }
    placeNodeAtWorld(o.node, parent, box);
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
    placeNodeAtWorld(o.node, this.agent.node, box);
    this.supports.delete(id);
    this.agent.holding = id;
    o.held = true;
    return this.syncSubtree(o);
  }

  /** Moves the agent to a point in a room; the held object (and its contents) comes along. */
  moveAgent(room: string, position: Point2): string[] {
    this.agent.room = room;
    this.agent.position = { ...position };
    this.agent.node.position.set(position.x, position.y, 0);
    // only the agent's own matrix: the held subtree (its only children) is recomputed by syncSubtree below
    this.agent.node.updateWorldMatrix(false, false);
    this.version++;
    if (!this.agent.holding) return [];
    return this.syncSubtree(this.get(this.agent.holding));
  }

  /** Sets a unary state; returns the changed object ids (empty when it was already so). */
  setState(id: string, state: keyof SimObject["states"], value: boolean): string[] {
    const o = this.get(id);
    if ((o.states[state] ?? false) === value) return [];
    o.states[state] = value;
    this.version++;
    return [id];
  }

  private roomOfSupport(support: Support, box: Box): string {
    const t = this.objects.get(support.target);
    return this.roomAt(box.center) ?? t?.room ?? this.agent.room;
  }

  /** Recomputes world boxes and rooms of an object and everything under it from the scene graph. */
  private syncSubtree(o: SimObject): string[] {
    o.node.updateMatrixWorld(true);
    const changed: string[] = [];
    o.node.traverse((n) => {
      const oid = n.userData.objectId as string | undefined;
      if (!oid) return;
      const so = this.objects.get(oid)!;
      const e = n.matrixWorld.elements;
      so.box = {
        center: { x: e[12]!, y: e[13]!, z: e[14]! },
        size: so.box.size,
        heading: normalizeAngle(Math.atan2(e[1]!, e[0]!)),
      };
      const room = so.held || this.isCarried(n) ? this.agent.room : (this.roomAt(so.box.center) ?? so.room);
      if (room !== so.room) this.moveToRoom(so, room);
      this.index.insert(oid, so.box);
      changed.push(oid);
    });
    this.version++;
    return changed;
  }

  private listOfRoom(room: string): SimObject[] {
    let list = this.byRoom.get(room);
    if (!list) this.byRoom.set(room, (list = []));
    return list;
  }

  /** Changes an object's room, keeping both rooms' lists in scene order. */
  private moveToRoom(o: SimObject, room: string): void {
    const from = this.listOfRoom(o.room);
    const at = from.indexOf(o);
    if (at >= 0) from.splice(at, 1);
    const to = this.listOfRoom(room);
    const rank = this.ordinal.get(o.id)!;
    let lo = 0;
    let hi = to.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.ordinal.get(to[mid]!.id)! < rank) lo = mid + 1;
      else hi = mid;
    }
    to.splice(lo, 0, o);
    o.room = room;
  }

  private isCarried(n: Object3D): boolean {
    for (let p = n.parent; p; p = p.parent) if (p === this.agent.node) return true;
    return false;
  }
}

/** Thickness of the floor slab added under every room (its top is z = 0). */
export const FLOOR_THICKNESS = 0.1;

/** The scene's objects plus a `floor_<room>` object (floor.n.01) for every room that has no floor object. */
function withFloors(scene: SceneFile): ObjectSpec[] {
  const hasFloor = new Set(scene.objects.filter((o) => o.shape === "floor").map((o) => o.room));
  const floors: ObjectSpec[] = scene.rooms
    .filter((r) => !hasFloor.has(r.id))
    .map((r) => ({
      id: `floor_${r.id}`,
      category: "floor.n.01",
      label: `${r.type.replace(/_/g, " ")} floor`,
      room: r.id,
      box: {
        center: { x: (r.footprint.min.x + r.footprint.max.x) / 2, y: (r.footprint.min.y + r.footprint.max.y) / 2, z: -FLOOR_THICKNESS / 2 },
        size: { x: r.footprint.max.x - r.footprint.min.x, y: r.footprint.max.y - r.footprint.min.y, z: FLOOR_THICKNESS },
        heading: 0,
      },
      kind: "fixed",
      shape: "floor",
      abilities: [],
      states: {},
      controls: [],
    }));
  return [...floors, ...scene.objects];
}

function createSimObject(spec: ObjectSpec, roomNode: Group): SimObject {
  const node = new Object3D();
  node.name = spec.id;
  node.userData.objectId = spec.id;
  node.position.set(spec.box.center.x, spec.box.center.y, spec.box.center.z);
  node.rotation.set(0, 0, spec.box.heading);
  roomNode.add(node);
  return {
    id: spec.id,
    category: spec.category,
    label: spec.label ?? spec.category.split(".")[0]!.replace(/_/g, " "),
    kind: spec.kind,
    shape: spec.shape,
    abilities: new Set(spec.abilities),
    wall: spec.wall ?? 0.02,
    controls: spec.controls,
    box: { center: { ...spec.box.center }, size: { ...spec.box.size }, heading: spec.box.heading },
    states: { ...spec.states },
    room: spec.room,
    held: false,
    node,
  };
}

/** Re-parents `node` under `parent` so that its world pose is `box` (yaw-only rotation). */
function placeNodeAtWorld(node: Object3D, parent: Object3D, box: Box): void {
  // no parent.updateWorldMatrix: every World mutation leaves all world matrices current (the constructor updates
  // the whole graph; setPose/hold/moveAgent recompute whatever they moved), so the parent's is already right
  node.removeFromParent();
  parent.add(node);
  // parent world transform is yaw + translation: invert it by hand (cheaper than matrix inversion)
  const e = parent.matrixWorld.elements;
  const parentYaw = Math.atan2(e[1]!, e[0]!);
  const dx = box.center.x - e[12]!;
  const dy = box.center.y - e[13]!;
  const dz = box.center.z - e[14]!;
  const c = Math.cos(-parentYaw);
  const s = Math.sin(-parentYaw);
  node.position.set(c * dx - s * dy, s * dx + c * dy, dz);
  node.rotation.set(0, 0, box.heading - parentYaw);
}

/** Angle in (-π, π]. */
export function normalizeAngle(a: number): number {
  let x = a % (2 * Math.PI);
  if (x <= -Math.PI) x += 2 * Math.PI;
  if (x > Math.PI) x -= 2 * Math.PI;
  return Math.abs(x) < 1e-12 ? 0 : x;
}

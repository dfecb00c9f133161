import type { Box, StateName } from "../scene/schema.ts";
import type { Frame } from "./frame.ts";
import type { Point2 } from "./navigation.ts";
import type { SimObject } from "./sim-object.ts";

/** The supports map's value type (world.ts's Support; restated here so this file does not import world.ts). */
interface SupportLike {
  relation: string;
  target: string;
}

/** What an object was before its first change since the checkpoint. */
interface ObjectSave {
  o: SimObject;
  /** Boxes are replaced, never edited in place, so the box object itself is kept. */
  box: Box;
  room: string;
  held: boolean;
  /** States are replaced too (World.setState), so the record itself is kept. */
  states: Partial<Record<StateName, boolean>>;
}

/** What a frame was before its first change: parent, local pose and world matrix. */
interface FrameSave {
  f: Frame;
  parent: Frame | null;
  x: number;
  y: number;
  z: number;
  yaw: number;
  world: number[];
}

/** The agent's body fields the world changes (its position object is replaced, never edited). */
interface AgentLike {
  room: string;
  position: Point2;
  holding: string | null;
}

/**
 * A world's undo record: once a checkpoint is taken, every mutation first saves what it is about to change
 * (only the first time since the checkpoint), and {@link restore} puts those saved parts back. An episode
 * touches a few objects of a thousand, so a reset this way costs and allocates the size of the episode's
 * changes, where building the world again made every object, frame and bucket anew (and kept them long
 * enough to be promoted to the old generation). Nothing untouched is looked at.
 */
export class WorldJournal {
  private objects = new Map<SimObject, ObjectSave>();
  private frames = new Map<Frame, FrameSave>();
  /** Child lists in their order at the checkpoint (order is traversal order: descendants, three's graph). */
  private childLists = new Map<Frame, Frame[]>();
  /** Per-room object lists (undefined: the room had no list) in their order at the checkpoint. */
  private roomLists = new Map<string, SimObject[] | undefined>();
  /** Each changed support as it was (undefined: none). */
  private supportSaves = new Map<string, SupportLike | undefined>();
  /** The supports map's key order at the checkpoint: a delete and a set move a key to the end. */
  private readonly supportOrder: string[];
  private supportsReordered = false;
  private agentSave: AgentLike | null = null;

  /**
   * @param owner holds the supports map; a restore that must lay the map out again gives the owner a new one
   */
  constructor(
    private readonly owner: { supports: Map<string, SupportLike> },
    private readonly byRoom: Map<string, SimObject[]>,
    private readonly agent: AgentLike,
  ) {
    this.supportOrder = [...owner.supports.keys()];
  }

  /** Before an object's box, room, held flag or states change. */
  object(o: SimObject): void {
    if (this.objects.has(o)) return;
    this.objects.set(o, { o, box: o.box, room: o.room, held: o.held, states: o.states });
  }

  /** Before a frame's parent, local pose or world matrix changes. */
  frame(f: Frame): void {
    if (this.frames.has(f)) return;
    this.frames.set(f, { f, parent: f.parent, x: f.x, y: f.y, z: f.z, yaw: f.yaw, world: f.world.slice() });
  }

  /** Before a frame's child list changes. */
  children(f: Frame): void {
    if (!this.childLists.has(f)) this.childLists.set(f, f.children.slice());
  }

  /** Before a room's object list changes (or is made). */
  roomList(room: string): void {
    if (!this.roomLists.has(room)) this.roomLists.set(room, this.byRoom.get(room)?.slice());
  }

  /** Before a support is set or deleted. */
  support(id: string, deleting: boolean): void {
    if (!this.supportSaves.has(id)) this.supportSaves.set(id, this.owner.supports.get(id));
    // a key deleted (and maybe set again) no longer sits where it did
    if (deleting && this.owner.supports.has(id)) this.supportsReordered = true;
  }

  /** Before the agent's room, position or held object changes. */
  agentBody(): void {
    this.agentSave ??= { room: this.agent.room, position: this.agent.position, holding: this.agent.holding };
  }

  /** Puts every saved part back as it was at the checkpoint and starts recording afresh. */
  restore(): void {
    for (const s of this.objects.values()) {
      s.o.box = s.box;
      s.o.room = s.room;
      s.o.held = s.held;
      // states, like boxes, are replaced and never edited in place: the saved record is as it was
      s.o.states = s.states;
    }
    for (const s of this.frames.values()) {
      const f = s.f;
      f.parent = s.parent;
      f.x = s.x;
      f.y = s.y;
      f.z = s.z;
      f.yaw = s.yaw;
      for (let i = 0; i < 16; i++) f.world[i] = s.world[i]!;
    }
    for (const [f, saved] of this.childLists) refill(f.children, saved);
    for (const [room, saved] of this.roomLists) {
      if (saved) refill(this.byRoom.get(room)!, saved);
      else this.byRoom.delete(room);
    }
    this.restoreSupports();
    if (this.agentSave) {
      this.agent.room = this.agentSave.room;
      this.agent.position = this.agentSave.position;
      this.agent.holding = this.agentSave.holding;
    }
    // new maps, not cleared ones: a pooled world's journal is old, and a cleared map would grow its table again
    // in the old generation during the next episode (allocations there pay for incremental marking); fresh
    // maps grow in the young generation and die there with their episode
    this.objects = new Map();
    this.frames = new Map();
    this.childLists = new Map();
    this.roomLists = new Map();
    this.supportSaves = new Map();
    this.supportsReordered = false;
    this.agentSave = null;
  }

  private restoreSupports(): void {
    const supports = this.owner.supports;
    for (const [id, saved] of this.supportSaves) {
      // a key the checkpoint did not have was appended: deleting it leaves the others' order as it was
      if (saved) supports.set(id, saved);
      else supports.delete(id);
    }
    if (!this.supportsReordered) return;
    // the same pairs, but some keys moved to the end: lay them out again in the checkpoint's order
    // in a new map rather than the cleared one, for the reason the saves are new maps (restore)
    const laidOut = new Map<string, SupportLike>();
    for (const id of this.supportOrder) laidOut.set(id, supports.get(id)!);
    this.owner.supports = laidOut;
  }
}

/** Makes `list` hold exactly `items`, in order (the same array: others hold on to it). */
function refill<T>(list: T[], items: readonly T[]): void {
  list.length = 0;
  for (let i = 0; i < items.length; i++) list.push(items[i]!);
}

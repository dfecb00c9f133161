import type { Action, Feedback } from "../actions.ts";
import type { ObservedObject, ObservedRoom, Observation } from "../observation.ts";
import type { SimObject } from "./sim-object.ts";
import type { Observer } from "./observer.ts";
import type { Support, World } from "./world.ts";
import type { Box } from "../scene/schema.ts";
import { copyBox } from "../geometry/copy.ts";
import { renderObservationText } from "./observation-text.ts";
import { sortIds } from "../sort-ids.ts";

/**
 * One version of an object as the agent has seen it, tagged with the build that took it; `prev` is the version
 * before it (one allocation per version, no list). A build records only what can change — the box (replaced,
 * never edited in place), the states (replaced on every change, see `World.setState`), the room and what the
 * object rests on — and the snapshot the agent reads is made from them on first read, then kept: an agent that
 * reads no snapshot of it (the oracle, which reads the world) never pays for one.
 */
class SnapshotVersion {
  private snap: ObservedObject | null = null;

  constructor(
    readonly build: number,
    readonly prev: SnapshotVersion | null,
    readonly object: SimObject,
    readonly box: Box,
    readonly states: SimObject["states"],
    readonly room: string,
    /** What the object rested on at the build; undefined while held or when it rests on nothing. */
    readonly support: Support | undefined,
  ) {}

  /** The object as the agent saw it at this version's build: its own objects and arrays, the same ones on every read. */
  snapshot(): ObservedObject {
    return (this.snap ??= snapshotOf(this));
  }
}

/**
 * Every observed id in id order, kept up to date only when a record is read: a build adds its new ids as a
 * sorted chunk, and the chunks are merged in when someone asks for the list. An agent that never reads
 * `objects` (the oracle and the explorer keep their own from `updates`) never pays for the merges.
 */
class SortedIds {
  private merged: readonly string[] = [];
  private readonly pending: (readonly string[])[] = [];

  /**
   * Adds ids observed for the first time, sorted. A copy is kept: the list may be the observer's last scan,
   * which is also the observation's `newlyObserved`, an array the agent may edit before a record is read.
   */
  add(fresh: readonly string[]): readonly string[] {
    const kept = fresh.slice();
    this.pending.push(kept);
    return kept;
  }

  /** Every id added so far, sorted (a list that is never edited afterwards: records may hold on to it). */
  all(): readonly string[] {
    for (let i = 0; i < this.pending.length; i++) this.merged = mergeSorted(this.merged, this.pending[i]!);
    this.pending.length = 0;
    return this.merged;
  }
}

/** The `objects` record of one observation, made on first read. */
class ObjectsRecord {
  private record: Record<string, ObservedObject> | null = null;

  constructor(
    private readonly ids: SortedIds,
    private readonly build: number,
    private readonly versions: ReadonlyMap<string, SnapshotVersion>,
  ) {}

  get(): Record<string, ObservedObject> {
    if (this.record) return this.record;
    const out: Record<string, ObservedObject> = {};
    const build = this.build;
    // the ids observed by now, a superset of this record's when it is read after later steps
    const ids = this.ids.all();
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      // an observation read after later steps still shows the objects as they were at its own step (and
      // leaves out those first observed after it: their oldest version is from a later build)
      const v = versionAt(this.versions.get(id)!, build);
      if (v) out[id] = v.snapshot();
    }
    return (this.record = out);
  }

  /** The `updates` of this record's build: the snapshots it took of `ids` (sorted), keyed in that order. */
  updates(ids: readonly string[]): Record<string, ObservedObject> {
    const out: Record<string, ObservedObject> = {};
    const build = this.build;
    // each was taken by this build: the version at it is there
    for (let i = 0; i < ids.length; i++) out[ids[i]!] = versionAt(this.versions.get(ids[i]!)!, build)!.snapshot();
    return out;
  }
}

/**
 * Builds the agent's observation incrementally. A version of an observed object is taken when it is
 * first observed and again only when a step changes it (and kept only if it reads differently from the
 * last one); each version is kept with the build that took it, so any observation can still be read as
 * it was. The `objects` record (every object observed so far, in id order), `updates` (the versions the
 * build took, in id order), the snapshots in both and the `text` are made when first read and then kept: a
 * step costs the size of its change, not the size of everything observed, and an agent pays only for what
 * it reads.
 */
export class ObservationBuilder {
  /** Each observed object's newest version (older ones hang off it). */
  private readonly versions = new Map<string, SnapshotVersion>();
  /**
   * Objects changed since the last build (their snapshot is out of date). A list, not a set: an id listed
   * twice is retaken once (the second time its version is from this build), and clearing a set made it a
   * new table on every step.
   */
  private stale: string[] = [];
  /** Observed ids in id order, merged when a record is read. */
  private readonly sortedIds = new SortedIds();
  /** How much of the observer's log has been merged into `sortedIds`. */
  private logCursor = 0;
  private builds = 0;
  private lastRecord: ObjectsRecord | null = null;
  private rooms: ObservedRoom[] = [];
  private roomsExplored = -1;
  /** Each room's id, type, outdoor flag and sorted neighbours, taken on the first build. */
  private roomParts: { id: string; type: string; outdoor: boolean; neighbors: readonly string[] }[] | null = null;

  constructor(
    private readonly world: World,
    private readonly observer: Observer,
  ) {}

  /** Marks objects whose snapshot must be taken again. */
  invalidate(ids: Iterable<string>): void {
    for (const id of ids) this.stale.push(id);
  }

  build(args: { step: number; maxSteps: number; newlyObserved: string[]; lastAction: Action | null; lastFeedback: Feedback | null }): Observation {
    const { world, observer, versions } = this;
    const objects = world.objects;
    const build = ++this.builds;
    let changed = false;
    let fresh: readonly string[] = NONE;
    let retaken: string[] | null = null;
    const log = observer.observedLog;
    if (this.logCursor < log.length) {
      // kept as the record's list of ids: the scan's own list may be the observation's newlyObserved, which the agent may edit
      fresh = this.sortedIds.add(newlySorted(observer, this.logCursor));
      this.logCursor = log.length;
      // ids new to the log (each is observed once) have no version yet: take it here; stale ones among them are skipped below
      for (let i = 0; i < fresh.length; i++) {
        const id = fresh[i]!;
        versions.set(id, versionOf(world, objects.get(id)!, build, null));
      }
      changed = true;
    }
    const stale = this.stale;
    if (stale.length > 0) {
      for (let i = 0; i < stale.length; i++) {
        const id = stale[i]!;
        if (!observer.observed.has(id)) continue;
        const prev = versions.get(id) ?? null;
        if (prev && prev.build === build) continue; // first observed in this build: just taken
        const next = versionOf(world, objects.get(id)!, build, prev);
        // a step may report an object it left as it was (a held object carried to where it already was):
        // the old version stands, so `updates` holds only what the agent can see has changed
        if (prev && sameVersion(prev, next)) continue;
        versions.set(id, next);
        (retaken ??= []).push(id);
        changed = true;
      }
      this.stale = []; // not `stale.length = 0`: storing an array's length calls into V8's C++ runtime
    }
    if (changed || !this.lastRecord) this.lastRecord = new ObjectsRecord(this.sortedIds, build, this.versions);
    // the ids of `updates`, in id order (the usual builds take versions of one kind only: an explore's new
    // objects, a pick's or place's changed ones, already in order)
    const updateIds = !retaken ? fresh : fresh.length === 0 && retaken.length === 1 ? retaken : mergeSorted(fresh, retaken.length > 1 ? sortIds(retaken) : retaken);
    const record = this.lastRecord;
    const rooms = this.observedRooms();
    const at = world.agent.position;
    const agent = { room: world.agent.room, position: { x: at.x, y: at.y }, holding: world.agent.holding, near: null as string | null };
    const stepsLeft = Math.max(0, args.maxSteps - args.step);
    // `objects`, `updates` and `text` are own enumerable getters (JSON, spread and Object.keys see them as data)
    // defined from shared descriptors: an object literal with getters costs ~2 µs a step in V8, these ~0.1 µs each
    const obs = { step: args.step, stepsLeft, agent, rooms } as Observation;
    Object.defineProperty(obs, "objects", OBJECTS_GETTER);
    Object.defineProperty(obs, "updates", UPDATES_GETTER);
    obs.newlyObserved = args.newlyObserved;
    obs.lastAction = args.lastAction;
    obs.lastFeedback = args.lastFeedback;
    Object.defineProperty(obs, "text", TEXT_GETTER);
    // a plain store under a symbol (JSON and Object.keys skip symbols): a defineProperty for it cost ~0.2 µs a step
    (obs as WithLazy)[LAZY] = { record, updateIds, updates: null, args, stepsLeft, agent, rooms, text: null };
    return obs;
  }

  /** The rooms as the agent knows them; a new list only when a room has been explored since. */
  private observedRooms(): ObservedRoom[] {
    const { world, observer } = this;
    if (observer.explored.size === this.roomsExplored) return this.rooms;
    this.roomsExplored = observer.explored.size;
    // rooms and doors never change: only `explored` does (each list still gets its own objects and arrays)
    const fixed = (this.roomParts ??= [...world.rooms.values()].map((r) => ({ id: r.id, type: r.type, outdoor: r.outdoor, neighbors: world.graph.neighbors(r.id) })));
    this.rooms = fixed.map((r) => ({
      id: r.id,
      type: r.type,
      outdoor: r.outdoor,
      neighbors: r.neighbors.slice(),
      explored: observer.explored.has(r.id),
    }));
    return this.rooms;
  }
}

/** No ids (the build's fresh ids when the log has not grown). */
const NONE: readonly string[] = [];

/**
 * Where an observation keeps what its `objects` and `text` are made from: an own property under a symbol, so
 * JSON, `Object.keys` and `for…in` leave it out (a spread copies it along, harmlessly).
 */
const LAZY = Symbol("observation parts");

interface LazyParts {
  record: ObjectsRecord;
  /** The ids of `updates`, sorted (never edited: the builder's own list). */
  updateIds: readonly string[];
  /** `updates`, once read. */
  updates: Record<string, ObservedObject> | null;
  /** The build's own values: the text shows them even if the agent has since changed the observation. */
  args: { step: number; maxSteps: number; newlyObserved: string[]; lastAction: Action | null; lastFeedback: Feedback | null };
  stepsLeft: number;
  agent: Observation["agent"];
  rooms: ObservedRoom[];
  text: string | null;
}

type WithLazy = Observation & { [LAZY]: LazyParts };

/** The `objects` getter every observation shares: the record of its own build, made on first read. */
const OBJECTS_GETTER: PropertyDescriptor = {
  get(this: WithLazy) {
    return this[LAZY].record.get();
  },
  enumerable: true,
  configurable: true,
};

/**
 * The `updates` getter every observation shares: the snapshots its build took, made on first read and then kept
 * (a new record for every observation, also when empty: an agent may edit what it is given).
 */
const UPDATES_GETTER: PropertyDescriptor = {
  get(this: WithLazy) {
    const lazy = this[LAZY];
    return (lazy.updates ??= lazy.record.updates(lazy.updateIds));
  },
  enumerable: true,
  configurable: true,
};

/** The `text` getter every observation shares: rendered on first read, then kept. */
const TEXT_GETTER: PropertyDescriptor = {
  get(this: WithLazy) {
    const lazy = this[LAZY];
    if (lazy.text === null) {
      const { record, args, stepsLeft, agent, rooms } = lazy;
      lazy.text = renderObservationText(
        { step: args.step, stepsLeft, agent, rooms, objects: record.get(), newlyObserved: args.newlyObserved, lastAction: args.lastAction, lastFeedback: args.lastFeedback },
        args.maxSteps,
      );
    }
    return lazy.text;
  },
  enumerable: true,
  configurable: true,
};

/** Merges two sorted lists of distinct ids into a new sorted list. */
function mergeSorted(a: readonly string[], b: readonly string[]): string[] {
  const out: string[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = a[i]! < b[j]! ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

/**
 * The log's ids from `cursor` on, in id order. Usually one scan observed them all (explore, open, pick):
 * then they are the scan's own sorted list, taken as it is (the builder only reads it); otherwise a sorted copy.
 */
function newlySorted(observer: Observer, cursor: number): readonly string[] {
  const log = observer.observedLog;
  const scan = observer.lastScan;
  if (observer.lastScanAt === cursor && scan.length === log.length - cursor && isSorted(scan)) return scan;
  const fresh = log.slice(cursor);
  return sortIds(fresh);
}

/** True when the ids are in ascending order. */
function isSorted(ids: readonly string[]): boolean {
  for (let i = 1; i < ids.length; i++) if (ids[i - 1]! > ids[i]!) return false;
  return true;
}

/** The newest of `v` and the versions before it taken by `build` or earlier (null: none so early). */
function versionAt(v: SnapshotVersion | null, build: number): SnapshotVersion | null {
  while (v && v.build > build) v = v.prev;
  return v;
}

/** What can change of an object, as it is now, as a version of it taken by `build`. */
function versionOf(world: World, o: SimObject, build: number, prev: SnapshotVersion | null): SnapshotVersion {
  return new SnapshotVersion(build, prev, o, o.box, o.states, o.room, o.held ? undefined : world.supports.get(o.id));
}

/**
 * The object as the agent saw it at a version's build: its own objects and arrays (an agent may edit what it is
 * given). The box is copied with {@link copyBox}, as the world copies its own boxes (the same fields, x, y, z in that order).
 */
function snapshotOf(v: SnapshotVersion): ObservedObject {
  const o = v.object;
  const s = v.support;
  return {
    id: o.id,
    category: o.category,
    label: o.label,
    room: v.room,
    kind: o.kind,
    box: copyBox(v.box),
    abilities: sortedAbilities(o.abilities),
    states: { ...v.states },
    relation: s ? { type: s.relation, target: s.target } : null,
  };
}

/**
 * Each object's abilities, sorted once: an object's set never changes after it is made, and a
 * snapshot (every object an explore observes) then copies a short list instead of spreading and sorting a set.
 */
const SORTED_ABILITIES = new WeakMap<ReadonlySet<string>, readonly string[]>();

/** A fresh array of the abilities, sorted (the agent may edit it). */
function sortedAbilities(abilities: ReadonlySet<string>): string[] {
  if (abilities.size === 0) return [];
  let sorted = SORTED_ABILITIES.get(abilities);
  if (sorted === undefined) SORTED_ABILITIES.set(abilities, (sorted = [...abilities].sort()));
  return sorted.slice();
}

/**
 * Whether two versions of one object would give snapshots that read the same (as JSON too: the states' keys in
 * the same order). Its id, category, label, kind and abilities never change.
 */
function sameVersion(a: SnapshotVersion, b: SnapshotVersion): boolean {
  if (a.room !== b.room) return false;
  const p = a.box;
  const q = b.box;
  if (p !== q) {
    if (p.heading !== q.heading || p.center.x !== q.center.x || p.center.y !== q.center.y || p.center.z !== q.center.z) return false;
    if (p.size.x !== q.size.x || p.size.y !== q.size.y || p.size.z !== q.size.z) return false;
  }
  const r = a.support;
  const t = b.support;
  if (r !== t && (r === undefined || t === undefined || r.relation !== t.relation || r.target !== t.target)) return false;
  if (a.states === b.states) return true;
  const ka = Object.keys(a.states);
  const kb = Object.keys(b.states);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]! as keyof SimObject["states"];
    if (k !== kb[i] || a.states[k] !== b.states[k]) return false;
  }
  return true;
}

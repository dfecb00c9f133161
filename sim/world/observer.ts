import type { World } from "./world.ts";
import type { Point2 } from "./navigation.ts";
import { distanceToFootprint } from "./reach.ts";
import { sortIds } from "../sort-ids.ts";

/**
 * Partial observability (SPEC §4): the agent knows rooms from the start and observes objects by being
 * near them. Contents of a closed container stay hidden until it is opened.
 */
export class Observer {
  readonly observed = new Set<string>();
  readonly explored = new Set<string>();
  /** Every id of `observed`, in the order it was first observed (append-only: readers keep a cursor into it). */
  readonly observedLog: string[] = [];
  /**
   * The ids the latest scan saw first, sorted (the array the scan returned: do not modify), and where they
   * start in `observedLog`: a reader whose cursor is there takes them in id order without sorting again.
   */
  lastScan: readonly string[] = [];
  lastScanAt = 0;

  constructor(private readonly world: World) {}

  /** True when the object sits (transitively) inside a closed openable container. */
  isHidden(id: string): boolean {
    const w = this.world;
    for (let cur: string | undefined = id, guard = 0; cur && guard < 64; guard++) {
      const s = w.supports.get(cur);
      if (!s) return false;
      if (s.relation === "inside") {
        const c = w.objects.get(s.target);
        if (c && c.abilities.has("openable") && !c.states.open) return true;
      }
      cur = s.target;
    }
    return false;
  }

  /**
   * Marks objects observed; returns the ones seen for the first time, sorted. Every scan goes through here
   * (one hot function: V8 optimizes it early, where a scan of its own would stay in a slower tier longer),
   * over an array by index (no iterator protocol in any tier).
   */
  private see(ids: readonly string[]): string[] {
    const { observed, observedLog } = this;
    const at = observedLog.length;
    const fresh: string[] = [];
    for (let i = 0, n = ids.length; i < n; i++) {
      const id = ids[i]!;
      if (observed.has(id) || this.isHidden(id)) continue;
      observed.add(id);
      observedLog.push(id);
      fresh.push(id);
    }
    sortIds(fresh);
    if (fresh.length > 0) {
      this.lastScan = fresh;
      this.lastScanAt = at;
    }
    return fresh;
  }

  /**
   * True when a look around `room` can show nothing new: it has been explored. Exploring observed every
   * visible object in it, the agent carries only what it has observed (and what a picked object carries is
   * observed with it), and what was hidden in a closed container is observed when the container is opened
   * (revealContents). Skipping the scan saves a walk over the room's objects on most steps of an episode.
   */
  private nothingNewIn(room: string): boolean {
    return this.explored.has(room);
  }

  /** Entering a room: its fixed furniture, plus what lies within `radius` of where the agent stands. */
  lookAroundOnEntry(room: string, at: Point2, radius = 2.5): string[] {
    if (this.nothingNewIn(room)) return [];
    const ids: string[] = [];
    // only the room's own objects: the scan does not grow with the house
    for (const o of this.world.objectsInRoom(room)) {
      // already observed: `see` would drop it, so skip the distance (most of a scan once a room is known)
      if (o.room !== room || o.held || this.observed.has(o.id)) continue;
      if (o.kind === "fixed" || distanceToFootprint(at, o.box) <= radius) ids.push(o.id);
    }
    return ids.length === 0 ? ids : this.see(ids);
  }

  /** Standing next to something: visible objects within `radius` of the agent in the same room. */
  lookAround(room: string, at: Point2, radius = 1.5): string[] {
    if (this.nothingNewIn(room)) return [];
    const ids: string[] = [];
    for (const o of this.world.objectsInRoom(room)) {
      if (o.room === room && !o.held && !this.observed.has(o.id) && distanceToFootprint(at, o.box) <= radius) ids.push(o.id);
    }
    return ids.length === 0 ? ids : this.see(ids);
  }

  /** A full search of a room: every visible object in it. */
  exploreRoom(room: string): string[] {
    this.explored.add(room);
    const ids: string[] = [];
    for (const o of this.world.objectsInRoom(room)) if (o.room === room && !o.held && !this.observed.has(o.id)) ids.push(o.id);
    return ids.length === 0 ? ids : this.see(ids);
  }

  /** Opening a container shows what is inside it (and on things inside it). */
  revealContents(container: string): string[] {
    return this.see(this.world.descendants(container));
  }

  /** The held object and its contents are always observed. */
  seeHeld(): string[] {
    const h = this.world.agent.holding;
    if (!h) return [];
    // a childless held object that is already observed (every pick: it was observed to be picked) adds nothing
    if (this.observed.has(h) && !this.world.hasDescendants(h)) return [];
    return this.see([h, ...this.world.descendants(h)]);
  }
}

import type { ObservedObject, Observation } from "../sim/observation.ts";

/** What {@link ObservedObjects.take} hands back for an observation it had already taken in. */
const NOTHING: Readonly<Record<string, ObservedObject>> = Object.freeze({});

/**
 * An agent's own copy of every object observed so far, in the order of `objects` ({@link keyBefore}),
 * holding the very snapshot objects the observations hold — kept from each observation's `updates` so that
 * the agent never reads `objects`: the simulator makes that record only when it is read, and in a house of
 * a thousand objects making it and going through it each step was most of what an agent paid for an
 * observation.
 *
 * `updates` only add up to `objects` over every observation of the episode, in turn. So an observation is
 * taken from its `updates` only when it is the one after the last taken in (its `step` the last + 1); any
 * other (a step skipped because a wrapper or subclass answered it, the first one handed to a copy that
 * missed the episode's start, another observation of the same step) makes the copy start again from that
 * observation's `objects`, as does one put together by hand whose records are not in key order. The same
 * observation handed again changes nothing.
 */
export class ObservedObjects {
  /** The objects, in the order of `objects`. */
  private list: ObservedObject[] = [];
  /** The same objects by id (what most reads are). */
  private readonly byId = new Map<string, ObservedObject>();
  /** The step of the last observation taken in (-1 before any). */
  private seenStep = -1;
  /** The last observation taken in, to tell one handed twice from another of the same step. */
  private last: Observation | null = null;
  /**
   * Whether `list` is in {@link keyBefore} order, as the simulator's records always are. A hand-made
   * `objects` record put together in another order cannot be merged into (where a new id goes is known
   * only in key order): then every observation is taken from `objects`, so the copy still lists the
   * objects as `objects` does.
   */
  private ordered = true;
  /** The objects of one `updates` not yet in the list (reused from step to step). */
  private readonly added: ObservedObject[] = [];

  /**
   * Brings the copy up to `obs` and hands back what it took in: `obs.updates` when `obs` came in turn,
   * `obs.objects` when the copy started again from it, an empty record when `obs` was the last one taken in.
   */
  take(obs: Observation): Readonly<Record<string, ObservedObject>> {
    if (obs === this.last) return NOTHING;
    this.last = obs;
    const inTurn = this.ordered && obs.step === this.seenStep + 1;
    this.seenStep = obs.step;
    if (inTurn && this.apply(obs.updates)) return obs.updates;
    const objects = obs.objects;
    this.restart(objects);
    return objects;
  }

  /** Forgets everything (a new episode). */
  clear(): void {
    this.list = [];
    this.byId.clear();
    this.seenStep = -1;
    this.last = null;
    this.ordered = true;
  }

  /** The object's latest snapshot, or undefined if it was never observed. */
  get(id: string): ObservedObject | undefined {
    return this.byId.get(id);
  }

  /** Whether the object has been observed. */
  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Every object observed so far, in the order of `objects` (the copy itself: read it, do not keep it across steps). */
  values(): readonly ObservedObject[] {
    return this.list;
  }

  /** How many objects have been observed. */
  get size(): number {
    return this.list.length;
  }

  /** Starts again from a whole `objects` record, in its own order. */
  private restart(objects: Readonly<Record<string, ObservedObject>>): void {
    const list = Object.values(objects);
    this.byId.clear();
    let ordered = true;
    for (let i = 0; i < list.length; i++) {
      const o = list[i]!;
      this.byId.set(o.id, o);
      if (i > 0 && !keyBefore(list[i - 1]!.id, o.id)) ordered = false;
    }
    this.list = list;
    this.ordered = ordered;
  }

  /**
   * Takes in one `updates` record: changed objects replaced where they are, new ones merged in at their
   * place. False, the copy left half done, for a record not in key order: the simulator's always are, and
   * where a new id of a hand-made one goes among the known ones only its `objects` can tell.
   */
  private apply(updates: Readonly<Record<string, ObservedObject>>): boolean {
    const added = this.added;
    added.length = 0;
    let prev: string | null = null;
    for (const key in updates) {
      const o = updates[key]!;
      const id = o.id;
      if (prev !== null && !keyBefore(prev, id)) return false;
      prev = id;
      if (this.byId.has(id)) this.list[this.indexOf(id)] = o;
      else added.push(o);
      this.byId.set(id, o);
    }
    if (added.length > 0) this.merge(added);
    return true;
  }

  /** Where a known id is in the list. */
  private indexOf(id: string): number {
    const at = indexOfId(this.list, id);
    if (at < 0) throw new Error(`ObservedObjects: ${id} is known but not in the list`);
    return at;
  }

  /** Merges new objects (in key order) into the list from the back: one pass however many, each moves at most once. */
  private merge(added: readonly ObservedObject[]): void {
    const list = this.list;
    let i = list.length - 1;
    for (const o of added) list.push(o); // dense growth; every slot is written again below
    for (let j = added.length - 1, w = list.length - 1; j >= 0; w--) {
      if (i >= 0 && keyBefore(added[j]!.id, list[i]!.id)) list[w] = list[i--]!;
      else list[w] = added[j--]!;
    }
  }
}

/**
 * Where the object with `id` is in `list`, a list in {@link keyBefore} order of its ids (a binary search), or
 * -1 when it is not there.
 */
export function indexOfId(list: readonly { readonly id: string }[], id: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const m = list[mid]!.id;
    if (m === id) return mid;
    if (keyBefore(m, id)) lo = mid + 1;
    else hi = mid;
  }
  return -1;
}

/**
 * Whether id `a` comes before `b` in a record whose ids were put in sorted (`<`) order, as `objects` and
 * `updates` are: JavaScript lists ids that are array indices ("2", "10") first, by number, then the rest
 * as they were put in.
 */
export function keyBefore(a: string, b: string): boolean {
  const x = arrayIndex(a);
  const y = arrayIndex(b);
  if (x < 0) return y < 0 && a < b;
  return y < 0 || x < y;
}

/** The id as an array index (a canonical integer below 2³² − 1), or -1. */
function arrayIndex(s: string): number {
  const c = s.charCodeAt(0);
  // most ids start with a letter: one look at the first character
  if (!(c >= 48 && c <= 57) || s.length > 10 || (c === 48 && s.length > 1)) return -1;
  for (let i = 1; i < s.length; i++) {
    const d = s.charCodeAt(i);
    if (d < 48 || d > 57) return -1;
  }
  const n = Number(s);
  return n <= 4294967294 ? n : -1;
}

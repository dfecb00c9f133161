import type { ObservedObject, Observation } from "../../sim/observation.ts";
import { ObservedObjects } from "../observed-objects.ts";
import { horizontalGap } from "../../sim/geometry/gap.ts";
import { zGap } from "../../sim/geometry/vertical.ts";
import { nexttoGapFor } from "../../sim/predicates/nextto.ts";
import { coversFootprint } from "../../sim/predicates/overlaid.ts";
import { TOUCH_TOLERANCE } from "../../sim/predicates/tolerances.ts";
import type { Literal } from "./literal.ts";

/**
 * What the explorer believes about the house: the last observation plus what it remembers itself —
 * which containers it has looked into and which `nextto` placements it made (the observation shows only
 * an object's support, not its neighbours). It never reads the simulator.
 *
 * The objects it has observed it keeps itself ({@link observed}, brought up to date from each
 * observation's `updates`), and nothing of the explorer reads the observation's `objects`: in a house of a
 * thousand objects that record is made afresh whenever anything observed changes, and making it and going
 * through it each step was most of what a step of the explorer cost.
 */
/** How far an object's bottom may be from a ground's top and still stand on it, m (rounding, settling). */
const GROUND_CONTACT = 0.01;

export class Belief {
  /** The latest observation (its agent, rooms and step; its objects are {@link observed}). */
  obs!: Observation;
  /**
   * Every object observed so far, in the order of the observation's `objects` (so every first match and
   * every tie among them comes out as it would going through `objects`).
   */
  readonly observed: ObservedObjects;
  /** Openable objects the agent has seen open (their contents are known). */
  readonly searched = new Set<string>();
  /**
   * Where the agent itself put things, valid until it picks them (or what they stand next to or under) up
   * again: the observation shows an object's support, but not what it stands next to, and what is under
   * furniture rests on the floor.
   */
  private readonly placed = new Map<string, { relation: string; target: string }>();

  /** @param observed where the observed objects are kept (tests hand in one that takes every observation whole). */
  constructor(observed: ObservedObjects = new ObservedObjects()) {
    this.observed = observed;
  }

  /** Takes in a new observation and the outcome of the agent's last action. */
  update(obs: Observation): void {
    this.obs = obs;
    // only what is new or changed: an object open in an earlier observation was added then, and what
    // did not change since is no news (after an observation out of turn, `taken` is all of `objects`)
    const taken = this.observed.take(obs);
    for (const id in taken) {
      const o = taken[id]!;
      if (o.abilities.includes("openable") && o.states.open) this.searched.add(o.id);
    }
    const a = obs.lastAction;
    if (!a || !obs.lastFeedback?.ok) return;
    if (a.type === "place") this.placed.set(a.object, { relation: a.relation, target: a.target });
    if (a.type === "pick") this.forgetPlacementsOf(a.object);
  }

  /**
   * What no longer holds once `picked` is lifted: where it was put itself, and what was put next to it or
   * under it (what was put on or in it goes along with it, and still is).
   */
  private forgetPlacementsOf(picked: string): void {
    this.placed.delete(picked);
    for (const [id, p] of this.placed) if (p.target === picked && (p.relation === "nextto" || p.relation === "under")) this.placed.delete(id);
  }

  /** Where the agent itself last put `id` (relation and target), while that still stands; undefined otherwise. */
  placement(id: string): { readonly relation: string; readonly target: string } | undefined {
    return this.placed.get(id);
  }

  /** The object as last observed, or undefined if it never was. */
  object(id: string): ObservedObject | undefined {
    return this.observed.get(id);
  }

  /** Every object observed so far, in the order of the observation's `objects`. */
  objects(): readonly ObservedObject[] {
    return this.observed.values();
  }

  /** Whether the agent has observed the object. */
  known(id: string): boolean {
    return id === "agent" || this.observed.has(id);
  }

  /** Type of a room. */
  roomType(room: string): string | undefined {
    return this.obs.rooms.find((r) => r.id === room)?.type;
  }

  /** Whether `a` is (transitively) inside `container`, following observed supports. */
  isInside(a: string, container: string): boolean {
    let cur = this.object(a)?.relation;
    for (let guard = 0; cur && guard < 32; guard++) {
      if (cur.type === "inside" && cur.target === container) return true;
      cur = this.object(cur.target)?.relation ?? null;
    }
    return false;
  }

  /** The closed openable container `a` sits in, if the agent knows of one. */
  closedContainerAround(a: string): string | null {
    let cur = this.object(a)?.relation;
    for (let guard = 0; cur && guard < 32; guard++) {
      const c = this.object(cur.target);
      if (cur.type === "inside" && c && c.abilities.includes("openable") && !c.states.open) return c.id;
      cur = c?.relation ?? null;
    }
    return null;
  }

  /** Believed truth of a predicate over object ids (a room type for `inroom`'s second argument). Unknown objects make it false. */
  holds(pred: string, args: string[]): boolean {
    const [a, b] = args as [string, string | undefined];
    if (pred === "inroom") {
      const o = this.object(a);
      return !!o && this.roomType(o.room) === b;
    }
    if (args.some((x) => !this.known(x))) return false;
    const oa = this.object(a);
    if (b === undefined) return !!oa?.states[pred as keyof ObservedObject["states"]];
    const rel = oa?.relation;
    const put = (x: string, relation: string, y: string) => this.placed.get(x)?.relation === relation && this.placed.get(x)?.target === y;
    switch (pred) {
      case "ontop":
        return (rel?.type === "ontop" && rel.target === b) || put(a, "ontop", b) || (!!oa && this.restsOnGround(oa, b));
      case "under":
        return (rel?.type === "under" && rel.target === b) || put(a, "under", b);
      case "inside":
        return this.isInside(a, b) || put(a, "inside", b);
      case "onfloor":
        // what stands under a table stands on the floor too (the simulator's onfloor says so)
        return (rel?.type === "onfloor" && (rel.target === b || this.object(b)?.room === oa?.room)) || (!!oa && this.restsOnGround(oa, b));
      case "nextto":
        return put(a, "nextto", b) || put(b, "nextto", a) || this.sideBySide(a, b);
      case "touching":
        return (rel?.target === b && rel.type === "ontop") || this.object(b)?.relation?.target === a || put(a, "nextto", b) || put(b, "nextto", a);
      case "overlaid": {
        // on it, and spread over most of it: how far it covers is seen in the boxes
        if (!((rel?.type === "ontop" && rel.target === b) || put(a, "ontop", b))) return false;
        const ob = this.object(b);
        return !!oa && !!ob && coversFootprint(oa.box, ob.box);
      }
      default:
        return false;
    }
  }

  /**
   * Whether `o`, standing on the ground under something (or on the floor), rests on the top face of `ground`:
   * what is put under a table stands on the room's floor, and `ontop(x, floor)` holds for it as much as for
   * something put on the floor itself (BEHAVIOR-1K's "two mousetraps under the toilet, every mousetrap on the
   * floor"). Read from the observed boxes: its bottom at the ground's top, its centre over the ground's footprint.
   */
  private restsOnGround(o: ObservedObject, ground: string): boolean {
    const rel = o.relation;
    if (!rel || (rel.type !== "under" && rel.type !== "onfloor")) return false;
    const g = this.object(ground);
    if (!g || g.kind !== "fixed" || g.room !== o.room) return false;
    const bottom = o.box.center.z - o.box.size.z / 2;
    const top = g.box.center.z + g.box.size.z / 2;
    if (Math.abs(bottom - top) > GROUND_CONTACT) return false;
    // the centre in the ground's own axes
    const dx = o.box.center.x - g.box.center.x;
    const dy = o.box.center.y - g.box.center.y;
    const c = Math.cos(g.box.heading);
    const s = Math.sin(g.box.heading);
    return Math.abs(c * dx + s * dy) <= g.box.size.x / 2 && Math.abs(-s * dx + c * dy) <= g.box.size.y / 2;
  }

  /**
   * Whether `a` and `b` stand side by side in the boxes last observed, as the simulator's `nextto` reads them: their
   * heights overlap, their footprints are apart by no more than the `nextto` threshold, and neither is held, a
   * floor, or the other's support. A folder set down beside the book ended up beside the backpack too, and, believing only
   * the placement it had made, the agent lifted it to put it by the backpack, again and again.
   */
  private sideBySide(a: string, b: string): boolean {
    const oa = this.object(a);
    const ob = this.object(b);
    if (!oa || !ob || a === b) return false;
    const held = this.obs.agent.holding;
    if (held === a || held === b || oa.category === "floor" || ob.category === "floor") return false;
    if (oa.relation?.target === b || ob.relation?.target === a) return false;
    if (zGap(oa.box, ob.box) > TOUCH_TOLERANCE) return false;
    // footprints apart: then neither can be on, in or under the other, which the observation does not always
    // say (a shoe set down on the floor may stand under the table), so this is the simulator's answer
    const gap = horizontalGap(oa.box, ob.box);
    return gap > 0 && gap <= nexttoGapFor(oa.box, ob.box);
  }

  /** Believed truth of a literal. */
  satisfied(l: Literal): boolean {
    return this.holds(l.pred, l.args) === l.positive;
  }
}

import type { ObservedObject, Observation } from "../../sim/observation.ts";
import type { Belief } from "./belief.ts";
import { hypot2 } from "../../sim/geometry/hypot.ts";

/** Room hops from the agent's room to every room it can reach (breadth-first over the doors). */
export function roomHops(obs: Observation): Map<string, number> {
  const neighbours = new Map(obs.rooms.map((r) => [r.id, r.neighbors]));
  const hops = new Map([[obs.agent.room, 0]]);
  const queue = [obs.agent.room];
  while (queue.length) {
    const r = queue.shift()!;
    for (const n of neighbours.get(r) ?? []) {
      if (hops.has(n)) continue;
      hops.set(n, hops.get(r)! + 1);
      queue.push(n);
    }
  }
  return hops;
}

/** The nearest unexplored room (fewest door hops; the first in the room list among equals) not in `skip`, or null. */
export function nearestUnexploredRoom(obs: Observation, skip: ReadonlySet<string> = new Set(), hops = roomHops(obs)): string | null {
  let best: string | null = null;
  let bestHops = Infinity;
  for (const r of obs.rooms) {
    const h = hops.get(r.id);
    if (!r.explored && !skip.has(r.id) && h !== undefined && h < bestHops) {
      best = r.id;
      bestHops = h;
    }
  }
  return best;
}

/**
 * Closed openable objects seen but never looked into, nearest first: those in the agent's room by
 * distance, then by room hops. Objects known to be out of reach (`skip`) are left out. `hops`: {@link roomHops} of
 * the belief's observation, when the caller has it already.
 */
export function unsearchedContainers(belief: Belief, skip: ReadonlySet<string>, hops = roomHops(belief.obs)): string[] {
  const obs = belief.obs;
  const pos = obs.agent.position;
  return belief
    .objects()
    .filter((o) => unsearched(o, belief, skip, hops))
    .map((o) => ({ id: o.id, key: [hops.get(o.room)!, hypot2(o.box.center.x - pos.x, o.box.center.y - pos.y)] as const }))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || (a.id < b.id ? -1 : 1))
    .map((x) => x.id);
}

/**
 * The search is over when every reachable room is explored and every container seen has been looked into
 * (asked every step: whether any container is left, without ordering them all).
 */
export function searchExhausted(belief: Belief, skip: ReadonlySet<string>, hops = roomHops(belief.obs)): boolean {
  if (nearestUnexploredRoom(belief.obs, skip, hops) !== null) return false;
  return !belief.objects().some((o) => unsearched(o, belief, skip, hops));
}

/** A closed openable object, reachable, not looked into and not known to be out of reach. */
function unsearched(o: ObservedObject, belief: Belief, skip: ReadonlySet<string>, hops: ReadonlyMap<string, number>): boolean {
  return o.abilities.includes("openable") && !o.states.open && !belief.searched.has(o.id) && !skip.has(o.id) && hops.has(o.room);
}

import { interiorOf } from "../geometry/shape-model.ts";
import { spansOpening } from "../physics/candidate-sets.ts";
import type { DraftObject } from "./draft.ts";

/**
 * Open containers that must carry things on top get a lid. The simulator lets an object rest on an
 * open container only when it spans the opening (else it would fall in: sim/physics/candidate-sets.ts),
 * so `(ontop sack storage_container)` with a paper bag narrower than the box could never hold. A storage
 * box, bin or crate with a lid is what a person would stack things on, so such a container becomes
 * `openable` (a closed top panel, sim/geometry/shape-model.ts) and starts closed unless the activity says
 * otherwise. Containers whose loads on top all span their opening (a box on a box of the same size) keep
 * their open top. Runs on final sizes (after sim/sampler/sizing.ts); returns the drafts it changed, so
 * their interiors can be grown for the lid.
 */
export function lidOpenTops(drafts: ReadonlyMap<string, DraftObject>, onTop: ReadonlyMap<string, ReadonlySet<string>>): DraftObject[] {
  const changed: DraftObject[] = [];
  for (const [id, items] of onTop) {
    const d = drafts.get(id);
    if (!d || d.abilities.includes("openable")) continue;
    const interior = interiorOf({ box: { center: { x: 0, y: 0, z: 0 }, size: d.size, heading: 0 }, shape: d.shape, wall: d.wall ?? 0, abilities: new Set(d.abilities) });
    if (!interior) continue;
    const fallsIn = [...items].some((i) => {
      const item = drafts.get(i);
      return !!item && !spansOpening(item.size, interior.size);
    });
    if (!fallsIn) continue;
    d.abilities.push("openable");
    if (d.states.open === undefined) d.states.open = false;
    changed.push(d);
  }
  return changed;
}

/**
 * Packaged goods: BEHAVIOR's `<package>__of__<contents>` categories (`carton__of__milk`, `box__of__gum`,
 * `can__of__cat_food`, `tube__of__toothpaste`) and `<contents>__<package>` ones (`milk__carton`, `honey__jar`). WordNet has none of them, and its sense of the head word is the
 * empty package at its largest: a carton is a cardboard moving box, a bag a carrier bag, a can any container.
 * A product on a shop shelf is a few centimetres across, closed, and carried like any small item; the contents
 * only say what it holds. What an activity does with one (puts things in it, freezes it) adds the abilities
 * that needs, as for any category.
 */
import { item, type ProfileEntry } from "./profile.ts";

/** Typical retail sizes by package word (x = width, y = depth, z = height), m. */
export const PACKAGED_GOODS: Readonly<Record<string, ProfileEntry>> = {
  bag: item([0.22, 0.1, 0.3], [], { rooms: ["kitchen"] }),
  bottle: item([0.08, 0.08, 0.25], [], { rooms: ["kitchen"] }),
  box: item([0.2, 0.12, 0.08], [], { rooms: ["kitchen"] }),
  can: item([0.07, 0.07, 0.11], [], { rooms: ["kitchen"] }),
  carton: item([0.07, 0.07, 0.2], [], { rooms: ["kitchen"] }),
  case: item([0.2, 0.1, 0.05]),
  cup: item([0.09, 0.09, 0.1], [], { rooms: ["kitchen"] }),
  jar: item([0.08, 0.08, 0.12], [], { rooms: ["kitchen"] }),
  pack: item([0.15, 0.1, 0.05], [], { rooms: ["kitchen"] }),
  package: item([0.15, 0.1, 0.05], [], { rooms: ["kitchen"] }),
  packet: item([0.12, 0.08, 0.02], [], { rooms: ["kitchen"] }),
  sack: item([0.35, 0.2, 0.5], [], { rooms: ["kitchen", "garage"] }),
  tin: item([0.08, 0.08, 0.1], [], { rooms: ["kitchen"] }),
  tub: item([0.1, 0.1, 0.08], [], { rooms: ["kitchen"] }),
  tube: item([0.18, 0.04, 0.03], [], { rooms: ["bathroom"] }),
};

/**
 * The packaged-goods profile of a compound lemma, with its package word, or null: `<package>__of__<contents>`
 * (`carton__of__milk`) or, as newer BEHAVIOR-1K files write it, `<contents>__<package>` (`milk__carton`,
 * `flour__sack`). Other compounds (`cooked__diced__chicken`, `half__apple`) are not packages.
 */
export function packagedEntry(lemma: string): { head: string; entry: ProfileEntry } | null {
  const at = lemma.indexOf("__of__");
  const head = at > 0 ? lemma.slice(0, at).split("_").filter(Boolean).at(-1) : lemma.includes("__") ? lemma.slice(lemma.lastIndexOf("__") + 2) : undefined;
  const entry = head && Object.hasOwn(PACKAGED_GOODS, head) ? PACKAGED_GOODS[head]! : undefined;
  return entry ? { head: head!, entry } : null;
}

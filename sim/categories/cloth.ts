/**
 * Which categories are cloth that can be folded (BEHAVIOR-1K's `folded` / `unfolded`): towels, napkins,
 * tablecloths, sheets, blankets, garments. Read from WordNet: a category is foldable when it descends from a
 * {@link CLOTH_ANCESTORS} synset and from none of the {@link NOT_CLOTH} ones (a hat is clothing, but a person
 * does not fold it; a belt is an accessory). An activity that folds something else makes it foldable too
 * (the sampler gives every category a unary state is written of that state's ability).
 */
import { isA } from "./wordnet.ts";

/** Fabric and the things made of it. */
const CLOTH_ANCESTORS: readonly string[] = ["fabric.n.01", "linen.n.03", "bedclothes.n.01", "clothing.n.01"];

/** Clothing that is not folded: headwear, belts and the like, shoes. */
const NOT_CLOTH: readonly string[] = ["headdress.n.01", "accessory.n.01", "footwear.n.02"];

/** True when the WordNet synset at `offset` is cloth that can be folded. */
export function isFoldableCloth(offset: number): boolean {
  return CLOTH_ANCESTORS.some((a) => isA(offset, a)) && !NOT_CLOTH.some((a) => isA(offset, a));
}

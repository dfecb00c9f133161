/**
 * Free-text labels ("Coffee Table", "tv_monitor", "chocolate milk pods") → tokens and WordNet
 * noun concepts. A label is looked up whole (`coffee_table`), then by dropping leading words
 * (`milk_pods` → `pods` → `pod`): the head noun of an English compound comes last; "bowl of apples"
 * is a bowl; "door frame" is also tried closed up as "doorframe". Among a word's senses those that
 * fit a household object come first (artifact, food, natural object — see `householdRank`), so
 * "table" is the furniture, not the array of numbers.
 */
import { householdSenses, sensesOfWord, synsetName, wuPalmer } from "../../../sim/categories/wordnet.ts";

/** Lower-case word tokens of a label: splits on spaces, `_`, `-`, `/`, camelCase and punctuation. */
export function labelTokens(label: string): string[] {
  return label
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 0);
}

/** The concept a label names, with how it was found. */
export interface Concept {
  /** `data.noun` offset of the chosen synset. */
  offset: number;
  /** NLTK-style synset name, e.g. `coffee_table.n.01`. */
  synset: string;
  /** The lemma that matched (`coffee_table`, or the head noun `pod`). */
  lemma: string;
  /** True when the whole label matched, false when only a trailing part did. */
  whole: boolean;
  /** Up to three senses of the lemma, best household fit first (`offset` is the first). */
  senses: number[];
}

/** Lemma spellings to try for a label, whole label first, then ever shorter tails. */
export function lemmaCandidates(label: string): Array<{ phrase: string; whole: boolean }> {
  let tokens = labelTokens(label);
  const of = tokens.indexOf("of");
  if (of > 0) tokens = tokens.slice(0, of);
  const out: Array<{ phrase: string; whole: boolean }> = [];
  for (let start = 0; start < tokens.length; start++) {
    const tail = tokens.slice(start);
    const whole = start === 0 && of <= 0;
    out.push({ phrase: tail.join("_"), whole });
    if (tail.length > 1) out.push({ phrase: tail.join(""), whole });
  }
  return out;
}

const conceptCache = new Map<string, Concept | null>();

/** The WordNet concept of a label, or null when no trailing part of it is a WordNet noun. */
export function conceptOf(label: string): Concept | null {
  const key = labelTokens(label).join("_");
  if (conceptCache.has(key)) return conceptCache.get(key)!;
  let found: Concept | null = null;
  for (const { phrase, whole } of lemmaCandidates(label)) {
    const hit = sensesOfWord(phrase);
    if (!hit) continue;
    const senses = householdSenses(hit.senses).slice(0, 3);
    found = { offset: senses[0]!, synset: synsetName(senses[0]!), lemma: hit.lemma, whole, senses };
    break;
  }
  conceptCache.set(key, found);
  return found;
}

/**
 * Semantic similarity of two labels in [0, 1]: 1 for the same normalised label, else the best
 * Wu–Palmer similarity over their concepts' senses (hypernyms let an unseen "peach" sit near a seen
 * "apple"), scaled by 0.9 when either concept came from a head noun only; 0 when either label has
 * no concept.
 */
export function conceptSimilarity(a: string, b: string): number {
  const ka = labelTokens(a).join("_");
  const kb = labelTokens(b).join("_");
  if (ka === kb) return 1;
  const ca = conceptOf(a);
  const cb = conceptOf(b);
  if (!ca || !cb) return 0;
  let sim = 0;
  for (const sa of ca.senses) for (const sb of cb.senses) sim = Math.max(sim, wuPalmer(sa, sb));
  return ca.whole && cb.whole ? sim : 0.9 * sim;
}

/**
 * Label similarity for matching predicted labels to ground-truth labels (the functional scene graph
 * probe's "GT label within the top-K most similar labels"). Pluggable: any
 * `(a, b) => number` with larger meaning closer will do. The default is deterministic and needs no
 * model: normalised tokens plus WordNet synonyms —
 *   1    the same tokens after lower-casing, splitting and singularising ("Light_Switches" = "light switch");
 *   0.95 both labels name a common WordNet synset as a whole ("couch" / "sofa");
 *   else the Jaccard overlap of their token sets, where each token stands for its first WordNet
 *        sense when it has one (so synonymous words count as the same token).
 * Ties in a ranking are broken by the label text, so rankings never depend on input order.
 */
import { conceptOf, labelTokens } from "./concepts.ts";
import { nounBaseForms, sensesOfWord } from "../../../sim/categories/wordnet.ts";

/** Larger is more similar; the scale is the function's own. */
export type LabelSimilarity = (a: string, b: string) => number;

function singular(token: string): string {
  const hit = sensesOfWord(token);
  return hit ? hit.lemma : nounBaseForms(token).at(-1)!;
}

function normalisedTokens(label: string): string[] {
  return labelTokens(label).map(singular);
}

function tokenKey(token: string): string {
  const hit = sensesOfWord(token);
  return hit ? `#${hit.senses[0]}` : token;
}

/** The default similarity (see module comment). */
export const tokenSynonymSimilarity: LabelSimilarity = (a, b) => {
  const ta = normalisedTokens(a);
  const tb = normalisedTokens(b);
  if (ta.length === 0 || tb.length === 0) return 0;
  if (ta.join(" ") === tb.join(" ")) return 1;
  const ca = conceptOf(a);
  const cb = conceptOf(b);
  if (ca?.whole && cb?.whole && ca.senses.some((s) => cb.senses.includes(s))) return 0.95;
  const ka = new Set(ta.map(tokenKey));
  const kb = new Set(tb.map(tokenKey));
  let shared = 0;
  for (const k of ka) if (kb.has(k)) shared++;
  return shared / (ka.size + kb.size - shared);
};

/**
 * Rank of every vocabulary label for one query label (0 = most similar), highest similarity first,
 * ties by label text.
 */
export function similarityRanks(query: string, vocabulary: readonly string[], similarity: LabelSimilarity): Map<string, number> {
  const scored = vocabulary.map((label) => ({ label, s: similarity(query, label) }));
  scored.sort((x, y) => y.s - x.s || (x.label < y.label ? -1 : x.label > y.label ? 1 : 0));
  return new Map(scored.map((x, i) => [x.label, i]));
}

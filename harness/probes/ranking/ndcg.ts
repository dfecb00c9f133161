/**
 * NDCG@K exactly as SPEC §7 (seed 000's recipe): DCG = Σ_{i<K} rel_i / log2(i + 2) over the first K
 * entries of the ranking (i from 0), IDCG = the same sum over the gains sorted from high to low,
 * NDCG = DCG / IDCG. An id listed twice counts once (its first place; the repeat earns nothing but
 * keeps its slot, so a ranking cannot gain by repetition); ids without a gain earn 0.
 * When IDCG = 0 (no candidate has any gain) NDCG is undefined: the function returns null and
 * scorers leave the case out of the mean and list it.
 */

/** Default cut-off of the ranking probe. */
export const NDCG_K = 8;

/** DCG of the first k entries of a ranking. */
export function dcgAtK(ranking: readonly string[], relevance: Readonly<Record<string, number>>, k = NDCG_K): number {
  const seen = new Set<string>();
  let dcg = 0;
  for (let i = 0; i < Math.min(k, ranking.length); i++) {
    const id = ranking[i]!;
    if (seen.has(id)) continue;
    seen.add(id);
    dcg += gainOf(relevance, id) / Math.log2(i + 2);
  }
  return dcg;
}

/** DCG of the ideal ranking: all gains sorted from high to low. */
export function idealDcgAtK(relevance: Readonly<Record<string, number>>, k = NDCG_K): number {
  const gains = Object.values(relevance).sort((a, b) => b - a);
  let idcg = 0;
  for (let i = 0; i < Math.min(k, gains.length); i++) idcg += gains[i]! / Math.log2(i + 2);
  return idcg;
}

/** NDCG@k in [0, 1], or null when IDCG = 0. */
export function ndcgAtK(ranking: readonly string[], relevance: Readonly<Record<string, number>>, k = NDCG_K): number | null {
  const idcg = idealDcgAtK(relevance, k);
  if (!(idcg > 0)) return null;
  return Math.min(1, dcgAtK(ranking, relevance, k) / idcg);
}

/** The ideal ranking of a case: candidates by gain, high to low, ties by id (deterministic). */
export function idealRanking(candidates: readonly string[], relevance: Readonly<Record<string, number>>): string[] {
  return [...candidates].sort((a, b) => gainOf(relevance, b) - gainOf(relevance, a) || (a < b ? -1 : a > b ? 1 : 0));
}

/** The gain of an id: its own entry only (an id such as `__proto__` must not read the prototype), else 0. */
export function gainOf(relevance: Readonly<Record<string, number>>, id: string): number {
  const g = Object.hasOwn(relevance, id) ? relevance[id] : undefined;
  return typeof g === "number" && Number.isFinite(g) ? g : 0;
}

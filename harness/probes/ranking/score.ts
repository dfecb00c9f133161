/**
 * Scores placement rankings against graded relevance: NDCG@8 per case, the mean with a seeded
 * percentile-bootstrap 95% interval, top-1 accuracy (TidyBot's per-scenario metric) overall and per
 * group. Missing predictions score 0 and are listed; cases whose IDCG is 0 are undefined, left out
 * of the mean and listed.
 */
import { bootstrapMeanInterval, mean } from "../stats/bootstrap.ts";
import { joinRows } from "../io/join.ts";
import { readJsonl, type JsonlRow } from "../io/jsonl.ts";
import { RankingCaseSchema, RankingPredictionSchema } from "../io/schemas.ts";
import type { RankingCase, RankingPrediction, RankingSummary, SkippedLine } from "../types.ts";
import { gainOf, ndcgAtK } from "./ndcg.ts";

export interface ScoreOptions {
  /** Seed of the bootstrap (default 0). */
  seed?: number;
}

/** True when the top-ranked id has the case's highest gain (and that gain is positive). */
export function topOneCorrect(ranking: readonly string[], relevance: Readonly<Record<string, number>>): boolean {
  const best = Math.max(0, ...Object.values(relevance));
  const first = ranking[0];
  return best > 0 && first !== undefined && gainOf(relevance, first) === best;
}

/** Scores parsed rows (file names are only for reporting). */
export function scoreRankingRows(
  gt: { rows: ReadonlyArray<JsonlRow<RankingCase>>; file: string },
  pred: { rows: ReadonlyArray<JsonlRow<RankingPrediction>>; file: string },
  options: ScoreOptions = {},
  skipped: SkippedLine[] = [],
): RankingSummary {
  const joined = joinRows({ ...gt, key: (c) => c.id }, { ...pred, key: (p) => p.id });
  const rows: RankingSummary["rows"] = [];
  const scores: number[] = [];
  const hits: boolean[] = [];
  const undefinedCases: string[] = [];
  const groups = new Map<string, { scores: number[]; hits: boolean[] }>();
  for (const { key, gt: c, pred: p } of joined.pairs) {
    const ranking = p?.ranking ?? [];
    const ndcg = ndcgAtK(ranking, c.relevance);
    const row: RankingSummary["rows"][number] = { id: key, ndcg8: ndcg };
    if (c.group !== undefined) row.group = c.group;
    if (!p) row.missing = true;
    if (ndcg === null) {
      undefinedCases.push(key);
      row.error = "no candidate has a positive gain (IDCG = 0): left out of the mean";
      rows.push(row);
      continue;
    }
    const top1 = topOneCorrect(ranking, c.relevance);
    row.top1 = top1;
    rows.push(row);
    scores.push(ndcg);
    hits.push(top1);
    if (c.group !== undefined) {
      const g = groups.get(c.group) ?? { scores: [], hits: [] };
      g.scores.push(ndcg);
      g.hits.push(top1);
      groups.set(c.group, g);
    }
  }
  const share = (b: boolean[]) => (b.length === 0 ? 0 : b.filter(Boolean).length / b.length);
  const groupAccuracy = mean([...groups.values()].map((g) => share(g.hits)));
  return {
    ndcg8: mean(scores) ?? 0,
    n: scores.length,
    ci95: bootstrapMeanInterval(scores, { seed: options.seed ?? 0 }) ?? [0, 0],
    rows,
    accuracy: share(hits),
    groups: Object.fromEntries(
      [...groups].map(([name, g]) => [name, { n: g.scores.length, ndcg8: mean(g.scores) ?? 0, accuracy: share(g.hits) }]),
    ),
    groupAccuracy,
    unmatched: { gtOnly: joined.gtOnly, predOnly: joined.predOnly },
    undefinedCases,
    skipped: [...skipped, ...joined.skipped],
  };
}

/** Reads a ground-truth JSONL file and a prediction JSONL file and scores them. */
export function scoreRankingFiles(gtFile: string, predFile: string, options: ScoreOptions = {}): RankingSummary {
  const gt = readJsonl(gtFile, RankingCaseSchema);
  const pred = readJsonl(predFile, RankingPredictionSchema);
  return scoreRankingRows(
    { rows: gt.rows as Array<JsonlRow<RankingCase>>, file: gtFile },
    { rows: pred.rows, file: predFile },
    options,
    [...gt.skipped, ...pred.skipped],
  );
}

/**
 * Plain-text tables of probe summaries for stdout: the headline numbers, then what was not matched
 * or skipped (so nothing is dropped silently). Per-case rows go to the results file, not the table.
 */
import { describeSkipped } from "../io/jsonl.ts";
import type { DetectionSummary, FunGraphSummary, GroundingSummary, ProbeKind, RankingSummary, SkippedLine } from "../types.ts";

const f = (v: number | null | undefined, digits = 4) => (v === null || v === undefined ? "n/a" : v.toFixed(digits));

function table(rows: Array<[string, string]>): string {
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join("\n");
}

function listing(title: string, items: readonly string[], limit = 10): string[] {
  if (items.length === 0) return [];
  const shown = items.slice(0, limit).map((i) => `  ${i}`);
  if (items.length > limit) shown.push(`  … and ${items.length - limit} more (see the results file)`);
  return [`${title} (${items.length}):`, ...shown];
}

function tail(s: { unmatched?: { gtOnly: string[]; predOnly: string[] }; skipped: SkippedLine[] }): string[] {
  return [
    ...listing("missing predictions (scored 0)", s.unmatched?.gtOnly ?? []),
    ...listing("predictions with no ground truth (ignored)", s.unmatched?.predOnly ?? []),
    ...listing("skipped lines", s.skipped.map(describeSkipped)),
  ];
}

/** Formats a probe summary as a table with the unmatched and skipped lists under it. */
export function formatProbeTable(kind: ProbeKind, summary: unknown): string {
  const lines: string[] = [];
  if (kind === "ranking") {
    const s = summary as RankingSummary;
    lines.push(
      table([
        ["NDCG@8", `${f(s.ndcg8)}  95% CI [${f(s.ci95[0])}, ${f(s.ci95[1])}]`],
        ["cases", String(s.n)],
        ["top-1 accuracy", f(s.accuracy)],
        ...(s.groupAccuracy !== null ? ([["per-group accuracy (mean)", f(s.groupAccuracy)]] as Array<[string, string]>) : []),
      ]),
      ...listing("cases with no positive gain (left out)", s.undefinedCases),
    );
  } else if (kind === "detection") {
    const s = summary as DetectionSummary;
    const c = s.confusion;
    lines.push(
      table([
        ["accuracy", f(s.accuracy)],
        ["precision", f(s.precision)],
        ["recall", f(s.recall)],
        ["F1", f(s.f1)],
        ["objects", String(s.n)],
        ["tp / fp / tn / fn", `${c.tp} / ${c.fp} / ${c.tn} / ${c.fn}`],
      ]),
    );
  } else if (kind === "fungraph") {
    const s = summary as FunGraphSummary;
    const ks = Object.keys(s.nodeRecall);
    lines.push(
      table([
        ["K", ks.join("\t")],
        ["node recall@K", ks.map((k) => f(s.nodeRecall[k], 3)).join("\t")],
        ["triplet recall@K", ks.map((k) => f(s.tripletRecall[k], 3)).join("\t")],
        ["scenes", String(s.rows.length)],
        ["nodes / triplets", `${s.rows.reduce((a, r) => a + r.nodes, 0)} / ${s.rows.reduce((a, r) => a + r.triplets, 0)}`],
      ]),
    );
  } else {
    const s = summary as GroundingSummary;
    lines.push(
      table([
        ["challenge score", f(s.score)],
        ["numerical questions", String(s.numerical.n)],
        ["  exact", f(s.numerical.exact)],
        ["  within 1", f(s.numerical.within1)],
        ["  MAE", f(s.numerical.mae)],
        ["object references", String(s.objectReference.n)],
        ["  points", `${s.objectReference.points} / ${s.objectReference.maxPoints}`],
        ["  mean IoU", f(s.objectReference.meanIoU)],
      ]),
      ...listing("duplicated questions in the ground truth", s.duplicates.gt),
      ...listing("duplicated questions in the predictions", s.duplicates.pred),
      ...listing("questions not scored", s.rows.filter((r) => r.error && r.points === undefined).map((r) => `${r.question}: ${r.error}`)),
    );
  }
  lines.push(...tail(summary as { unmatched?: { gtOnly: string[]; predOnly: string[] }; skipped: SkippedLine[] }));
  return lines.join("\n");
}

/**
 * The `prior` probe baseline: a placement prior learnt from training annotations only, generalised to
 * unseen objects through WordNet. Training examples are (object, candidate, gain) triples: the
 * ranking cases of a training split (`train` option: one or more ranking JSONL files, e.g. Housekeep's
 * train and val splits) and the placements a query itself shows as context (TidyBot's seen objects,
 * `context.seenPlacements`). Held-out objects are never looked up by name in anything but those.
 *
 * Ranking: a candidate's score is the similarity-weighted mean gain that the query object's nearest
 * training objects (Wu–Palmer similarity of their WordNet concepts, k = 5, weight = similarity⁴) gave
 * that candidate, plus a small popularity term (its mean gain over all training objects) that orders
 * candidates no neighbour knows. With context placements, a candidate also scores the highest
 * similarity between the query object and an object seen placed there (TidyBot's nearest example).
 * Detection: an object is flagged misplaced when the prior's score of where it is
 * (`room|receptacle`) is below `threshold` (default 0.5) times the best score any place gets.
 */
import { gainOf } from "../ranking/ndcg.ts";
import type { JsonlRow } from "../io/jsonl.ts";
import { readJsonl } from "../io/jsonl.ts";
import { RankingCaseSchema } from "../io/schemas.ts";
import { conceptSimilarity } from "../labels/concepts.ts";
import type { MisplacementQuery, PlacementQuery, RankingCase, SkippedLine } from "../types.ts";
import type { ProbeAgent } from "./probe-agent.ts";

/** One training fact: annotators gave `candidate` this gain for `object`. */
export interface PlacementExample {
  object: string;
  candidate: string;
  gain: number;
}

export interface PriorBaselineOptions {
  /** Ranking JSONL file(s) to learn from (a comma-separated string is accepted too). */
  train?: string | string[];
  /** Examples given directly (tests, programmatic use). */
  examples?: PlacementExample[];
  /** Nearest training objects consulted (default 5). */
  neighbours?: number;
  /** Detection threshold as a share of the best place's score (default 0.5). */
  threshold?: number;
}

/** A seen placement in a query's context: `{object, receptacle}` or `[object, receptacle]`. */
function seenPlacements(context: unknown): Array<{ object: string; receptacle: string }> {
  const list = (context as { seenPlacements?: unknown } | undefined)?.seenPlacements;
  if (!Array.isArray(list)) return [];
  return list.flatMap((p) => {
    if (Array.isArray(p) && typeof p[0] === "string" && typeof p[1] === "string") return [{ object: p[0], receptacle: p[1] }];
    const o = p as { object?: unknown; receptacle?: unknown };
    return typeof o?.object === "string" && typeof o.receptacle === "string" ? [{ object: o.object, receptacle: o.receptacle }] : [];
  });
}

/** Turns ranking cases into training examples. */
export function examplesFromCases(cases: Iterable<RankingCase>): PlacementExample[] {
  const out: PlacementExample[] = [];
  for (const c of cases) for (const cand of c.candidates) out.push({ object: c.object, candidate: cand, gain: gainOf(c.relevance, cand) });
  return out;
}

/** Learns from training examples; ranks candidates and flags misplaced objects. */
export class PriorProbeBaseline implements ProbeAgent {
  readonly name = "prior";
  readonly version = "1";
  /** Training lines that could not be read. */
  readonly skipped: SkippedLine[] = [];
  /** Training examples learnt from (`train` files and `examples`); detection needs some, see {@link detectMisplaced}. */
  readonly trainingExamples: number;
  private readonly gains = new Map<string, Map<string, number[]>>();
  private readonly popularity = new Map<string, number>();
  private readonly neighbours: number;
  private readonly threshold: number;

  constructor(options: PriorBaselineOptions = {}) {
    this.neighbours = Number(options.neighbours ?? 5);
    this.threshold = Number(options.threshold ?? 0.5);
    const files = typeof options.train === "string" ? options.train.split(",").filter(Boolean) : (options.train ?? []);
    const examples = [...(options.examples ?? [])];
    for (const file of files) {
      const read = readJsonl(file, RankingCaseSchema);
      this.skipped.push(...read.skipped);
      examples.push(...examplesFromCases(read.rows.map((r: JsonlRow<RankingCase>) => r.value)));
    }
    this.trainingExamples = examples.length;
    const totals = new Map<string, { sum: number; n: number }>();
    for (const e of examples) {
      const byCandidate = this.gains.get(e.object) ?? new Map<string, number[]>();
      byCandidate.set(e.candidate, [...(byCandidate.get(e.candidate) ?? []), e.gain]);
      this.gains.set(e.object, byCandidate);
      const t = totals.get(e.candidate) ?? { sum: 0, n: 0 };
      t.sum += e.gain;
      t.n++;
      totals.set(e.candidate, t);
    }
    for (const [c, t] of totals) this.popularity.set(c, t.sum / t.n);
  }

  /** Training objects most similar to `object`, with their weights (similarity⁴), best first. */
  nearest(object: string): Array<{ object: string; weight: number }> {
    return [...this.gains.keys()]
      .map((o) => ({ object: o, sim: conceptSimilarity(object, o) }))
      .filter((x) => x.sim > 0)
      .sort((a, b) => b.sim - a.sim || (a.object < b.object ? -1 : 1))
      .slice(0, this.neighbours)
      .map((x) => ({ object: x.object, weight: x.sim ** 4 }));
  }

  /** Prior score of each candidate for an object (higher = more plausible). */
  scores(object: string, candidates: readonly string[], context?: unknown): Map<string, number> {
    const near = this.nearest(object);
    const seen = seenPlacements(context);
    const out = new Map<string, number>();
    for (const c of candidates) {
      let num = 0;
      let den = 0;
      for (const { object: o, weight } of near) {
        const g = this.gains.get(o)!.get(c);
        if (!g) continue;
        num += weight * (g.reduce((a, b) => a + b, 0) / g.length);
        den += weight;
      }
      let score = (den > 0 ? num / den : 0) + 1e-3 * (this.popularity.get(c) ?? 0);
      for (const s of seen) if (s.receptacle === c) score = Math.max(score, conceptSimilarity(object, s.object) + 1e-3);
      out.set(c, score);
    }
    return out;
  }

  rankPlacements(q: PlacementQuery): string[] {
    const s = this.scores(q.object, q.candidates, q.context);
    return [...q.candidates].sort((a, b) => s.get(b)! - s.get(a)! || (a < b ? -1 : a > b ? 1 : 0));
  }

  /**
   * Flags the objects whose place scores below `threshold` times the best place. The places compared are
   * those of the training examples: without any (no `train`), there is nothing to compare with and no
   * object is ever flagged — the CLI refuses `--agent prior` on the detection probe without `--train`.
   */
  detectMisplaced(q: MisplacementQuery): string[] {
    const places = [...this.popularity.keys()];
    const flagged: string[] = [];
    for (const o of q.objects) {
      if (!o.room || !o.receptacle) continue;
      const here = `${o.room}|${o.receptacle}`;
      const s = this.scores(o.label, places.includes(here) ? places : [...places, here], q.context);
      const best = Math.max(...s.values());
      if (best > 0 && s.get(here)! < this.threshold * best) flagged.push(o.id);
    }
    return flagged;
  }
}

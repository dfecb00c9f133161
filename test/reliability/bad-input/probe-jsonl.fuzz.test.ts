/**
 * Probe files with damaged lines (SPEC §7: "a malformed line is reported with its line number and
 * skipped, never fatal"). Valid ground-truth and prediction files for the ranking, detection and
 * grounding probes get lines replaced by hostile JSON, garbage, cut or huge lines, CRLF endings and a
 * byte-order mark; the scorers never throw, name every malformed line by its number, skip nothing else
 * (but repeated ids), and give finite scores in range.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import type { z } from "zod";
import { describe, expect, it } from "vitest";
import { scoreDetectionFiles } from "../../../harness/probes/detection/score.ts";
import { scoreGroundingFiles } from "../../../harness/probes/grounding/score.ts";
import { DetectionLabelSchema, GroundingPredictionSchema, GroundingTruthSchema, RankingCaseSchema, RankingPredictionSchema } from "../../../harness/probes/io/schemas.ts";
import { scoreRankingFiles } from "../../../harness/probes/ranking/score.ts";
import type { SkippedLine } from "../../../harness/probes/types.ts";
import { mutateToText, mutationArb, prototypesClean } from "../helpers/json-mutation.ts";
import { FUZZ_RUNS } from "./fuzz-runs.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "probe-fuzz-"));
const OBJECTS = ['0 0 0 0.5 1 1 1 0 "table"', '1 3 0 0.5 1 1 1 0 "chair"'].join("\n");

interface Probe {
  name: string;
  gt: { lines: object[]; schema: z.ZodType; key: (v: any) => string };
  pred: { lines: object[]; schema: z.ZodType; key: (v: any) => string };
  score(gt: string, pred: string): { skipped: SkippedLine[]; scores: number[] };
}

const ids = ["c1", "c2", "c3", "c4", "c5", "c6"];
const PROBES: Probe[] = [
  {
    name: "ranking",
    gt: { lines: ids.map((id, i) => ({ id, object: "mug", candidates: ["a", "b", "c"], relevance: { a: i % 3, b: 1, c: 0 } })), schema: RankingCaseSchema, key: (v) => String(v.id) },
    pred: { lines: ids.map((id) => ({ id, ranking: ["b", "a", "c"] })), schema: RankingPredictionSchema, key: (v) => String(v.id) },
    score: (g, p) => {
      const s = scoreRankingFiles(g, p);
      return { skipped: s.skipped, scores: [s.ndcg8, s.accuracy, ...s.rows.map((r) => r.ndcg8 ?? 0)] };
    },
  },
  {
    name: "detection",
    gt: { lines: ids.map((id, i) => ({ id, misplaced: i % 2 === 0 })), schema: DetectionLabelSchema, key: (v) => String(v.id) },
    pred: { lines: ids.map((id, i) => ({ id, misplaced: i % 3 === 0 })), schema: DetectionLabelSchema, key: (v) => String(v.id) },
    score: (g, p) => {
      const s = scoreDetectionFiles(g, p);
      return { skipped: s.skipped, scores: [s.accuracy, s.precision, s.recall, s.f1] };
    },
  },
  {
    name: "grounding",
    gt: {
      lines: [
        ...ids.slice(0, 3).map((q, i) => ({ scene: "s", type: "numerical", question: `how many ${q}?`, answer: i, object_list: OBJECTS })),
        ...ids.slice(3).map((q, i) => ({ scene: "s", type: "object_reference", question: `where is ${q}?`, answer: i % 2, object_list: OBJECTS })),
      ],
      schema: GroundingTruthSchema,
      key: (v) => v.question,
    },
    pred: {
      lines: [
        ...ids.slice(0, 3).map((q, i) => ({ question: `how many ${q}?`, prediction: { kind: "numerical", value: i + (i % 2) } })),
        ...ids.slice(3).map((q) => ({ question: `where is ${q}?`, prediction: { kind: "object_reference", label: "chair", object_id: 1 } })),
      ],
      schema: GroundingPredictionSchema,
      key: (v) => v.question,
    },
    score: (g, p) => {
      const s = scoreGroundingFiles(g, p);
      return { skipped: s.skipped, scores: [s.score, s.numerical.exact, s.numerical.within1, s.objectReference.meanIoU ?? 0] };
    },
  },
];

/** How a line is damaged. */
const damageArb = fc.oneof(
  fc.record({ kind: fc.constant("json" as const), mutations: fc.array(mutationArb, { minLength: 1, maxLength: 2 }) }),
  fc.record({ kind: fc.constant("garbage" as const), text: fc.string({ maxLength: 80 }).map((t) => t.replace(/[\r\n]/g, " ")) }),
  fc.record({ kind: fc.constant("cut" as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant("huge" as const) }),
  fc.record({ kind: fc.constant("blank" as const) }),
);

type Damage = typeof damageArb extends fc.Arbitrary<infer D> ? D : never;

/** A valid line, damaged. */
function damage(line: string, d: Damage): string {
  if (d.kind === "json") return mutateToText(JSON.parse(line), d.mutations).text.replace(/\n\s*/g, "");
  if (d.kind === "garbage") return d.text;
  if (d.kind === "cut") return line.slice(0, Math.floor(d.at * line.length));
  if (d.kind === "huge") return `{"id":"${"z".repeat(200_000)}"`;
  return "   ";
}

/** Lines a schema rejects (1-based), and valid lines whose key repeats an earlier one. */
function expected(text: string, schema: z.ZodType, key: (v: any) => string): { invalid: Set<number>; repeats: Set<number> } {
  const invalid = new Set<number>();
  const repeats = new Set<number>();
  const seen = new Set<string>();
  text.replace(/^\ufeff/, "").split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === "") return;
    let v: unknown;
    try {
      v = JSON.parse(raw);
    } catch {
      return invalid.add(i + 1);
    }
    const r = schema.safeParse(v);
    if (!r.success) return invalid.add(i + 1);
    const k = key(r.data);
    if (seen.has(k)) repeats.add(i + 1);
    seen.add(k);
  });
  return { invalid, repeats };
}

let written = 0;
describe.each(PROBES)("the $name probe on damaged JSONL", (probe) => {
  it("never throws; names every malformed line by number and skips nothing else; scores stay in [0, 1]", () => {
    const side = (lines: object[]) => fc.tuple(fc.array(fc.tuple(fc.nat(lines.length - 1), damageArb), { maxLength: 3 }), fc.boolean(), fc.boolean());
    fc.assert(
      fc.property(side(probe.gt.lines), side(probe.pred.lines), (gtDamage, predDamage) => {
        const files = ([["gt", probe.gt, gtDamage], ["pred", probe.pred, predDamage]] as const).map(([name, spec, [edits, crlf, bom]]) => {
          const lines = spec.lines.map((l) => JSON.stringify(l));
          for (const [i, d] of edits) lines[i] = damage(JSON.stringify(spec.lines[i]), d);
          const text = (bom ? "\ufeff" : "") + lines.join(crlf ? "\r\n" : "\n") + "\n";
          const file = path.join(dir, `${probe.name}-${name}-${written++}.jsonl`);
          writeFileSync(file, text);
          return { file, text, spec };
        });
        const result = probe.score(files[0]!.file, files[1]!.file);
        for (const { file, text, spec } of files) {
          const { invalid, repeats } = expected(text, spec.schema, spec.key);
          const named = new Set(result.skipped.filter((s) => s.file === file).map((s) => s.line));
          for (const line of invalid) expect(named.has(line), `${path.basename(file)}:${line} not reported`).toBe(true);
          for (const line of named) expect(invalid.has(line) || repeats.has(line), `${path.basename(file)}:${line} skipped but valid`).toBe(true);
        }
        for (const s of result.skipped) expect(s.reason.length).toBeGreaterThan(0);
        for (const x of result.scores) expect(Number.isFinite(x) && x >= 0 && x <= 1, `score ${x}`).toBe(true);
        expect(prototypesClean()).toBe(true);
      }),
      { numRuns: Math.ceil(FUZZ_RUNS.probeJsonl / PROBES.length) },
    );
  });
});

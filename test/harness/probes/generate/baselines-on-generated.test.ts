import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { PriorProbeBaseline } from "../../../../harness/probes/baselines/prior.ts";
import { RandomProbeBaseline } from "../../../../harness/probes/baselines/random.ts";
import { generateProbeCases } from "../../../../harness/probes/generate/generate.ts";
import { runProbeAgent } from "../../../../harness/probes/run/agent-mode.ts";
import { scoreProbeFiles } from "../../../../harness/probes/run/offline.ts";
import type { DetectionSummary, GroundingSummary, RankingCase, RankingSummary } from "../../../../harness/probes/types.ts";

// Figures are printed so that docs/probes.md can quote them; the assertions are what must hold.
const out = mkdtempSync(path.join(tmpdir(), "probe-cases-baselines-"));
const file = (name: string) => path.join(out, name);
const lines = (name: string) => readFileSync(file(name), "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
const writeLines = (name: string, values: unknown[]) => writeFileSync(file(name), values.map((v) => JSON.stringify(v)).join("\n") + "\n");
const fmt = (x: number) => x.toFixed(3);

beforeAll(() => {
  generateProbeCases("default", { out, kinds: ["ranking", "detection", "grounding"], seed: 0 });
});

describe("random and prior baselines on cases generated from the bundled suite", () => {
  const prior = () => new PriorProbeBaseline({ train: [file("ranking.train.jsonl")] });
  const random = () => new RandomProbeBaseline({ seed: 0 });

  it("ranking, test nouns unseen in training: prior's NDCG@8 interval lies wholly above random's", async () => {
    const r = (await runProbeAgent("ranking", random(), file("ranking.test.jsonl"), { seed: 0 })).summary as RankingSummary;
    const p = (await runProbeAgent("ranking", prior(), file("ranking.test.jsonl"), { seed: 0 })).summary as RankingSummary;
    console.log(`generated ranking (test nouns, n=${p.n}): random NDCG@8 ${fmt(r.ndcg8)} [${r.ci95.map(fmt).join(", ")}] top-1 ${fmt(r.accuracy)}; prior ${fmt(p.ndcg8)} [${p.ci95.map(fmt).join(", ")}] top-1 ${fmt(p.accuracy)}`);
    expect(p.n).toBe(r.n);
    expect(p.ci95[0]).toBeGreaterThan(r.ci95[1]);
    expect(p.accuracy).toBeGreaterThan(r.accuracy + 0.2);
  });

  it("detection: prior's F1 beats random's on all objects and on objects of unseen nouns", async () => {
    for (const cases of ["detection.cases.jsonl", "detection.test.cases.jsonl"]) {
      const r = (await runProbeAgent("detection", random(), file(cases))).summary as DetectionSummary;
      const p = (await runProbeAgent("detection", prior(), file(cases))).summary as DetectionSummary;
      console.log(`generated detection ${cases} (n=${p.n}): random acc ${fmt(r.accuracy)} F1 ${fmt(r.f1)}; prior acc ${fmt(p.accuracy)} P ${fmt(p.precision)} R ${fmt(p.recall)} F1 ${fmt(p.f1)}`);
      expect(p.n).toBe(r.n);
      expect(p.f1).toBeGreaterThan(r.f1 + 0.1);
      expect(p.accuracy).toBeGreaterThan(r.accuracy);
    }
  });

  it("grounding: the random baseline answers every question and scores far below 1", async () => {
    for (const h of ["flat", "family_house", "cottage"]) {
      const run = await runProbeAgent("grounding", random(), file(`grounding/${h}.gt.jsonl`));
      const s = run.summary as GroundingSummary;
      console.log(`generated grounding ${h}: random score ${fmt(s.score)} (numerical exact ${fmt(s.numerical.exact)}, references ${s.objectReference.points}/${s.objectReference.maxPoints} points)`);
      expect(run.errors).toEqual([]);
      expect(s.unmatched.gtOnly).toEqual([]);
      expect(s.score).toBeLessThan(0.3);
    }
  });
});

describe("a perfect prediction scores 1 through the offline scoring path", () => {
  it("ranking: candidates sorted by gain give NDCG@8 1 and top-1 accuracy 1", () => {
    writeLines(
      "ranking.perfect.jsonl",
      lines("ranking.jsonl").map((c) => {
        const r = c as unknown as RankingCase;
        return { id: r.id, ranking: [...r.candidates].sort((a, b) => (r.relevance[b] ?? 0) - (r.relevance[a] ?? 0)) };
      }),
    );
    const s = scoreProbeFiles("ranking", file("ranking.jsonl"), file("ranking.perfect.jsonl")) as RankingSummary;
    expect(s.n).toBe(lines("ranking.jsonl").length);
    expect(s.ndcg8).toBeCloseTo(1, 12);
    expect(s.accuracy).toBe(1);
  });

  it("detection: the labels themselves give accuracy, precision, recall and F1 of 1", () => {
    const s = scoreProbeFiles("detection", file("detection.gt.jsonl"), file("detection.gt.jsonl")) as DetectionSummary;
    expect(s.n).toBe(lines("detection.gt.jsonl").length);
    expect([s.accuracy, s.precision, s.recall, s.f1]).toEqual([1, 1, 1, 1]);
  });

  it("grounding: the answers themselves (counts, and boxes for references) score 1", () => {
    for (const h of ["flat", "family_house", "cottage"]) {
      const gt = lines(`grounding/${h}.gt.jsonl`);
      writeLines(
        `grounding/${h}.perfect.jsonl`,
        gt.map((l) => {
          if (l.type === "numerical") return { question: l.question, prediction: { kind: "numerical", value: Number(l.answer) } };
          if (typeof l.answer === "number") return { question: l.question, prediction: { kind: "object_reference", label: "", object_id: l.answer } };
          const a = l.answer as { center: unknown; size: unknown; heading: number };
          return { question: l.question, prediction: { kind: "object_reference", label: "", center: a.center, size: a.size, heading: a.heading } };
        }),
      );
      const s = scoreProbeFiles("grounding", file(`grounding/${h}.gt.jsonl`), file(`grounding/${h}.perfect.jsonl`)) as GroundingSummary;
      expect(s.score, h).toBe(1);
      expect(s.objectReference.meanIoU!, h).toBeCloseTo(1, 9);
      expect(s.rows.filter((r) => r.error), h).toEqual([]);
    }
  });
});

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scoreRankingFiles } from "../../../../harness/probes/ranking/score.ts";

function files(gt: string, pred: string): { gt: string; pred: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "ranking-"));
  writeFileSync(path.join(dir, "gt.jsonl"), gt);
  writeFileSync(path.join(dir, "pred.jsonl"), pred);
  return { gt: path.join(dir, "gt.jsonl"), pred: path.join(dir, "pred.jsonl") };
}

const GT = [
  { id: "a", object: "apple", candidates: ["x", "y", "z"], relevance: { x: 2, y: 1, z: 0 }, group: "s1" },
  { id: "b", object: "pear", candidates: ["x", "y"], relevance: { y: 1 }, group: "s1" },
  { id: "c", object: "plum", candidates: ["x", "y"], relevance: { x: 1 }, group: "s2" },
  { id: "d", object: "fig", candidates: ["x"], relevance: { x: 0 } },
]
  .map((l) => JSON.stringify(l))
  .join("\n");

describe("ranking scoring from files", () => {
  it("averages NDCG@8 over cases, scores missing predictions 0, and reports per-group accuracy", () => {
    const f = files(GT, [`{"id":"a","ranking":["x","y","z"]}`, `{"id":"b","ranking":["x","y"]}`, `{"id":"extra","ranking":[]}`].join("\n"));
    const s = scoreRankingFiles(f.gt, f.pred);
    const b = 1 / Math.log2(3);
    expect(s.n).toBe(3);
    expect(s.ndcg8).toBeCloseTo((1 + b + 0) / 3, 12);
    expect(s.rows.find((r) => r.id === "c")).toMatchObject({ ndcg8: 0, missing: true, top1: false });
    expect(s.unmatched).toEqual({ gtOnly: ["c", "d"], predOnly: ["extra"] });
    expect(s.undefinedCases).toEqual(["d"]);
    expect(s.accuracy).toBeCloseTo(1 / 3, 12);
    expect(s.groups).toEqual({ s1: { n: 2, ndcg8: (1 + b) / 2, accuracy: 0.5 }, s2: { n: 1, ndcg8: 0, accuracy: 0 } });
    expect(s.groupAccuracy).toBeCloseTo(0.25, 12);
    expect(s.ci95[0]).toBeLessThanOrEqual(s.ndcg8);
    expect(s.ci95[1]).toBeGreaterThanOrEqual(s.ndcg8);
  });

  it("skips malformed lines and duplicates, naming the line, without failing", () => {
    const f = files(`${GT}\n{"id":"e","object":"kiwi","candidates":"x","relevance":{}}\n{oops\n`, `{"id":"a","ranking":["x"]}\n\n{"id":"a","ranking":["z"]}\n[1,2]\n`);
    const s = scoreRankingFiles(f.gt, f.pred);
    const where = s.skipped.map((k) => `${path.basename(k.file)}:${k.line}`);
    expect(where).toEqual(expect.arrayContaining(["gt.jsonl:5", "gt.jsonl:6", "pred.jsonl:3", "pred.jsonl:4"]));
    expect(s.skipped.find((k) => k.line === 3 && k.file.endsWith("pred.jsonl"))!.reason).toMatch(/duplicate "a" \(first on line 1/);
    expect(s.skipped.find((k) => k.line === 5)!.reason).toMatch(/candidates/);
    // the first prediction for "a" counts, the duplicate is ignored
    expect(s.rows.find((r) => r.id === "a")!.ndcg8).toBeCloseTo(2 / (2 + 1 / Math.log2(3)), 12);
  });

  it("is deterministic for a seed", () => {
    const f = files(GT, `{"id":"a","ranking":["y"]}\n{"id":"b","ranking":["y"]}`);
    expect(scoreRankingFiles(f.gt, f.pred, { seed: 5 })).toEqual(scoreRankingFiles(f.gt, f.pred, { seed: 5 }));
  });
});

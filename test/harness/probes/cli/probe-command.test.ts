import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../shared-data.ts";

const cli = (...args: string[]) => spawnSync(process.execPath, [path.join(ROOT, "bin/rearrange.js"), ...args], { cwd: ROOT, encoding: "utf8", env: { ...process.env, REARRANGE_LOG_LEVEL: "error" } });
const dir = mkdtempSync(path.join(tmpdir(), "probe-cli-"));
const put = (name: string, lines: unknown[]) => {
  const file = path.join(dir, name);
  writeFileSync(file, lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n") + "\n");
  return file;
};

const rankingGt = put("ranking.gt.jsonl", [
  { id: "a", object: "apple", candidates: ["x", "y"], relevance: { x: 1 } },
  { id: "b", object: "pear", candidates: ["x", "y"], relevance: { y: 2, x: 1 } },
]);
const rankingPred = put("ranking.pred.jsonl", [{ id: "a", ranking: ["x", "y"] }, "nonsense"]);
const box = { center: [0, 0, 0.5], size: [1, 1, 1], heading: 0 };

describe("rearrange probe (offline)", () => {
  it("ranking --json has the SPEC keys, and a results file with per-case rows is written", () => {
    const out = path.join(dir, "ranking-results.json");
    const r = cli("probe", "ranking", "--gt", rankingGt, "--pred", rankingPred, "--json", "--out", out);
    expect(r.status).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(Object.keys(s)).toEqual(expect.arrayContaining(["ndcg8", "n", "ci95", "rows"]));
    expect(s.rows.map((x: { id: string; ndcg8: number }) => [x.id, x.ndcg8])).toEqual([["a", 1], ["b", 0]]);
    expect(s.skipped[0]).toMatchObject({ line: 2 });
    expect(JSON.parse(readFileSync(out, "utf8"))).toMatchObject({ probe: "ranking", mode: "offline", summary: { rows: s.rows } });
  });

  it("prints a table naming missing predictions and skipped lines", () => {
    const r = cli("probe", "ranking", "--gt", rankingGt, "--pred", rankingPred, "--out", path.join(dir, "t.json"));
    expect(r.stdout).toMatch(/NDCG@8\s+0\.5000/);
    expect(r.stdout).toMatch(/missing predictions \(scored 0\) \(1\):\n\s+b/);
    expect(r.stdout).toContain(`${rankingPred}:2: not JSON`);
  });

  it("detection --json has the SPEC keys", () => {
    const gt = put("det.gt.jsonl", [{ id: "o1", misplaced: true }, { id: "o2", misplaced: false }]);
    const pred = put("det.pred.jsonl", [{ id: "o1", misplaced: true }, { id: "o2", misplaced: true }]);
    const s = JSON.parse(cli("probe", "detection", "--gt", gt, "--pred", pred, "--json", "--out", path.join(dir, "d.json")).stdout);
    expect(s).toMatchObject({ accuracy: 0.5, precision: 0.5, recall: 1, n: 2 });
    expect(s.f1).toBeCloseTo(2 / 3, 12);
    expect(s.rows).toHaveLength(2);
  });

  it("fungraph --json has nodeRecall {3,10} and tripletRecall {5,10}", () => {
    const gt = path.join(dir, "scene.json");
    writeFileSync(gt, JSON.stringify({ annotations: [{ annot_id: 1, label: "switch", box }, { annot_id: 2, label: "lamp", box: { ...box, center: [3, 0, 1] } }], relations: [{ first_node_annot_id: 1, second_node_annot_id: 2, description: "turns on" }] }));
    const pred = path.join(dir, "scene.pred.json");
    writeFileSync(pred, JSON.stringify({ nodes: [{ id: "s", label: "switch", box }], edges: [] }));
    const s = JSON.parse(cli("probe", "fungraph", "--gt", gt, "--pred", pred, "--json", "--out", path.join(dir, "f.json")).stdout);
    expect(s.nodeRecall).toMatchObject({ "3": 0.5, "10": 0.5 });
    expect(s.tripletRecall).toMatchObject({ "5": 0, "10": 0 });
    expect(s.rows).toHaveLength(1);
  });

  it("grounding --json has the SPEC keys", () => {
    const list = '0 0 0 0.5 1 1 1 0 "table"';
    const gt = put("g.gt.jsonl", [{ scene: "s", type: "object_reference", question: "Find the table.", answer: 0, object_list: list }]);
    const pred = put("g.pred.jsonl", [{ question: "Find the table.", prediction: { kind: "object_reference", label: "table", object_id: 0 } }]);
    const s = JSON.parse(cli("probe", "grounding", "--gt", gt, "--pred", pred, "--json", "--out", path.join(dir, "g.json")).stdout);
    expect(Object.keys(s)).toEqual(expect.arrayContaining(["numerical", "objectReference", "score", "unmatched", "rows"]));
    expect(Object.keys(s.numerical).sort()).toEqual(["exact", "mae", "n", "within1"]);
    expect(s.objectReference).toEqual({ points: 2, maxPoints: 2, meanIoU: 1, n: 1 });
    expect(s.unmatched).toEqual({ gtOnly: [], predOnly: [] });
    expect(s.rows[0]).toMatchObject({ question: "Find the table.", type: "object_reference", iou: 1, points: 2 });
  });
});

describe("rearrange probe (agent mode)", () => {
  it("runs a built-in baseline, writes its answers, and the answers re-score to the same numbers", () => {
    const out = path.join(dir, "agent.json");
    const r = cli("probe", "ranking", "--agent", "random", "--cases", rankingGt, "--json", "--out", out, "--seed", "3");
    expect(r.status).toBe(0);
    const s = JSON.parse(r.stdout);
    const predictions = path.join(dir, "agent.predictions.jsonl");
    const again = JSON.parse(cli("probe", "ranking", "--gt", rankingGt, "--pred", predictions, "--json", "--out", path.join(dir, "again.json"), "--seed", "3").stdout);
    expect(again.ndcg8).toBe(s.ndcg8);
    expect(JSON.parse(readFileSync(out, "utf8"))).toMatchObject({ mode: "agent", agent: { name: "random" }, errors: [] });
  });

  describe("the prior baseline on the detection probe", () => {
    const train = put("prior.train.jsonl", [{ id: "t1", object: "apple", candidates: ["kitchen|fridge", "bedroom|bed"], relevance: { "kitchen|fridge": 9 } }]);
    const cases = put("prior.detection.jsonl", [
      {
        id: "d1",
        objects: [
          { id: "a1", label: "apple", room: "bedroom", receptacle: "bed", misplaced: true },
          { id: "a2", label: "apple", room: "kitchen", receptacle: "fridge", misplaced: false },
        ],
      },
    ]);

    it("refuses --agent prior without --train (exit 2) instead of flagging nothing", () => {
      const r = cli("probe", "detection", "--agent", "prior", "--cases", cases, "--json", "--out", path.join(dir, "prior-none.json"));
      expect(r.stderr).toMatch(/--agent prior needs --train <ranking JSONL> for the detection probe/);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe("");
    });

    it("exits 1 when the --train files hold no training case", () => {
      const empty = put("prior.empty.jsonl", ["not json"]);
      const r = cli("probe", "detection", "--agent", "prior", "--cases", cases, "--train", empty, "--out", path.join(dir, "prior-empty.json"));
      expect(r.stderr).toMatch(/--agent prior read no training cases from .*prior\.empty\.jsonl/);
      expect(r.status).toBe(1);
    });

    it("flags the object out of its trained place with --train", () => {
      const r = cli("probe", "detection", "--agent", "prior", "--cases", cases, "--train", train, "--json", "--out", path.join(dir, "prior.json"));
      expect(r.status, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ confusion: { tp: 1, fp: 0, tn: 1, fn: 0 }, f1: 1 });
    });
  });

  it("refuses an agent without the probe's method (exit 2)", () => {
    const r = cli("probe", "fungraph", "--agent", "random", "--cases", rankingGt, "--out", path.join(dir, "x.json"));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/no buildFunctionalGraph\(\) method/);
  });
});

describe("rearrange probe usage and input errors", () => {
  it("exits 2 when both or neither mode is given", () => {
    expect(cli("probe", "ranking").status).toBe(2);
    expect(cli("probe", "ranking", "--gt", rankingGt, "--pred", rankingPred, "--agent", "random", "--cases", rankingGt).status).toBe(2);
  });

  it("exits 1 naming a file it cannot read, without a stack trace", () => {
    const missing = path.join(dir, "nope.jsonl");
    const r = cli("probe", "ranking", "--gt", missing, "--pred", rankingPred);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(missing);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

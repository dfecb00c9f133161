import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { planMerge, writeMerge } from "../../../harness/merge/merge-runs.ts";
import { InputError } from "../../../sim/errors.ts";
import { fakeSuite, idsCoveringShards, writeFakeRun } from "./fake-runs.ts";

const TOTAL = 3;

function setup() {
  const ids = idsCoveringShards(TOTAL, 10);
  const { root, suitePath } = fakeSuite(ids);
  const shardDir = (i: number) => path.join(root, `shard-${i}`);
  return { ids, root, suitePath, shardDir };
}

describe("planMerge / writeMerge", () => {
  it("merging all shards gives the unsharded run's results.json (shard null) and copies every trajectory", () => {
    const { ids, root, suitePath, shardDir } = setup();
    writeFakeRun(path.join(root, "whole"), { suitePath, ids, shard: null });
    for (let i = 1; i <= TOTAL; i++) writeFakeRun(shardDir(i), { suitePath, ids, shard: { index: i, total: TOTAL } });
    // inputs in any order
    const plan = planMerge([shardDir(3), shardDir(1), shardDir(2)]);
    expect(plan.missing).toEqual([]);
    expect(plan.conflicts).toEqual([]);
    writeMerge(plan, path.join(root, "merged"));
    const merged = readFileSync(path.join(root, "merged", "results.json"), "utf8");
    const whole = readFileSync(path.join(root, "whole", "results.json"), "utf8");
    expect(merged).toBe(whole);
    expect(readdirSync(path.join(root, "merged", "episodes")).sort()).toEqual(ids.map((id) => `${id}.jsonl`).sort());
  });

  it("reports a missing shard's episodes by name and marks the merge incomplete", () => {
    const { ids, suitePath, shardDir } = setup();
    for (const i of [1, 3]) writeFakeRun(shardDir(i), { suitePath, ids, shard: { index: i, total: TOTAL } });
    const plan = planMerge([shardDir(1), shardDir(3)]);
    const expectedMissing = planMerge([shardDir(1)]).missing.filter((k) => !plan.rows.some((r) => r.key === k));
    expect(plan.missingShards).toEqual([2]);
    expect(plan.missing.length).toBeGreaterThan(0);
    expect(plan.missing).toEqual(expectedMissing);
    expect((plan.results as { complete?: boolean }).complete).toBe(false);
  });

  it("reports episodes an interrupted shard did not finish", () => {
    const { ids, suitePath, shardDir } = setup();
    writeFakeRun(shardDir(1), { suitePath, ids, shard: null, skip: [ids[4]!], complete: false });
    const plan = planMerge([shardDir(1)]);
    expect(plan.missing).toEqual([ids[4]]);
    expect(plan.incomplete).toEqual([shardDir(1)]);
  });

  it("refuses a conflict (same episode, different results) and writes nothing", () => {
    const { ids, root, suitePath, shardDir } = setup();
    writeFakeRun(shardDir(1), { suitePath, ids, shard: null });
    writeFakeRun(shardDir(2), { suitePath, ids, shard: null, tamper: ids[2] });
    const plan = planMerge([shardDir(1), shardDir(2)]);
    expect(plan.conflicts).toEqual([{ key: ids[2], dirs: [shardDir(1), shardDir(2)] }]);
    expect(plan.duplicates.length).toBe(ids.length - 1);
    expect(() => writeMerge(plan, path.join(root, "merged"))).toThrow(/different results/);
    expect(existsSync(path.join(root, "merged"))).toBe(false);
  });

  it("keeps identical duplicates once", () => {
    const { ids, root, suitePath, shardDir } = setup();
    writeFakeRun(shardDir(1), { suitePath, ids, shard: { index: 1, total: TOTAL } });
    writeFakeRun(shardDir(2), { suitePath, ids, shard: { index: 1, total: TOTAL } });
    const plan = planMerge([shardDir(1), shardDir(2)]);
    expect(plan.conflicts).toEqual([]);
    expect(plan.duplicates.length).toBe(plan.rows.length);
    writeMerge(plan, path.join(root, "merged"));
    const rows = JSON.parse(readFileSync(path.join(root, "merged", "results.json"), "utf8")).episodes;
    expect(rows.length).toBe(plan.rows.length);
  });

  it("refuses shards of different agents or configs, naming the field and both folders", () => {
    const { ids, suitePath, shardDir } = setup();
    writeFakeRun(shardDir(1), { suitePath, ids, shard: { index: 1, total: TOTAL } });
    writeFakeRun(shardDir(2), { suitePath, ids, shard: { index: 2, total: TOTAL }, agent: { name: "oracle", version: "1" } });
    writeFakeRun(shardDir(3), { suitePath, ids, shard: { index: 3, total: TOTAL }, maxSteps: 7 });
    const agentErr = catchInput(() => planMerge([shardDir(1), shardDir(2)]));
    expect(agentErr.file).toBe(path.join(shardDir(2), "results.json"));
    expect(agentErr.where).toBe("$.agent");
    expect(agentErr.reason).toMatch(/oracle.*random|random.*oracle/);
    const configErr = catchInput(() => planMerge([shardDir(1), shardDir(3)]));
    expect(configErr.where).toBe("$.config.maxSteps");
    expect(configErr.reason).toContain("7");
    expect(configErr.reason).toContain(path.join(shardDir(1), "results.json"));
  });

  it("refuses shards of different splits", () => {
    const { ids, suitePath, shardDir } = setup();
    writeFakeRun(shardDir(1), { suitePath, ids, shard: { index: 1, total: TOTAL } });
    writeFakeRun(shardDir(2), { suitePath, ids, shard: { index: 2, total: 2 } });
    expect(catchInput(() => planMerge([shardDir(1), shardDir(2)])).where).toBe("$.config.shard");
  });

  it("workers may differ between shards: merged workers is then null", () => {
    const { ids, suitePath, shardDir } = setup();
    writeFakeRun(shardDir(1), { suitePath, ids, shard: { index: 1, total: 2 }, workers: 1 });
    writeFakeRun(shardDir(2), { suitePath, ids, shard: { index: 2, total: 2 }, workers: 4 });
    const plan = planMerge([shardDir(1), shardDir(2)]);
    expect(plan.results.config.workers).toBeNull();
    expect(plan.results.config.shard).toBeNull();
  });

  it("refuses an --out that already holds a run, or is an input", () => {
    const { ids, suitePath, shardDir } = setup();
    writeFakeRun(shardDir(1), { suitePath, ids, shard: null });
    writeFakeRun(shardDir(2), { suitePath, ids, shard: null });
    const plan = planMerge([shardDir(1)]);
    expect(() => writeMerge(plan, shardDir(1))).toThrow(/one of the inputs/);
    expect(() => writeMerge(plan, shardDir(2))).toThrow(/already holds a run/);
  });

  it("names a folder that is not a run", () => {
    const { root } = setup();
    const err = catchInput(() => planMerge([root]));
    expect(err.file).toBe(root);
    expect(err.reason).toMatch(/no results\.json/);
  });

  it("without the suite file, orders rows by key and counts what is missing", () => {
    const { ids, suitePath, shardDir } = setup();
    writeFakeRun(shardDir(1), { suitePath: `${suitePath}.gone`, ids, shard: null, skip: [ids[0]!, ids[1]!] });
    const plan = planMerge([shardDir(1)]);
    expect(plan.rows.map((r) => r.key)).toEqual([...ids.slice(2)].sort());
    expect(plan.missing[0]).toMatch(/2 episode\(s\)/);
    expect(plan.notes.join()).toMatch(/not found/);
  });
});

function catchInput(fn: () => unknown): InputError {
  try {
    fn();
  } catch (err) {
    if (err instanceof InputError) return err;
    throw err;
  }
  throw new Error("expected an InputError");
}

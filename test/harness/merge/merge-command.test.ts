import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../workers/run-files.ts";
import { fakeSuite, idsCoveringShards, writeFakeRun } from "./fake-runs.ts";

function cli(...args: string[]) {
  return spawnSync(process.execPath, [path.join(REPO_ROOT, "bin", "rearrange.js"), ...args], { cwd: REPO_ROOT, encoding: "utf8", env: { ...process.env, REARRANGE_LOG_LEVEL: "error" } });
}

describe("rearrange merge", () => {
  const ids = idsCoveringShards(3, 9);
  const { root, suitePath } = fakeSuite(ids);
  const shard = (i: number) => path.join(root, `s${i}`);
  for (let i = 1; i <= 3; i++) writeFakeRun(shard(i), { suitePath, ids, shard: { index: i, total: 3 } });
  writeFakeRun(path.join(root, "whole"), { suitePath, ids, shard: null });
  writeFakeRun(path.join(root, "other-agent"), { suitePath, ids, shard: { index: 2, total: 3 }, agent: { name: "oracle", version: "1" } });

  it("exits 0 and writes the unsharded results.json when every shard is there", () => {
    const out = path.join(root, "merged");
    const r = cli("merge", shard(1), shard(2), shard(3), "--out", out);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`merged ${ids.length} episode(s)`);
    expect(readFileSync(path.join(out, "results.json"), "utf8")).toBe(readFileSync(path.join(root, "whole", "results.json"), "utf8"));
  });

  it("exits 1 naming the missing shard and its episodes; the partial merge says complete: false", () => {
    const out = path.join(root, "partial");
    const r = cli("merge", shard(1), shard(3), "--out", out);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("missing shard(s): 2/3");
    expect(r.stderr).toMatch(/missing \d+ episode\(s\): ep-/);
    expect(JSON.parse(readFileSync(path.join(out, "results.json"), "utf8")).complete).toBe(false);
  });

  it("exits 1 and writes nothing when shards come from different agents", () => {
    const out = path.join(root, "refused");
    const r = cli("merge", shard(1), path.join(root, "other-agent"), shard(3), "--out", out);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${path.join(root, "other-agent", "results.json")}: $.agent: cannot merge`);
    expect(existsSync(out)).toBe(false);
  });

  it("exits 2 without --out", () => {
    expect(cli("merge", shard(1)).status).toBe(2);
  });
});

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../shared-data.ts";

const cli = (...args: string[]) => spawnSync(process.execPath, [path.join(ROOT, "bin/rearrange.js"), ...args], { cwd: ROOT, encoding: "utf8", env: { ...process.env, REARRANGE_LOG_LEVEL: "error" } });
const dir = mkdtempSync(path.join(tmpdir(), "probe-cases-cli-"));

describe("rearrange probe cases", () => {
  const out = path.join(dir, "flat");

  let summary: { scenes: unknown; files: Array<{ path: string }> };
  beforeAll(() => {
    const made = cli("probe", "cases", "--from-scene", "flat", "--kind", "ranking", "--kind", "detection", "--copies", "1", "--out", out, "--json");
    expect(made.stderr).toBe("");
    expect(made.status).toBe(0);
    summary = JSON.parse(made.stdout);
  });

  it("writes ranking and detection cases (only those asked for) from a bundled house name", () => {
    expect(summary.scenes).toEqual([{ id: "flat", path: expect.stringMatching(/flat\.scene\.json$/) }]);
    expect(summary.files.map((f) => path.basename(f.path))).toEqual(
      expect.arrayContaining(["ranking.train.jsonl", "ranking.test.jsonl", "detection.cases.jsonl", "detection.gt.jsonl", "cases.json"]),
    );
    expect(existsSync(path.join(out, "grounding"))).toBe(false);
  });

  it("agent mode takes the ranking cases (prior trained on the train split)", () => {
    const agent = cli("probe", "ranking", "--agent", "prior", "--cases", path.join(out, "ranking.test.jsonl"), "--train", path.join(out, "ranking.train.jsonl"), "--json", "--out", path.join(dir, "r.json"));
    expect(agent.status).toBe(0);
    expect(JSON.parse(agent.stdout)).toMatchObject({ skipped: [], unmatched: { gtOnly: [], predOnly: [] } });
    expect(JSON.parse(agent.stdout).n).toBeGreaterThan(0);
  });

  it("agent mode takes the detection cases, and offline mode re-scores its answers against the labels file", () => {
    const detect = cli("probe", "detection", "--agent", "random", "--cases", path.join(out, "detection.cases.jsonl"), "--json", "--out", path.join(dir, "d.json"));
    expect(detect.status).toBe(0);
    const again = cli("probe", "detection", "--gt", path.join(out, "detection.gt.jsonl"), "--pred", path.join(dir, "d.predictions.jsonl"), "--json", "--out", path.join(dir, "d2.json"));
    expect(JSON.parse(again.stdout).f1).toBe(JSON.parse(detect.stdout).f1);
  });

  it("prints a table of what it wrote by default", () => {
    const r = cli("probe", "cases", "--from-scene", path.join(ROOT, "scenes/houses/cottage.scene.json"), "--kind", "grounding", "--out", path.join(dir, "cottage"));
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/grounding\/cottage\.gt\.jsonl\s+\d+\s+grounding questions/);
  });

  it("exits 1 naming a source that does not exist, without a stack trace", () => {
    const missing = path.join(dir, "no-such.scene.json");
    const r = cli("probe", "cases", "--from-scene", missing, "--out", path.join(dir, "x"));
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("no-such.scene.json");
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it("exits 2 on a share out of range or a kind it cannot generate", () => {
    expect(cli("probe", "cases", "--from-scene", "flat", "--out", path.join(dir, "y"), "--misplace", "2").status).toBe(2);
    expect(cli("probe", "cases", "--from-scene", "flat", "--out", path.join(dir, "y"), "--kind", "fungraph").status).toBe(2);
  });

  it("exits 2 without --from-scene, and the scoring form of `probe` still needs a known kind", () => {
    expect(cli("probe", "cases", "--out", path.join(dir, "y")).status).toBe(2);
    expect(cli("probe", "nonsense", "--gt", "a", "--pred", "b").status).toBe(2);
  });
});

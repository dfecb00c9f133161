/**
 * A run shorter than a thread's start: the main lane takes every episode while the pool's thread is still
 * loading its code, and the pool is closed at once. Terminating a thread in the middle of instantiating its
 * module aborts the whole process on Node 20 ("FATAL ERROR: v8::Module::IsGraphAsync …"), before the run's
 * summary is written; about one run in twenty did that before close() waited for the threads to load. The
 * check is statistical: ten runs, each must exit 0 with its results written.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./run-files.ts";

describe("a run that ends while a worker thread is still loading", () => {
  it("exits 0 with its results written, run after run", { timeout: 120_000 }, () => {
    const cli = path.join(REPO_ROOT, "bin", "rearrange.js");
    for (let k = 0; k < 10; k++) {
      const out = mkdtempSync(path.join(os.tmpdir(), "rearrange-short-run-"));
      try {
        const r = spawnSync(process.execPath, [cli, "run", "--suite", "smoke", "--workers", "2", "--out", out], { encoding: "utf8", timeout: 60_000 });
        expect(r.stderr, `run ${k + 1}`).not.toContain("FATAL ERROR");
        expect(r.status, `run ${k + 1}`).toBe(0);
        const results = JSON.parse(readFileSync(path.join(out, "results.json"), "utf8")) as { episodes: unknown[] };
        expect(results.episodes).toHaveLength(3);
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    }
  });
});

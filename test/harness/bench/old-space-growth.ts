/**
 * Diagnostic script (not a test): how much each warm one-worker run of the workers benchmark's suite adds to the main
 * thread's old generation, and how many mark-compacts it triggers. Objects that die young cost a scavenge nothing;
 * objects V8 allocates straight into the old generation ("pretenuring", decided per allocation site) or promotes
 * stay until a mark-compact, whose concurrent marking runs on V8's helper threads — on the second core, which a
 * second lane needs.
 *
 * Run it both ways to see what the command line's V8 options (harness/cli/v8-options.js) change:
 *   `node --import tsx test/harness/bench/old-space-growth.ts [--runs 8]`                       (V8's defaults)
 *   `node --no-allocation-site-pretenuring --import tsx test/harness/bench/old-space-growth.ts`  (as the CLI runs)
 * Session 41: ~21 MB a run and a mark-compact every four or five runs with V8's defaults, ~1 MB and none without
 * pretenuring. Prints one line a run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PerformanceObserver, constants } from "node:perf_hooks";
import v8 from "node:v8";
import { runWorkersSuite, writeWorkersSuite } from "../../../harness/bench/workers-suite.ts";
import { scriptArg } from "./script-args.ts";

const runs = Number(scriptArg("runs", "8"));
const dir = mkdtempSync(path.join(os.tmpdir(), "rearrange-old-space-"));
let majors = 0;
const gcs = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if ((e.detail as { kind?: number } | undefined)?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors++;
});
gcs.observe({ entryTypes: ["gc"] });
const oldSpaceMB = () => (v8.getHeapSpaceStatistics().find((s) => s.space_name === "old_space")?.space_used_size ?? 0) / 2 ** 20;
try {
  const suite = writeWorkersSuite(200, 1000, 200, path.join(dir, "suite"));
  // the first run loads and settles the houses: its growth is the worlds, which stay
  await runWorkersSuite(suite, 1, path.join(dir, "warm-up"));
  for (let i = 0; i < runs; i++) {
    const before = oldSpaceMB();
    const majorsBefore = majors;
    const t0 = performance.now();
    await runWorkersSuite(suite, 1, path.join(dir, `run-${i}`));
    const ms = performance.now() - t0;
    // the observer's entries arrive on a later turn of the event loop
    await new Promise((r) => setImmediate(r));
    const after = oldSpaceMB();
    console.log(`run ${i + 1}: ${ms.toFixed(0)} ms, old generation ${before.toFixed(1)} → ${after.toFixed(1)} MB, mark-compacts ${majors - majorsBefore}`);
  }
} finally {
  gcs.disconnect();
  rmSync(dir, { recursive: true, force: true });
}

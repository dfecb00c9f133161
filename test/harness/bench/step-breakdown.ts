/**
 * Timing script (not a test): the stepping rate of `rearrange bench` with its breakdown by action type.
 * Run: `npx tsx test/harness/bench/step-breakdown.ts [--reps 5] [--passes 3] [--agent oracle] [--suite default]`.
 * Prints the rate figures, then per action: steps, median and mean µs (wall), median CPU µs, share of stepping.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { measureSteppingRate } from "../../../harness/bench/stepping-rate.ts";
import { scriptArg } from "./script-args.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "rearrange-step-breakdown-"));
try {
  const r = await measureSteppingRate({ suite: scriptArg("suite", "default"), agent: scriptArg("agent", "oracle"), reps: Number(scriptArg("reps", "5")), passesPerRep: Number(scriptArg("passes", "3")), dir });
  const round = (x: number) => Math.round(x * 10) / 10;
  console.log(JSON.stringify({ loadAverage: os.loadavg().map(round), stepsPerSecond: Math.round(r.stepsPerSecond), stepsPerSecondCpu: Math.round(r.stepsPerSecondCpu), logOnlyStepsPerSecond: Math.round(r.logOnlyStepsPerSecond), fractionOfLimit: round(r.fractionOfLimit * 1000) / 1000 }));
  console.log(["action".padEnd(12), "steps".padStart(7), "p50 µs".padStart(9), "mean µs".padStart(9), "cpu p50".padStart(9), "share".padStart(7)].join(""));
  for (const [type, t] of Object.entries(r.byAction)) {
    console.log([type.padEnd(12), String(t.steps).padStart(7), String(round(t.p50Us)).padStart(9), String(round(t.meanUs)).padStart(9), String(round(t.cpuP50Us)).padStart(9), `${Math.round(t.share * 100)}%`.padStart(7)].join(""));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Timing script (not a test): a CPU profile of stepping alone. Records the agent's actions over one pass of the
 * suite, warms up (20 passes live, 10 replayed), then replays the recorded actions `--passes` times through the
 * real episode runner with trajectory logging (`runTimedEpisodes`) while the inspector's sampling profiler runs,
 * so the agent's own work is not in it. Writes the profile (open it in Chrome's DevTools, or sum each function's
 * self and total time and divide by the steps) and prints the steps, the stepping time per step and the median
 * rate of the profiled passes (the profiler slows the steps it samples: ~35 µs a step against ~25 µs without it).
 * Run: `npx tsx test/harness/bench/replay-profile.ts [--suite default] [--agent oracle] [--passes 60] [--interval 25] [--out replay.cpuprofile]`.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import os from "node:os";
import path from "node:path";
import { loadAgent } from "../../../harness/agents/load.ts";
import { median } from "../../../harness/bench/stats.ts";
import { loadSuiteJobs } from "../../../harness/bench/suite-jobs.ts";
import { WorldPool } from "../../../sim/world/world-pool.ts";
import { replayedAgent } from "./replayed-agent.ts";
import { suitePasses } from "./suite-passes.ts";
import { scriptArg } from "./script-args.ts";

const { jobs } = loadSuiteJobs(scriptArg("suite", "default"));
const live = await loadAgent(scriptArg("agent", "oracle"));
// one lane's world pool, as the stepping rate uses it
const worlds = new WorldPool();
const dir = mkdtempSync(path.join(os.tmpdir(), "rearrange-replay-profile-"));
const passOver = suitePasses(jobs, worlds, dir);
const session = new Session();
try {
  const replayed = replayedAgent(await passOver(live, 1, true));
  await passOver(live, 20);
  for (let i = 0; i < 10; i++) {
    replayed.rewind();
    await passOver(replayed, 1);
  }
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: Number(scriptArg("interval", "25")) });
  await session.post("Profiler.start");
  let steps = 0;
  let ms = 0;
  const rates: number[] = [];
  for (let i = 0; i < Number(scriptArg("passes", "60")); i++) {
    replayed.rewind();
    const r = await passOver(replayed, 1);
    steps += r.steps;
    ms += r.steppingMs;
    rates.push(r.steps / (r.steppingMs / 1000));
  }
  const { profile } = await session.post("Profiler.stop");
  const out = scriptArg("out", "replay.cpuprofile");
  writeFileSync(out, JSON.stringify(profile));
  console.log(JSON.stringify({ profile: out, steps, usPerStep: Math.round((ms * 1000 * 100) / steps) / 100, medianStepsPerSecond: Math.round(median(rates)) }));
} finally {
  session.disconnect();
  await live.close?.();
  rmSync(dir, { recursive: true, force: true });
}

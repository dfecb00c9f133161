import { createInterface } from "node:readline";
import path from "node:path";
import { runSuite } from "../runner/run-suite.ts";
import { timeIt } from "./stats.ts";

/** What a lane prints on stdout, one JSON line each: once ready, then after every run. */
export type LaneMessage = { ready: true } | { run: number; wallMs: number; cpuMs: number; episodes: number };

/**
 * `process-lane.js <suite file> <out dir>`: a warm lane of the two-process benchmark. Runs the suite once
 * unmeasured (its code compiled, its scenes read), prints `{"ready":true}`, then runs it again each time a
 * line arrives on stdin, into `<out dir>/run-N`, printing the run's wall and CPU time. Ends when stdin closes.
 * The run is `rearrange run --agent random --workers 1` on the suite, as the workers benchmark runs it.
 */
export async function serveLane(args: string[]): Promise<void> {
  const [suite, out] = args;
  if (!suite || !out) throw new Error("usage: process-lane.js <suite file> <out dir>");
  const run = (name: string) => runLane(suite, path.join(out, name));
  await run("warm-up");
  say({ ready: true });
  let runs = 0;
  for await (const _line of createInterface({ input: process.stdin })) {
    const n = runs++;
    const t = await timeIt(() => run(`run-${n}`));
    say({ run: n, wallMs: t.wallMs, cpuMs: t.cpuMs, episodes: t.value.episodes.length });
  }
}

function say(m: LaneMessage): void {
  process.stdout.write(`${JSON.stringify(m)}\n`);
}

/** The workers benchmark's run (see runBenchSuite in workers-speedup.ts), on one worker. */
function runLane(suite: string, out: string) {
  return runSuite({
    suite,
    agent: "random",
    agentOptions: { doneProbability: 0 },
    out,
    seed: null,
    maxSteps: null,
    stepTimeout: 600,
    episodes: null,
    repeat: 1,
    workers: 1,
    shard: null,
    resume: false,
  });
}

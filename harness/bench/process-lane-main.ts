import { createInterface } from "node:readline";
import path from "node:path";
import { timeIt } from "./stats.ts";
import { runWorkersSuite } from "./workers-suite.ts";

/** What a lane reports, one message each: once ready, then after every run. */
export type LaneMessage = { ready: true } | { run: number; wallMs: number; cpuMs: number; episodes: number };

/** How a lane hears "run again" and reports: a child process's stdin and stdout, or a thread's port. */
export interface LaneChannel {
  /** One item per run asked for; ends when the lane should stop. */
  commands: AsyncIterable<unknown>;
  say(m: LaneMessage): void;
}

/** A child process's channel: a line on stdin asks for a run, stdin's end stops; reports are JSON lines on stdout. */
export function stdioChannel(): LaneChannel {
  return { commands: createInterface({ input: process.stdin }), say: (m) => process.stdout.write(`${JSON.stringify(m)}\n`) };
}

/**
 * `process-lane-entry <suite file> <out dir> [warm-up runs]` (its bundle, or process-lane.js from the sources): a warm lane of the two-process benchmark. Runs the suite
 * unmeasured (once by default: its code compiled, its scenes read), reports `{ ready: true }`, then runs it again for each
 * command, into `<out dir>/run-N`, reporting the run's wall and CPU time (the CPU time of the whole
 * process). The run is `rearrange run --agent random --workers 1` on the suite, as the workers benchmark runs it.
 */
export async function serveLane(args: string[], channel: LaneChannel = stdioChannel()): Promise<void> {
  const [suite, out, warmupArg = "1"] = args;
  const warmups = Number(warmupArg);
  if (!suite || !out || !Number.isInteger(warmups) || warmups < 1) throw new Error("usage: process-lane <suite file> <out dir> [warm-up runs, 1 or more]");
  const run = (name: string) => runWorkersSuite(suite, 1, path.join(out, name));
  for (let k = 0; k < warmups; k++) await run(`warm-up-${k}`);
  channel.say({ ready: true });
  let runs = 0;
  for await (const _command of channel.commands) {
    const n = runs++;
    const t = await timeIt(() => run(`run-${n}`));
    channel.say({ run: n, wallMs: t.wallMs, cpuMs: t.cpuMs, episodes: t.value.episodes.length });
  }
}

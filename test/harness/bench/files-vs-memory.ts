/**
 * Timing script (not a test): what writing each episode's trajectory file costs the steps around it. The stepping
 * rate counts the write of an episode's step lines, but not the file's creation, its header and end lines or its
 * closing; those happen between episodes, and the kernel's work for them (on ext4: finding a free inode, the
 * directory entry, the first page of the file) can evict what the next episode's steps read. Replays the agent's
 * recorded actions (its `act()` costs next to nothing, so only the writer differs) through the trajectory writer
 * into `--dir`, and through a writer that serialises the same lines and keeps nothing, alternating ABAB and BABA
 * rounds of `--passes` passes each, and prints each side's stepping rate and, per action type, the median time of
 * the episode's first step and of its later ones (µs). Session 39, on this host's ext4: the later steps took ~20 %
 * longer with the files than without, and the first step ~10 µs more than the later ones against ~2 µs; on tmpfs
 * the later steps cost what they cost without files.
 * Run: `npx tsx test/harness/bench/files-vs-memory.ts [--suite default] [--agent oracle] [--dir DIR] [--rounds 8] [--passes 3]`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadAgent } from "../../../harness/agents/load.ts";
import { median } from "../../../harness/bench/stats.ts";
import { runTimedEpisodes } from "../../../harness/bench/stepping-clock.ts";
import { loadSuiteJobs } from "../../../harness/bench/suite-jobs.ts";
import type { Reporter } from "../../../harness/runner/run-events.ts";
import { WorldPool } from "../../../sim/world/world-pool.ts";
import { replayedAgent } from "./replayed-agent.ts";
import { scriptArg } from "./script-args.ts";
import { suitePasses } from "./suite-passes.ts";

/** Serialises every line as the trajectory writer does, and keeps none of it: the writer without its files. */
class SerialisingReporter implements Reporter {
  chars = 0;
  onEpisodeBegin(_key: string, header: object): void {
    this.chars += JSON.stringify(header).length;
  }
  onStep(_key: string, step: object): void {
    this.chars += JSON.stringify(step).length;
  }
  onEpisodeEnd(_key: string, _header: object, end: object): void {
    this.chars += JSON.stringify(end).length;
  }
}

type Side = "files" | "memory";
const { jobs } = loadSuiteJobs(scriptArg("suite", "default"));
const live = await loadAgent(scriptArg("agent", "oracle"));
const passes = Number(scriptArg("passes", "3"));
const rounds = Number(scriptArg("rounds", "8"));
const dir = mkdtempSync(path.join(scriptArg("dir", os.tmpdir()), "rearrange-files-vs-memory-"));
const worlds = new WorldPool();
const passOver = suitePasses(jobs, worlds, dir);
try {
  const recorded = await passOver(live, 1, true);
  const replayed = replayedAgent(recorded);
  // the replay takes the recorded steps again, pass after pass: each step's action type, in order
  const types = recorded.episodes.map((e) => e.steps.map((s) => s.action.type));
  const run = (side: Side, n: number) => {
    replayed.rewind();
    if (side === "files") return passOver(replayed, n);
    return runTimedEpisodes(Array.from({ length: n }, () => jobs).flat(), replayed, new SerialisingReporter(), { worlds });
  };
  for (const side of ["files", "memory"] as const) await run(side, 30); // warm-up: both writers' code compiled
  const rates: Record<Side, number[]> = { files: [], memory: [] };
  /** Per side, action type and place in the episode: the steps' times, µs. */
  const times: Record<Side, Map<string, number[]>> = { files: new Map(), memory: new Map() };
  for (let r = 0; r < rounds; r++) {
    const order: Side[] = r % 2 === 0 ? ["files", "memory", "memory", "files"] : ["memory", "files", "files", "memory"];
    for (const side of order) {
      const t = await run(side, passes);
      rates[side].push(t.steps / (t.steppingMs / 1000));
      let k = 0;
      for (let p = 0; p < passes; p++) {
        for (const episode of types) {
          for (let i = 0; i < episode.length; i++, k++) {
            const key = `${episode[i]} ${i === 0 ? "first" : "later"}`;
            const list = times[side].get(key) ?? [];
            list.push(t.perStepMs[k]! * 1000);
            times[side].set(key, list);
          }
        }
      }
    }
  }
  console.log(`stepping rate, steps/s (median of ${2 * rounds} runs a side): files ${Math.round(median(rates.files))}, memory ${Math.round(median(rates.memory))}`);
  console.log(`${"action and step".padEnd(20)}${"files µs".padStart(10)}${"memory µs".padStart(11)}${"steps".padStart(8)}`);
  const keys = [...times.files.keys()].sort();
  for (const key of keys) {
    const f = times.files.get(key)!;
    const m = times.memory.get(key) ?? [];
    console.log(`${key.padEnd(20)}${median(f).toFixed(1).padStart(10)}${(m.length ? median(m).toFixed(1) : "-").padStart(11)}${String(f.length).padStart(8)}`);
  }
} finally {
  await live.close?.();
  rmSync(dir, { recursive: true, force: true });
}

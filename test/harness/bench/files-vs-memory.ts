/**
 * Timing script (not a test): what writing each episode's trajectory file costs the steps around it. The stepping
 * rate counts the write of an episode's step lines, but not the file's creation, its header and end lines or its
 * closing; those happen between episodes, and the kernel's work for them (on ext4: finding a free inode, the
 * directory entry, the first page of the file) can evict what the next episode's steps read. Replays the agent's
 * recorded actions (its `act()` costs next to nothing, so only the writer differs) through the trajectory writer
 * into `--dir`, and through a writer that serialises the same lines and keeps nothing, in ABBA and BAAB
 * rounds of `--passes` passes each, and prints each side's stepping rate and, per action type, the median time of
 * the episode's first step and of its later ones (µs). Session 39, on this host's ext4: the later steps took ~20 %
 * longer with the files than without, and the first step ~10 µs more than the later ones against ~2 µs; on tmpfs
 * the later steps cost what they cost without files.
 * `--sides` adds the writers that were tried instead (writer-variants.ts): `batched` (whole episodes' files created,
 * written and closed in batches every 100 ms) and `pool` (each episode's file written through libuv's thread pool,
 * awaited) and `deferred` (each episode's file created, written in one write and closed at its end, that write
 * timed as stepping as the real writer's step-line write is). Every side also prints the median wall time of a
 * whole pass (resets and file work included): a writer that only moves work out of the timed steps shows there. Session 40: batched 80,000 – 83,000 steps/s against
 * 55,000 – 67,000 with the files; pool 59,000 – 62,000 against 51,000 – 55,000, but 73 – 74 ms a pass against 55 – 56.
 * Session 42, two runs: deferred 46,100 and 50,800 steps/s against 52,200 and 53,600 with the files (its one write
 * into a file just created costs more than the real writer's step-line write into a file that already holds its
 * header); 18.2 and 16.4 ms a pass against 19.2 and 17.0.
 * Run: `npx tsx test/harness/bench/files-vs-memory.ts [--suite default] [--agent oracle] [--dir DIR] [--rounds 8] [--passes 3] [--sides files,memory,batched,pool,deferred]`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadAgent } from "../../../harness/agents/load.ts";
import { median } from "../../../harness/bench/stats.ts";
import { runTimedEpisodes } from "../../../harness/bench/stepping-clock.ts";
import { loadSuiteJobs } from "../../../harness/bench/suite-jobs.ts";
import { WorldPool } from "../../../sim/world/world-pool.ts";
import { replayedAgent } from "./replayed-agent.ts";
import { scriptArg } from "./script-args.ts";
import { suitePasses } from "./suite-passes.ts";
import { BatchedFilesWriter, EndOfEpisodeFilesWriter, SerialisingReporter, ThreadPoolFilesWriter } from "./writer-variants.ts";

const SIDES = ["files", "memory", "batched", "pool", "deferred"] as const;
type Side = (typeof SIDES)[number];
const sides = scriptArg("sides", "files,memory").split(",") as Side[];
for (const side of sides) if (!SIDES.includes(side)) throw new Error(`--sides: ${side} is none of ${SIDES.join(", ")}`);
if (!sides.includes("files") || !sides.includes("memory")) throw new Error("--sides: files and memory are always compared");
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
  let variants = 0;
  const run = async (side: Side, n: number) => {
    replayed.rewind();
    if (side === "files") return passOver(replayed, n);
    const passJobs = Array.from({ length: n }, () => jobs).flat();
    if (side === "memory") return runTimedEpisodes(passJobs, replayed, new SerialisingReporter(), { worlds });
    const folder = path.join(dir, `${side}-${variants++}`);
    if (side === "pool") return runTimedEpisodes(passJobs, replayed, new ThreadPoolFilesWriter(folder), { worlds });
    if (side === "deferred") {
      const w = new EndOfEpisodeFilesWriter(folder);
      const t = await runTimedEpisodes(passJobs, replayed, w, { worlds });
      t.steppingMs += w.writeMs;
      return t;
    }
    const batched = new BatchedFilesWriter(folder);
    const timed = await runTimedEpisodes(passJobs, replayed, batched, { worlds });
    batched.close(); // the last batch, outside the timed steps as every batch is
    return timed;
  };
  for (const side of sides) await run(side, 30); // warm-up: every writer's code compiled
  const rates = new Map<Side, number[]>(sides.map((side) => [side, []]));
  /** Per side, the wall time of a whole pass, ms. */
  const passMs = new Map<Side, number[]>(sides.map((side) => [side, []]));
  /** Per side, action type and place in the episode: the steps' times, µs. */
  const times = Object.fromEntries(SIDES.map((side) => [side, new Map<string, number[]>()])) as Record<Side, Map<string, number[]>>;
  for (let r = 0; r < rounds; r++) {
    // ABBA, then BAAB: each side as often early as late in a round
    const order = r % 2 === 0 ? [...sides, ...sides.slice().reverse()] : [...sides.slice().reverse(), ...sides];
    for (const side of order) {
      const startedAt = performance.now();
      const t = await run(side, passes);
      passMs.get(side)!.push((performance.now() - startedAt) / passes);
      rates.get(side)!.push(t.steps / (t.steppingMs / 1000));
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
  console.log(`median of ${2 * rounds} runs a side: stepping rate, steps/s, and wall time of a whole pass, ms`);
  for (const side of sides) console.log(`  ${side.padEnd(8)}${String(Math.round(median(rates.get(side)!))).padStart(8)}${median(passMs.get(side)!).toFixed(1).padStart(8)}`);
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

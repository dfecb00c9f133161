/**
 * Timing script (not a test): instructions per step, counted by valgrind — a figure that, unlike time on a
 * shared VM (±30 % from run to run), repeats closely when the count runs alone: the per-step figures (which
 * are differences of totals) to 1–2 % (160,141 – 162,417 and 161,129 for the same tree while the writer still
 * flushed by the clock; 151,641 since, with fewer writes), so two trees can be
 * compared on a change of a few per cent. Run one invocation at a time (its own valgrind runs share the cores
 * the same way each time): V8 still reads the clock (how fast the program allocates, for instance), and two
 * invocations side by side on two cores gave per-step figures up to 16 % apart for the same code while the
 * trajectory writer still flushed by the clock, and 3 – 5 % apart after (its drive now turns that off).
 * Bundles `instruction-drive.ts` (the CLI's bundler), then runs it three times under `valgrind --tool=cachegrind`
 * with V8 made as deterministic as flags allow (one thread, a fixed GC schedule, fixed hash and random seeds), each
 * `warmup` passes over the suite and then:
 * - `passes` passes, and `2 × passes` passes: their difference is `passes` warm passes, start-up, loading and
 *   warming up cancelled out (**per step, resets included**);
 * - `passes` passes whose episodes end at their first step: subtracted from the first run it leaves the
 *   steps alone, resets and episode set-up cancelled out too (**per step of stepping**).
 * The workload is the agent's recorded actions replayed through the real episode runner with trajectory
 * logging, so the agent's own work is left out; on one thread V8's optimizing compiler and GC count too.
 *
 * Instructions are not time: a change that saves memory traffic can save more time than instructions, and one
 * that saves instructions in a memory-bound loop less. Use it to see small changes; use `rearrange bench` for
 * the figures.
 *
 * With `--live`, it also counts the agent run live over the same passes: the difference per step is what the
 * agent's own `act()` costs (its planning, its garbage), with the same resets and stepping on both sides.
 *
 * Run: `npx tsx test/harness/bench/instruction-count.ts [--agent oracle] [--suite default] [--warmup 20] [--passes 10] [--live]`
 * (needs valgrind; ~3 minutes for the default suite).
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { bundleWorker } from "../../../harness/workers/worker-bundle.ts";
import { scriptArg } from "./script-args.ts";

const run = promisify(execFile);
const suite = scriptArg("suite", "default");
const agent = scriptArg("agent", "oracle");
const warmup = Number(scriptArg("warmup", "20"));
const passes = Number(scriptArg("passes", "10"));
const live = process.argv.includes("--live");

/** Instructions of one run of the drive over `warmup` then `measured` passes, and the steps of the measured ones. */
async function count(bundle: string, measured: number, mode = "full"): Promise<{ instructions: number; steps: number }> {
  const { stdout, stderr } = await run(
    "valgrind",
    ["--tool=cachegrind", "--cache-sim=no", "--smc-check=all", "--cachegrind-out-file=/dev/null", process.execPath, "--single-threaded", "--predictable-gc-schedule", "--hash-seed=1", "--random-seed=1", bundle, suite, agent, String(warmup), String(measured), mode],
    { maxBuffer: 1 << 26 },
  );
  const refs = /I\s+refs:\s+([\d,]+)/.exec(stderr);
  if (!refs) throw new Error(`valgrind printed no instruction count:\n${stderr.slice(-2000)}`);
  return { instructions: Number(refs[1]!.replaceAll(",", "")), steps: (JSON.parse(stdout.trim().split("\n").at(-1)!) as { steps: number }).steps };
}

try {
  await run("valgrind", ["--version"]);
} catch {
  console.error("instruction-count needs valgrind on the PATH (Debian: apt-get install valgrind)");
  process.exit(2);
}
const bundle = await bundleWorker({ entry: fileURLToPath(new URL("./instruction-drive.ts", import.meta.url)) });
const [short, long, resets] = await Promise.all([count(bundle, passes), count(bundle, 2 * passes), count(bundle, passes, "resets-only")]);
const perStep = (long.instructions - short.instructions) / (long.steps - short.steps);
const perSteppingStep = (short.instructions - resets.instructions) / (short.steps - resets.steps);
console.log(`${agent} on ${suite}, after ${warmup} passes: ${Math.round(perSteppingStep)} instructions per step of stepping, ${Math.round(perStep)} per step with resets`);
let agentPerStep: number | undefined;
let liveRuns: { short: { instructions: number; steps: number }; long: { instructions: number; steps: number } } | undefined;
if (live) {
  const [liveShort, liveLong] = await Promise.all([count(bundle, passes, "live"), count(bundle, 2 * passes, "live")]);
  // both differences cancel start-up, loading and warm-up; what is left beyond the replayed run is the agent's act()
  agentPerStep = (liveLong.instructions - liveShort.instructions) / (liveLong.steps - liveShort.steps) - perStep;
  liveRuns = { short: liveShort, long: liveLong };
  console.log(`${agent} live: ${Math.round(agentPerStep)} more instructions per step (its act())`);
}
console.log(JSON.stringify({ suite, agent, warmup, passes, instructionsPerStep: Math.round(perSteppingStep), instructionsPerStepWithResets: Math.round(perStep), agentInstructionsPerStep: agentPerStep === undefined ? undefined : Math.round(agentPerStep), runs: { short, long, resets, ...liveRuns && { liveShort: liveRuns.short, liveLong: liveRuns.long } } }));

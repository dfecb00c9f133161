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
 * With `--cache`, valgrind also simulates this host's caches (L1 instruction and data 32 KB 8-way each, a 1 MB
 * 16-way L2 as the last level; 64-byte lines) and the figures per step include the misses of each: `I1` and `D1`
 * (first level), `LLi` and `LLd` (second). The step waits on memory as much as it computes: these say on which
 * (session 32: the replayed oracle's step missed the L1 instruction cache ~3,200 times, as often as the data
 * cache). The simulation makes the runs slower.
 *
 * Run: `npx tsx test/harness/bench/instruction-count.ts [--agent oracle] [--suite default] [--warmup 20] [--passes 10] [--live] [--cache]`
 * (needs valgrind; ~3 minutes for the default suite, ~5 with `--cache`).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { scriptArg } from "./script-args.ts";
import { bundledDrive, DETERMINISTIC_NODE_FLAGS, drivenSteps } from "./valgrind-drive.ts";

const run = promisify(execFile);
const suite = scriptArg("suite", "default");
const agent = scriptArg("agent", "oracle");
const warmup = Number(scriptArg("warmup", "20"));
const passes = Number(scriptArg("passes", "10"));
const live = process.argv.includes("--live");
const cache = process.argv.includes("--cache");

/** The counts valgrind prints: instructions, and with the cache simulation the misses of each cache. */
const COUNTS = { instructions: /I\s+refs:\s+([\d,]+)/, I1: /I1\s+misses:\s+([\d,]+)/, LLi: /LLi misses:\s+([\d,]+)/, D1: /D1\s+misses:\s+([\d,]+)/, LLd: /LLd misses:\s+([\d,]+)/ };
type Counted = keyof typeof COUNTS;
/** What is counted: instructions, and the misses too with `--cache`. */
const COUNTED: readonly Counted[] = cache ? ["instructions", "I1", "D1", "LLi", "LLd"] : ["instructions"];
/** This host's caches (L1 32 KB 8-way each, L2 1 MB 16-way per core, 64-byte lines): valgrind's last level is its L2. */
const CACHE_SIM = cache ? ["--cache-sim=yes", "--I1=32768,8,64", "--D1=32768,8,64", "--LL=1048576,16,64"] : ["--cache-sim=no"];

type Run = Partial<Record<Counted, number>> & { instructions: number; steps: number };

/** Counts of one run of the drive over `warmup` then `measured` passes, and the steps of the measured ones. */
async function count(bundle: string, measured: number, mode = "full"): Promise<Run> {
  const { stdout, stderr } = await run(
    "valgrind",
    ["--tool=cachegrind", ...CACHE_SIM, "--smc-check=all", "--cachegrind-out-file=/dev/null", process.execPath, ...DETERMINISTIC_NODE_FLAGS, bundle, suite, agent, String(warmup), String(measured), mode],
    { maxBuffer: 1 << 26 },
  );
  const out: Partial<Record<Counted, number>> = {};
  for (const k of COUNTED) {
    const m = COUNTS[k].exec(stderr);
    if (!m) throw new Error(`valgrind printed no ${k} count:\n${stderr.slice(-2000)}`);
    out[k] = Number(m[1]!.replaceAll(",", ""));
  }
  return { ...out, instructions: out.instructions!, steps: drivenSteps(stdout) };
}

/** Each count per step of `b` beyond `a` (`minus`: per-step counts to take off, as the agent's figures take off the replay's). */
function perStepOf(a: Run, b: Run, minus?: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of COUNTED) out[k] = (b[k]! - a[k]!) / (b.steps - a.steps) - (minus?.[k] ?? 0);
  return out;
}

/** `{ I1: 3171, … }` rounded, for the cache figures. */
function rounded(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Math.round(v)]));
}

const bundle = await bundledDrive("instruction-count");
const [short, long, resets] = await Promise.all([count(bundle, passes), count(bundle, 2 * passes), count(bundle, passes, "resets-only")]);
const perStepAll = perStepOf(short, long);
const perSteppingAll = perStepOf(resets, short);
const perStep = perStepAll.instructions!;
const perSteppingStep = perSteppingAll.instructions!;
console.log(`${agent} on ${suite}, after ${warmup} passes: ${Math.round(perSteppingStep)} instructions per step of stepping, ${Math.round(perStep)} per step with resets`);
if (cache) console.log(`cache misses per step of stepping ${JSON.stringify(rounded(perSteppingAll))}, with resets ${JSON.stringify(rounded(perStepAll))}`);
let agentPerStep: number | undefined;
let agentCounts: Record<string, number> | undefined;
let liveRuns: { short: Run; long: Run } | undefined;
if (live) {
  const [liveShort, liveLong] = await Promise.all([count(bundle, passes, "live"), count(bundle, 2 * passes, "live")]);
  // both differences cancel start-up, loading and warm-up; what is left beyond the replayed run is the agent's act()
  agentCounts = perStepOf(liveShort, liveLong, perStepAll);
  agentPerStep = agentCounts.instructions!;
  liveRuns = { short: liveShort, long: liveLong };
  console.log(`${agent} live: ${Math.round(agentPerStep)} more instructions per step (its act())`);
  if (cache) console.log(`${agent} live: cache misses per step beyond the replay ${JSON.stringify(rounded(agentCounts))}`);
}
console.log(
  JSON.stringify({
    suite,
    agent,
    warmup,
    passes,
    instructionsPerStep: Math.round(perSteppingStep),
    instructionsPerStepWithResets: Math.round(perStep),
    agentInstructionsPerStep: agentPerStep === undefined ? undefined : Math.round(agentPerStep),
    ...(cache && { cachePerStep: rounded(perSteppingAll), cachePerStepWithResets: rounded(perStepAll), ...(agentCounts && { agentCachePerStep: rounded(agentCounts) }) }),
    runs: { short, long, resets, ...(liveRuns && { liveShort: liveRuns.short, liveLong: liveRuns.long }) },
  }),
);

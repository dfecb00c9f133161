/**
 * Timing script (not a test): where a step's instructions go, function by function — the profile behind
 * docs/performance.md's "Where the time goes". Runs the workload of instruction-count.ts (the agent's recorded
 * actions replayed through the real episode runner with the trajectory writer on, V8 made as deterministic as
 * flags allow) twice under `valgrind --tool=callgrind`: a full run, and one whose measured passes end every
 * episode at its first step (the same resets and set-up). Their difference per step is the **per step of
 * stepping** profile, by function: JavaScript named from V8's perf map (`--perf-basic-prof-only-functions`),
 * V8's builtins and C++ by their symbols. Instructions are not time (a cold load costs far more than an
 * instruction), and with `--single-threaded` V8's optimising compiler and its scavenges run on the main thread
 * and are counted here, where a normal run does them on helper threads. Use it to see what a step runs; use
 * `rearrange bench` for what it costs.
 *
 * Run: `npx tsx test/harness/bench/instruction-profile.ts [--agent oracle] [--suite default] [--warmup 20]
 * [--passes 10] [--top 40]` (needs valgrind; ~5 minutes for the default suite: the two runs go side by side).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { functionCosts, parsePerfMap, perStepDifference } from "./callgrind-profile.ts";
import { scriptArg } from "./script-args.ts";
import { bundledDrive, DETERMINISTIC_NODE_FLAGS, drivenSteps } from "./valgrind-drive.ts";

const run = promisify(execFile);
const suite = scriptArg("suite", "default");
const agent = scriptArg("agent", "oracle");
const warmup = scriptArg("warmup", "20");
const passes = scriptArg("passes", "10");
const top = Number(scriptArg("top", "40"));

/** V8's own code, named by C++ or builtin symbols: left out of the JavaScript table. */
const ENGINE = /(^|[\s<(])(v8|node|std|heap|cppgc)::|^(Builtins_|uv_|__|\(below main\)|0x|\(JIT code)/;

/** One callgrind run of the drive; its function costs and its steps. */
async function profile(bundle: string, dir: string, mode: string) {
  const out = path.join(dir, `${mode}.callgrind`);
  const { stdout } = await run(
    "valgrind",
    ["--tool=callgrind", `--callgrind-out-file=${out}`, "--smc-check=all", process.execPath, ...DETERMINISTIC_NODE_FLAGS, "--perf-basic-prof-only-functions", bundle, suite, agent, warmup, passes, mode],
    { maxBuffer: 1 << 26 },
  );
  const steps = drivenSteps(stdout);
  const text = readFileSync(out, "utf8");
  // the process valgrind ran is node itself: callgrind's pid is the one V8 named its perf map after
  const map = parsePerfMap(readPerfMap(/^pid: (\d+)$/m.exec(text.slice(0, 4096))?.[1]));
  return { costs: functionCosts(text, map), steps };
}

/** V8 writes its perf map to /tmp/perf-<pid>.map (a fixed place: perf looks there). */
function readPerfMap(pid: string | undefined): string {
  if (!pid) throw new Error("callgrind's output names no process id: cannot find V8's perf map");
  const file = `/tmp/perf-${pid}.map`;
  try {
    const text = readFileSync(file, "utf8");
    rmSync(file, { force: true });
    return text;
  } catch {
    throw new Error(`V8 wrote no perf map at ${file} (is --perf-basic-prof-only-functions supported here?)`);
  }
}

function table(title: string, perStep: Map<string, number>, keep: (name: string) => boolean, total: number): void {
  console.log(`\n${title}`);
  const rows = [...perStep].filter(([k]) => keep(k)).sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [name, n] of rows) console.log(`${Math.round(n).toString().padStart(8)}  ${((100 * n) / total).toFixed(1).padStart(5)} %  ${name.slice(0, 150)}`);
}

const bundle = await bundledDrive("instruction-profile");
const dir = mkdtempSync(path.join(os.tmpdir(), "rearrange-instruction-profile-"));
try {
  const [full, resets] = await Promise.all([profile(bundle, dir, "full"), profile(bundle, dir, "resets-only")]);
  const steps = full.steps - resets.steps;
  const self = perStepDifference(full.costs.self, resets.costs.self, steps);
  const inclusive = perStepDifference(full.costs.inclusive, resets.costs.inclusive, steps);
  const total = [...self.values()].reduce((s, n) => s + n, 0);
  console.log(`${agent} on ${suite}, after ${warmup} passes: ${Math.round(total)} instructions per step of stepping (${steps} steps)`);
  table("self instructions per step (every function)", self, () => true, total);
  table("inclusive instructions per step (JavaScript functions)", inclusive, (k) => !ENGINE.test(k), total);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

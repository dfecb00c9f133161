import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The blocking test agent (see the fixture's header). */
export const BLOCKING_AGENT = path.resolve(import.meta.dirname, "../../fixtures/jsonrpc/blocking-agent.mjs");

/** `cmd:` spec of the blocking agent, keeping its files in `dir` and blocking `sleepMs` in each act. */
export function blockingAgentSpec(dir: string, sleepMs: number): string {
  return `cmd:${JSON.stringify(process.execPath)} ${JSON.stringify(BLOCKING_AGENT)} ${JSON.stringify(dir)} ${sleepMs}`;
}

/** Pids of every process the blocking agent started in `dir`, in start order. */
export function agentPids(dir: string): number[] {
  const file = path.join(dir, "pids");
  return existsSync(file) ? readFileSync(file, "utf8").trim().split("\n").filter(Boolean).map(Number) : [];
}

/** Pids whose act began (`acting-<pid>`), with the episode each acted in ("<task id> <seed>"). */
export function actingPids(dir: string): Map<number, string> {
  return markers(dir, "acting-");
}

/** Pids that finished a blocking act (`slept-<pid>`): they lived through the whole sleep. */
export function sleptPids(dir: string): Map<number, string> {
  return markers(dir, "slept-");
}

function markers(dir: string, prefix: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const f of existsSync(dir) ? readdirSync(dir) : []) {
    if (f.startsWith(prefix)) out.set(Number(f.slice(prefix.length)), readFileSync(path.join(dir, f), "utf8"));
  }
  return out;
}

/**
 * Whether a process runs: `process.kill(pid, 0)` succeeds. A zombie (exited, not yet reaped by its
 * parent: an orphan's new parent may reap late) counts as gone.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ESRCH") return false;
    throw err;
  }
  try {
    // /proc/<pid>/stat: "pid (comm) S …"; the state follows the last ")"
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false; // gone between the two looks
  }
}

/** Polls `condition` every 25 ms until it holds (the test's own timeout bounds the wait). */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 25));
}

import { BroadcastChannel, isMainThread } from "node:worker_threads";

/**
 * Every external agent process this process started (in any thread) is stopped when this process ends.
 *
 * An agent runs in a process group of its own (so that a shell and what it started stop together, and so
 * that a terminal's Ctrl-C reaches the harness alone, which finishes the episodes in flight): nothing stops
 * it when the harness exits, by a second Ctrl-C (`process.exit`) or any other way, except this. The main
 * thread keeps the process group ids of the live agent processes — worker threads (`--workers N`) tell it
 * theirs over a BroadcastChannel, as they spawn and reap them — and kills each group from a
 * `process.on("exit")` handler, which may only do synchronous work: `process.kill` is. A signal that no
 * one else handles (a command that installs no handler: Node's default would end the process without an
 * "exit" event) stops the agents first and is then raised again, so the process still ends by it.
 */

const CHANNEL = "rearrange:agent-process-groups";
/** Signals whose default action ends Node without running "exit" handlers. */
const FATAL_SIGNALS: readonly NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

type Message = { op: "add" | "remove"; pgid: number };

/** Process group ids of the live agent processes (main thread only). */
const live = new Set<number>();
let installed = false;
let channel: BroadcastChannel | null = null;

/**
 * Makes this (main) thread the keeper of agent processes: hooks process exit and listens for the worker
 * threads' agent processes. Idempotent; a no-op in a worker thread. Called before any agent starts (by the
 * CLI's interrupt handling and by runSuite), so that no worker thread's news is missed.
 */
export function installAgentReaper(): void {
  if (installed || !isMainThread || process.platform === "win32") return;
  installed = true;
  process.on("exit", killAgentProcesses);
  const ch = new BroadcastChannel(CHANNEL);
  ch.onmessage = (event) => {
    const m = (event as MessageEvent<Message>).data;
    if (!m || typeof m.pgid !== "number") return;
    if (m.op === "add") live.add(m.pgid);
    else live.delete(m.pgid);
  };
  ch.unref(); // it must not keep the process alive
  for (const sig of FATAL_SIGNALS) {
    const onSignal = (): void => {
      // another handler (the CLI's interrupt handling) decides what this signal means: it ends the process
      // through process.exit, which runs the exit handler
      if (process.listenerCount(sig) > 1) return;
      killAgentProcesses();
      process.off(sig, onSignal);
      process.kill(process.pid, sig); // Node's default action, as if this handler were not there
    };
    process.on(sig, onSignal);
  }
}

/** Records a started agent process (its process group id: it leads a group of its own). */
export function trackAgentProcess(pgid: number): void {
  if (process.platform === "win32") return;
  if (isMainThread) {
    installAgentReaper();
    live.add(pgid);
  } else post({ op: "add", pgid });
}

/** Forgets an agent process that has exited. */
export function untrackAgentProcess(pgid: number): void {
  if (process.platform === "win32") return;
  if (isMainThread) live.delete(pgid);
  else post({ op: "remove", pgid });
}

/**
 * Kills the process group of every live agent process, synchronously (SIGKILL: there is no time left to
 * wait for a graceful exit). The exit handler; safe to call any time.
 */
export function killAgentProcesses(): void {
  for (const pgid of live) {
    try {
      process.kill(-pgid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  live.clear();
}

/** Process group ids of the agent processes this thread knows to be live (tests). */
export function liveAgentProcesses(): number[] {
  return [...live];
}

function post(m: Message): void {
  if (!channel) {
    channel = new BroadcastChannel(CHANNEL);
    channel.unref();
  }
  channel.postMessage(m);
}

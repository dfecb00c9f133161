import os from "node:os";
import { installAgentReaper } from "../agents/jsonrpc/child-reaper.ts";

/** What a command that can be interrupted gets from {@link catchInterrupts}. */
export interface Interrupts {
  /** Aborted by the first SIGINT (Ctrl-C) or SIGTERM. */
  readonly signal: AbortSignal;
  /** 128 + the signal's number once interrupted (130 for Ctrl-C, the shell's convention), else undefined. */
  exitCode(): number | undefined;
  /** Gives SIGINT and SIGTERM back to Node's default (exit at once). */
  dispose(): void;
}

/**
 * Turns the first Ctrl-C (or SIGTERM) into an abort the command handles: it stops starting work, finishes
 * what is in flight and writes what it has. A second one exits at once, as Node would have the first time
 * (what was written stays; work in flight is lost). `announce` says on stderr what will happen.
 *
 * External agent processes (`--agent cmd:…`) run in process groups of their own, which a terminal's Ctrl-C
 * does not reach: the first interrupt lets the run close them as it ends, and an exit by the second one
 * kills them (see installAgentReaper), so none is left running.
 */
export function catchInterrupts(announce: string): Interrupts {
  // before any agent starts, so that agents started in worker threads are known to this thread too
  installAgentReaper();
  const controller = new AbortController();
  let caught: NodeJS.Signals | null = null;
  const onSignal = (sig: NodeJS.Signals): void => {
    if (caught) {
      process.stderr.write(`rearrange: ${sig} again: stopping now\n`);
      process.exit(exitCodeOf(sig));
    }
    caught = sig;
    process.stderr.write(`rearrange: ${sig}: ${announce} (${sig === "SIGINT" ? "Ctrl-C" : sig} again stops at once)\n`);
    controller.abort();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return {
    signal: controller.signal,
    exitCode: () => (caught ? exitCodeOf(caught) : undefined),
    dispose() {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    },
  };
}

function exitCodeOf(sig: NodeJS.Signals): number {
  return 128 + (os.constants.signals[sig] ?? 0);
}

import path from "node:path";
import { InputError } from "../../sim/errors.ts";

/**
 * A file-system error while writing a run's output (a full disk, a folder made read-only) as an
 * InputError naming the file: the user's output folder needs fixing, it is not a bug to report with a
 * stack trace. Any other error is returned as it is.
 */
export function outputError(err: unknown, out: string): unknown {
  const e = err as NodeJS.ErrnoException;
  if (!(err instanceof Error) || typeof e.code !== "string" || typeof e.syscall !== "string") return err;
  return new InputError(e.path ?? out, undefined, `cannot write the run's output (${e.message}); the episodes that finished are kept (their trajectories in ${path.join(out, "episodes")}): fix this and continue with --resume`);
}

/**
 * What instruction-count.ts and instruction-profile.ts share: the drive they run under valgrind, bundled, what it
 * prints, and the Node flags that make V8 as deterministic as it can be (one thread, a fixed GC schedule, fixed hash and random
 * seeds), so that two runs of the same tree count nearly the same instructions.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { bundleWorker } from "../../../harness/workers/worker-bundle.ts";

/** The steps of the measured passes, from a run of the drive's standard output (its last line, `{"steps": N}`). */
export function drivenSteps(stdout: string): number {
  return (JSON.parse(stdout.trim().split("\n").at(-1)!) as { steps: number }).steps;
}

/** Node's flags for a counted run of the drive. */
export const DETERMINISTIC_NODE_FLAGS = ["--single-threaded", "--predictable-gc-schedule", "--hash-seed=1", "--random-seed=1"] as const;

/**
 * The bundled instruction-drive.ts, ready for `node <flags> <bundle> suite agent warmup passes mode`; exits the
 * process with a message naming `script` when valgrind is not installed.
 */
export async function bundledDrive(script: string): Promise<string> {
  try {
    await promisify(execFile)("valgrind", ["--version"]);
  } catch {
    console.error(`${script} needs valgrind on the PATH (Debian: apt-get install valgrind)`);
    process.exit(2);
  }
  return bundleWorker({ entry: fileURLToPath(new URL("./instruction-drive.ts", import.meta.url)) });
}

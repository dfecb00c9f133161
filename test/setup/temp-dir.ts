/**
 * Gives the test run one temporary folder of its own and removes it when the run ends. Many tests write
 * suites, runs and bundles under `os.tmpdir()` (and the CLI processes they start do too); left in the
 * system's temp folder they added up to a few hundred megabytes per `npm test`. Pointing TMPDIR (and
 * TMP/TEMP, which Windows reads) at a fresh folder before the test processes start puts all of it, theirs
 * and their children's, in one place that the teardown deletes. Set REARRANGE_KEEP_TEST_TMP=1 to keep it
 * for a look after a failure (its path is printed then).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** Prefix of the run's temporary folder under the system's temp folder. */
export const TEST_TMP_PREFIX = "rearrange-tests-";

export default function setup(): () => void {
  const previous = { TMPDIR: process.env.TMPDIR, TMP: process.env.TMP, TEMP: process.env.TEMP };
  const dir = mkdtempSync(path.join(os.tmpdir(), TEST_TMP_PREFIX));
  process.env.TMPDIR = dir;
  process.env.TMP = dir;
  process.env.TEMP = dir;
  return () => {
    for (const [k, v] of Object.entries(previous)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    if (process.env.REARRANGE_KEEP_TEST_TMP === "1") {
      process.stderr.write(`test run's temporary files kept in ${dir}\n`);
      return;
    }
    // a test's child process still ending may be writing into it: retry a little rather than fail the run
    rmSync(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 100 });
  };
}

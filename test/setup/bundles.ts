/**
 * Makes the CLI's and the worker threads' precompiled bundles once, before any test file runs. Tests start
 * the CLI (bin/rearrange.js) and worker pools from many files at once: without this, the first of each on
 * a fresh checkout would all build the same bundle side by side (correct, but a few seconds of CPU each).
 * A failure here is not fatal: the CLI and the pools fall back to loading TypeScript through tsx.
 */
import { bundleWorker, CLI_SOURCE } from "../../harness/workers/worker-bundle.ts";

export default async function setup(): Promise<void> {
  await Promise.all([bundleWorker({ entry: CLI_SOURCE }), bundleWorker()]).catch((err: unknown) => {
    process.stderr.write(`test set-up: could not precompile the CLI or worker bundle (${String((err as Error)?.message ?? err)}); the tests use tsx instead\n`);
  });
}

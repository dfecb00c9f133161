import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ResultsFile } from "../../../harness/metrics/results-schema.ts";
import { runSuite, type RunOptions } from "../../../harness/runner/run-suite.ts";
import { testRunOptions } from "../../helpers/run-options.ts";

/** Repository root. */
export const ROOT = path.resolve(import.meta.dirname, "../../..");
/** Bundled suites the end-to-end tests use (they skip when the content is absent). */
export const SMOKE = path.join(ROOT, "scenes/suites/smoke.suite.json");
export const DEFAULT_SUITE = path.join(ROOT, "scenes/suites/default.suite.json");
export const hasSmoke = existsSync(SMOKE);
export const hasDefault = existsSync(DEFAULT_SUITE);

/** A fresh temporary folder. */
export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/** Runs a suite in-process with test defaults (a pinned clock, no extra reporters). */
export function run(options: Partial<RunOptions> & { suite: string; agent: string; out: string }): Promise<ResultsFile> {
  return runSuite(testRunOptions({ now: () => "2025-01-01T00:00:00.000Z", ...options }));
}

/** Every file under a folder, recursively. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/** The parsed lines of one episode's trajectory. */
export function trajectory(out: string, key: string): Array<Record<string, any>> {
  return readFileSync(path.join(out, "episodes", `${key}.jsonl`), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
}

import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, it } from "vitest";

/** The repository root (this file is test/harness/probes/shared-data.ts). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** The shared real data (`../shared/data` beside the repository); absent in a user's fresh clone. */
export const SHARED_DATA = path.resolve(ROOT, "../shared/data");

/** True when the named data set folder is present. */
export function hasSharedData(name: string): boolean {
  return existsSync(path.join(SHARED_DATA, name));
}

/** Suite title that says why it is skipped when the data is absent. */
export function dataSuiteTitle(title: string, name: string): string {
  return hasSharedData(name) ? title : `${title} — skipped: ${path.join(SHARED_DATA, name)} is absent`;
}

/**
 * A suite that needs a shared data set. `describe.skipIf` still runs a suite's body to collect its
 * tests, and these bodies read the data at once; without the data the body is not run at all and one
 * skipped test says what is missing.
 */
export function describeWithData(name: string, title: string, body: () => void | Promise<void>): void {
  if (hasSharedData(name)) describe(title, body);
  else describe.skip(dataSuiteTitle(title, name), () => it.skip(`needs ${path.join(SHARED_DATA, name)}`, () => undefined));
}

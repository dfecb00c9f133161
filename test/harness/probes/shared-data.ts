import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

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

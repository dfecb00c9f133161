/** Reads the committed bundled content (scenes/houses, scenes/tasks, scenes/suites) for the tests. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's `scenes/` folder. */
export const SCENES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../scenes");

/** A committed JSON file: path relative to `scenes/` and its parsed content. */
export interface CommittedFile {
  path: string;
  absolute: string;
  json: unknown;
}

/** Every `*<suffix>` file in `scenes/<dir>`, parsed, sorted by name. */
export function committed(dir: "houses" | "tasks" | "suites", suffix: string): CommittedFile[] {
  const folder = path.join(SCENES_DIR, dir);
  return readdirSync(folder)
    .filter((f) => f.endsWith(suffix))
    .sort()
    .map((f) => {
      const absolute = path.join(folder, f);
      return { path: `${dir}/${f}`, absolute, json: JSON.parse(readFileSync(absolute, "utf8")) as unknown };
    });
}

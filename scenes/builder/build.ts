/**
 * Regenerates the bundled scenes, tasks and suites under `scenes/`:
 *   node --import tsx scenes/builder/build.ts          write the files (and remove stale generated ones)
 *   node --import tsx scenes/builder/build.ts --check  exit 1 when the committed files differ from the builder
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundledFiles } from "./bundle.ts";
import { formatJson } from "./json-format.ts";

/** The `scenes/` folder. */
export const SCENES_DIR = join(dirname(fileURLToPath(import.meta.url)), "..");
const GENERATED = [
  { dir: "houses", suffix: ".scene.json" },
  { dir: "tasks", suffix: ".task.json" },
  { dir: "suites", suffix: ".suite.json" },
];

/** Files whose content on disk differs from the builder's output, plus stale generated files. */
export function outOfDate(root = SCENES_DIR): string[] {
  const expected = new Map(bundledFiles().map((f) => [f.path, formatJson(f.content)]));
  const stale: string[] = [];
  for (const [path, text] of expected) {
    let onDisk: string | undefined;
    try {
      onDisk = readFileSync(join(root, path), "utf8");
    } catch {
      onDisk = undefined;
    }
    if (onDisk !== text) stale.push(path);
  }
  for (const { dir, suffix } of GENERATED) {
    for (const name of listDir(join(root, dir))) {
      if (name.endsWith(suffix) && !expected.has(`${dir}/${name}`)) stale.push(`${dir}/${name}`);
    }
  }
  return stale.sort();
}

/** Writes every bundled file under `root` and deletes generated files no house or task produces any more. */
export function writeBundle(root = SCENES_DIR): string[] {
  const files = bundledFiles();
  const written = new Set<string>();
  for (const f of files) {
    mkdirSync(dirname(join(root, f.path)), { recursive: true });
    writeFileSync(join(root, f.path), formatJson(f.content));
    written.add(f.path);
  }
  for (const { dir, suffix } of GENERATED) {
    for (const name of listDir(join(root, dir))) {
      if (name.endsWith(suffix) && !written.has(`${dir}/${name}`)) rmSync(join(root, dir, name));
    }
  }
  return [...written];
}

function listDir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes("--check")) {
    const stale = outOfDate();
    if (stale.length > 0) {
      console.error(`bundled files are out of date (run node --import tsx scenes/builder/build.ts):\n  ${stale.join("\n  ")}`);
      process.exit(1);
    }
    console.log("bundled files are up to date");
  } else {
    const written = writeBundle();
    console.log(`wrote ${written.length} files under ${SCENES_DIR}`);
  }
}

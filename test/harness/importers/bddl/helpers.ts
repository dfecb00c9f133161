/** Shared fixtures for the BDDL importer tests: the shared data folders and scratch output folders. */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { SceneSchema, type SceneFile } from "../../../../sim/scene/schema.ts";
import { SuiteSchema, type SuiteFile } from "../../../../harness/suite/schema.ts";

export const DATA_DIR = path.resolve(import.meta.dirname, "../../../../../shared/data");
export const B100 = path.join(DATA_DIR, "behavior100");
export const B1K = path.join(DATA_DIR, "behavior1k");
export const HAVE_DATA = existsSync(B100) && existsSync(B1K);
export const NO_DATA_MESSAGE = `BEHAVIOR data absent at ${DATA_DIR}: skipping the import tests on the shared activities`;

/** A fresh empty folder under the system temp folder. */
export function scratch(prefix = "bddl-import-"): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function readSuite(file: string): SuiteFile {
  return SuiteSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}

export function readScene(file: string): SceneFile {
  return SceneSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}

import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { InputError, UnknownNameError } from "../../sim/errors.ts";
import { readStructuredFile, validateWith } from "../../sim/files/read-structured.ts";
import { PACKAGE_ROOT } from "../version.ts";
import { SuiteSchema, type SuiteFile } from "./schema.ts";

/** Folder of the bundled suites. */
export const BUNDLED_SUITES = path.join(PACKAGE_ROOT, "scenes", "suites");

export interface LoadedSuite {
  path: string;
  suite: SuiteFile;
}

/** Resolves `--suite NAME|PATH`: a bundled suite name, a suite file, or a folder holding one suite file. */
export function resolveSuitePath(spec: string): string {
  if (existsSync(spec)) {
    if (/\.suite\.(json|ya?ml)$/i.test(spec) || /\.(json|ya?ml)$/i.test(spec)) return spec;
    const inDir = readdirSync(spec).filter((f) => /\.suite\.(json|ya?ml)$/i.test(f)).sort();
    if (inDir.length === 1) return path.join(spec, inDir[0]!);
    if (inDir.length > 1) throw new InputError(spec, undefined, `folder holds ${inDir.length} suite files (${inDir.join(", ")}); name one`);
    throw new InputError(spec, undefined, "folder holds no *.suite.json|yaml file");
  }
  for (const ext of ["json", "yaml", "yml"]) {
    const p = path.join(BUNDLED_SUITES, `${spec}.suite.${ext}`);
    if (existsSync(p)) return p;
  }
  const reason = `no such suite file, folder or bundled suite (bundled: ${listBundledSuites().join(", ") || "none"})`;
  // a bare name that is no bundled suite is a wrong option value (exit 2); a path that does not exist, a missing file (exit 1)
  const looksLikePath = /[\\/]/.test(spec) || /\.(json|ya?ml)$/i.test(spec);
  throw looksLikePath ? new InputError(spec, undefined, reason) : new UnknownNameError(spec, reason);
}

/**
 * Loads and validates a suite file to run.
 * @throws InputError for a suite with no episodes: a run of nothing would report SR 0 over 0 episodes
 *   as if it meant something (the schema itself allows an empty list, which importers may produce)
 */
export function loadSuite(spec: string): LoadedSuite {
  const file = resolveSuitePath(spec);
  const suite = validateWith(SuiteSchema, readStructuredFile(file), file);
  if (suite.episodes.length === 0) throw new InputError(file, "$.episodes", "a suite needs at least one episode to run");
  return { path: file, suite };
}

/** Names of the bundled suites. */
export function listBundledSuites(): string[] {
  if (!existsSync(BUNDLED_SUITES)) return [];
  return readdirSync(BUNDLED_SUITES)
    .map((f) => /^(.*)\.suite\.(json|ya?ml)$/i.exec(f)?.[1])
    .filter((x): x is string => !!x)
    .sort();
}

/** Path of a file named in a suite, relative to the suite file (cwd-relative when under cwd, else absolute). */
export function resolveRelative(suitePath: string, ref: string): string {
  const abs = path.resolve(path.dirname(suitePath), ref);
  const rel = path.relative(process.cwd(), abs);
  return rel.startsWith("..") || path.isAbsolute(rel) ? abs : rel;
}

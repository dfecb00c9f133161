/**
 * The scenes `rearrange probe cases --from-scene SRC` reads: SRC is a scene file, a suite file (its
 * episodes' distinct scenes), a folder (its one suite file, else every `*.scene.json|yaml` under it),
 * a bundled suite name (`default`) or a bundled house name (`flat`). Every scene is validated as
 * `rearrange run` validates it; a problem is an InputError naming the file and place.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { InputError } from "../../../sim/errors.ts";
import { readStructuredFile } from "../../../sim/files/read-structured.ts";
import { loadSceneFile } from "../../../sim/scene/load.ts";
import type { SceneFile } from "../../../sim/scene/schema.ts";
import { loadSuite, resolveRelative } from "../../suite/load.ts";
import { PACKAGE_ROOT } from "../../version.ts";

/** A scene to generate cases from. */
export interface SceneSource {
  path: string;
  scene: SceneFile;
}

const SCENE_FILE = /\.scene\.(json|ya?ml)$/i;

/** Folder of the bundled houses. */
export const BUNDLED_HOUSES = path.join(PACKAGE_ROOT, "scenes", "houses");

function isSuiteData(data: unknown): boolean {
  return !!data && typeof data === "object" && !Array.isArray(data) && "episodes" in data;
}

function fromSuite(file: string): SceneSource[] {
  const { path: suitePath, suite } = loadSuite(file);
  const paths = [...new Set(suite.episodes.map((e) => resolveRelative(suitePath, e.scene)))];
  return paths.map((p) => ({ path: p, scene: loadSceneFile(p).scene }));
}

function sceneFilesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (name.startsWith(".")) continue;
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sceneFilesUnder(p));
    else if (SCENE_FILE.test(name)) out.push(p);
  }
  return out;
}

/** Reads the scenes SRC names (see the module comment), in a stable order, each scene id once. */
export function readSceneSources(src: string): SceneSource[] {
  let sources: SceneSource[];
  if (existsSync(src) && statSync(src).isDirectory()) {
    const suites = readdirSync(src).filter((f) => /\.suite\.(json|ya?ml)$/i.test(f));
    if (suites.length === 1) sources = fromSuite(path.join(src, suites[0]!));
    else {
      const files = sceneFilesUnder(src);
      if (files.length === 0) throw new InputError(src, undefined, "folder holds no suite file and no *.scene.json|yaml file");
      sources = files.map((p) => ({ path: p, scene: loadSceneFile(p).scene }));
    }
  } else if (existsSync(src)) {
    sources = isSuiteData(readStructuredFile(src)) ? fromSuite(src) : [{ path: src, scene: loadSceneFile(src).scene }];
  } else {
    const house = ["json", "yaml", "yml"].map((ext) => path.join(BUNDLED_HOUSES, `${src}.scene.${ext}`)).find((p) => existsSync(p));
    sources = house ? [{ path: house, scene: loadSceneFile(house).scene }] : fromSuite(src);
  }
  const seen = new Map<string, string>();
  for (const s of sources) {
    const other = seen.get(s.scene.id);
    if (other !== undefined && other !== s.path) throw new InputError(s.path, "$.id", `scene id "${s.scene.id}" is also the id of ${other}; case ids would collide`);
    seen.set(s.scene.id, s.path);
  }
  return sources.filter((s, i) => sources.findIndex((t) => t.scene.id === s.scene.id) === i);
}

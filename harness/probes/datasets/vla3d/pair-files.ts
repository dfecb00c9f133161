/**
 * Which files of a VLA-3D scene folder belong to its scene. VLA-3D names a scene's files
 * `<scene>_object_result.csv`, `<scene>_region_result.csv`, `<scene>_referential_statements.json`, …
 * with the scene's name as the prefix, and the folder is named after the scene. A folder may hold a
 * stray file of another scene (copied in by hand): files pair by their prefix, never by which sorts
 * first. The scene's prefix is the folder's name when an object CSV (or, without one, any scene file)
 * carries it; else the prefix of the only object CSV; with several object CSVs and none named after
 * the folder, no CSV is taken (which scene is this folder's cannot be told).
 */
import path from "node:path";

/** File name endings of a scene's files, each after `<scene>`. */
export const SCENE_SUFFIXES = ["_object_result.csv", "_region_result.csv", "_referential_statements.json", "_scene_graph.json", "_objects.json"] as const;

/** The scene prefix and ending of a VLA-3D scene file name, or null for other names. */
export function sceneFileName(file: string): { prefix: string; suffix: (typeof SCENE_SUFFIXES)[number] } | null {
  const base = path.basename(file);
  for (const suffix of SCENE_SUFFIXES) if (base.endsWith(suffix) && base.length > suffix.length) return { prefix: base.slice(0, -suffix.length), suffix };
  return null;
}

/** The folder's files sorted out: the scene's own, and the others with why they are not. */
export interface PairedFiles {
  /** The scene's prefix, or null when it cannot be told. */
  scene: string | null;
  objectCsv: string | null;
  objectList: string | null;
  regionCsv: string | null;
  statements: string | null;
  /** `*_scene_graph.json` and `*_objects.json` of the scene (accounted for by the reader). */
  extras: string[];
  /** Files of other scenes, or of no scene that can be told, with the reason. */
  others: Array<{ file: string; reason: string }>;
}

/** Pairs a folder's files by scene prefix (see module comment). */
export function pairSceneFiles(dir: string, files: readonly string[]): PairedFiles {
  const folder = path.basename(dir);
  const named = files.map((f) => ({ file: f, name: sceneFileName(f) }));
  const csvPrefixes = named.filter((n) => n.name?.suffix === "_object_result.csv").map((n) => n.name!.prefix);
  const anyPrefixes = [...new Set(named.flatMap((n) => (n.name ? [n.name.prefix] : [])))];
  let scene: string | null;
  if (csvPrefixes.includes(folder)) scene = folder;
  else if (csvPrefixes.length === 1) scene = csvPrefixes[0]!;
  else if (csvPrefixes.length > 1) scene = null;
  else scene = anyPrefixes.includes(folder) ? folder : anyPrefixes.length === 1 ? anyPrefixes[0]! : null;
  const out: PairedFiles = { scene, objectCsv: null, objectList: null, regionCsv: null, statements: null, extras: [], others: [] };
  for (const { file, name } of named) {
    if (!name) {
      if (path.basename(file) === "object_list.txt") out.objectList = file;
      else out.others.push({ file, reason: "not a VLA-3D scene file" });
      continue;
    }
    if (scene === null) {
      const reason =
        csvPrefixes.length > 1
          ? `${csvPrefixes.length} object CSVs (scenes ${csvPrefixes.map((p) => `"${p}"`).join(", ")}) and none named after the folder "${folder}": which is this folder's scene cannot be told; not imported`
          : `files of several scenes (${anyPrefixes.map((p) => `"${p}"`).join(", ")}) and none named after the folder "${folder}": which is this folder's scene cannot be told; not imported`;
      out.others.push({ file, reason });
      continue;
    }
    if (name.prefix !== scene) {
      out.others.push({ file, reason: `belongs to scene "${name.prefix}" (its name's prefix), not to this folder's scene "${scene}": not imported` });
      continue;
    }
    if (name.suffix === "_object_result.csv") out.objectCsv = file;
    else if (name.suffix === "_region_result.csv") out.regionCsv = file;
    else if (name.suffix === "_referential_statements.json") out.statements = file;
    else out.extras.push(file);
  }
  return out;
}

/**
 * Reads one VLA-3D scene folder: objects (`*_object_result.csv`, else `object_list.txt`), regions
 * (`*_region_result.csv`) and referential statements (`*_referential_statements.json`). Every file
 * of the folder is either used or listed with why not (`*_scene_graph.json`: relations follow from
 * geometry here; `*_objects.json`: the same objects as the CSV, without headings); files pair with
 * the scene by their name's prefix (pair-files.ts). Rows that do not parse are skipped with their line,
 * the column and the value; a repeated object id keeps its first row.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Box } from "../../../../sim/scene/schema.ts";
import { parseCsv } from "../csv.ts";
import { parseObjectList } from "../../grounding/object-list.ts";
import { parseJsonText } from "../source-files.ts";
import { pairSceneFiles } from "./pair-files.ts";
import { firstFew } from "../first-few.ts";

export interface Vla3dObject {
  id: number;
  /** Region id as written, or null when the object lies in none (`-1`). */
  regionId: string | null;
  rawLabel: string;
  nyuLabel?: string;
  nyu40Label?: string;
  box: Box;
  colors: string[];
}

export interface Vla3dRegion {
  id: string;
  label: string;
  box: Box;
}

export interface Vla3dStatement {
  text: string;
  regionId: string;
  targetId: number;
  targetClass: string;
  relation: string;
  relationType: string;
}

export interface Skip {
  file: string;
  where?: string;
  reason: string;
}

export interface Vla3dFolder {
  /** Scene name (folder name). */
  name: string;
  /** Data set (parent folder name: HM3D, Unity, ARKitScenes, …). */
  dataset: string;
  objects: Vla3dObject[];
  regions: Vla3dRegion[];
  statements: Vla3dStatement[];
  used: string[];
  skipped: Skip[];
  /** What the import had to make up because a file is missing (for the summary's notes). */
  notes: string[];
}

const num = (s: string | undefined) => (s === undefined || s.trim() === "" || s.trim() === "_" ? NaN : Number(s));

const BOX_KEYS = ["cx", "cy", "cz", "xlength", "ylength", "zlength", "heading"] as const;

/** A row's problem: where in the file (line and column) and what is wrong. */
interface RowProblem {
  where: string;
  reason: string;
}

/**
 * The numbers of a row's columns, or what is wrong with them: each column that is missing, empty or not a
 * finite number is named with its value; a size column (`*length`) must not be negative.
 */
function numbersOf(r: Record<string, string>, line: number, columns: readonly string[]): number[] | RowProblem {
  const values = columns.map((c) => num(r[c]));
  const bad = columns.filter((_, i) => !Number.isFinite(values[i]));
  if (bad.length > 0) {
    const what = bad.map((c) => (r[c] === undefined ? `${c} is missing` : r[c]!.trim() === "" ? `${c} is empty` : `${c} is ${JSON.stringify(r[c])}`));
    return { where: `line ${line}, column ${bad[0]}`, reason: `${what.join("; ")}: not a finite number; row skipped` };
  }
  const negative = columns.filter((c, i) => c.endsWith("length") && values[i]! < 0);
  if (negative.length > 0)
    return { where: `line ${line}, column ${negative[0]}`, reason: `${negative.map((c) => `${c} is ${r[c]!.trim()}`).join("; ")}: a box size cannot be negative; row skipped` };
  return values;
}

const boxOf = (v: number[]): Box => ({ center: { x: v[0]!, y: v[1]!, z: v[2]! }, size: { x: v[3]!, y: v[4]!, z: v[5]! }, heading: v[6]! });

function readObjectsCsv(file: string, skipped: Skip[]): Vla3dObject[] {
  const { rows, problems } = parseCsv(readFileSync(file, "utf8"));
  for (const p of problems) skipped.push({ file, where: `line ${p.line}`, reason: p.reason });
  const out: Vla3dObject[] = [];
  const lineOfId = new Map<number, number>();
  const columns = ["object_id", ...BOX_KEYS.map((k) => `object_bbox_${k}`)];
  for (const { line, record: r } of rows) {
    const v = numbersOf(r, line, columns);
    if (!Array.isArray(v)) {
      skipped.push({ file, ...v });
      continue;
    }
    const id = v[0]!;
    if (!Number.isInteger(id)) {
      skipped.push({ file, where: `line ${line}, column object_id`, reason: `object_id is ${JSON.stringify(r.object_id)}: not a whole number; row skipped` });
      continue;
    }
    if (repeatedId(lineOfId, id, line, "object_id", file, skipped)) continue;
    const region = (r.region_id ?? "").trim();
    out.push({
      id,
      regionId: region === "" || region === "-1" ? null : region,
      rawLabel: (r.raw_label ?? "").trim() || (r.nyu_label ?? "object"),
      nyuLabel: r.nyu_label,
      nyu40Label: r.nyu40_label,
      box: boxOf(v.slice(1)),
      colors: [1, 2, 3].map((k) => r[`object_color_scheme${k}`] ?? "_").filter((c) => c !== "_" && c !== "N/A" && c !== ""),
    });
  }
  return out;
}

/**
 * True, with a skip that names both lines, when `id` was already read on an earlier row: the first row is kept
 * (one bad copy should not drop a scene). Otherwise records the row's line for `id`.
 */
function repeatedId<K extends string | number>(lineOfId: Map<K, number>, id: K, line: number, column: string, file: string, skipped: Skip[]): boolean {
  const first = lineOfId.get(id);
  if (first === undefined) {
    lineOfId.set(id, line);
    return false;
  }
  skipped.push({ file, where: `line ${line}, column ${column}`, reason: `${column} ${id} is already used on line ${first}: the first is kept, this row skipped` });
  return true;
}

function readRegionsCsv(file: string, skipped: Skip[]): Vla3dRegion[] {
  const { rows, problems } = parseCsv(readFileSync(file, "utf8"));
  for (const p of problems) skipped.push({ file, where: `line ${p.line}`, reason: p.reason });
  const out: Vla3dRegion[] = [];
  const lineOfId = new Map<string, number>();
  for (const { line, record: r } of rows) {
    const id = (r.region_id ?? "").trim();
    if (id === "") {
      skipped.push({ file, where: `line ${line}, column region_id`, reason: `region_id is ${r.region_id === undefined ? "missing" : "empty"}; row skipped` });
      continue;
    }
    const v = numbersOf(r, line, BOX_KEYS.map((k) => `region_bbox_${k}`));
    if (!Array.isArray(v)) {
      skipped.push({ file, ...v });
      continue;
    }
    if (repeatedId(lineOfId, id, line, "region_id", file, skipped)) continue;
    out.push({ id, label: (r.region_label ?? "").trim(), box: boxOf(v) });
  }
  return out;
}

function readStatements(file: string, skipped: Skip[]): Vla3dStatement[] {
  const parsed = parseJsonText(readFileSync(file, "utf8"));
  if (!("value" in parsed)) {
    skipped.push({ file, where: parsed.where, reason: parsed.reason });
    return [];
  }
  const regions = (parsed.value as { regions?: unknown }).regions;
  if (!regions || typeof regions !== "object") {
    skipped.push({ file, where: "$.regions", reason: "expected an object of regions" });
    return [];
  }
  const out: Vla3dStatement[] = [];
  for (const [regionId, statements] of Object.entries(regions as Record<string, unknown>)) {
    if (!statements || typeof statements !== "object") continue;
    for (const [text, entries] of Object.entries(statements as Record<string, unknown>)) {
      if (!Array.isArray(entries)) continue; // the `region` field names the region, it is no statement
      const where = `$.regions[${JSON.stringify(regionId)}][${JSON.stringify(text)}]`;
      if (entries.length !== 1) {
        skipped.push({ file, where, reason: `${entries.length} targets for one statement: ambiguous, not a grounding question` });
        continue;
      }
      const e = entries[0] as Record<string, unknown>;
      const targetId = num(String(e.target_index));
      if (!Number.isInteger(targetId)) {
        skipped.push({ file, where, reason: "target_index is not an object id" });
        continue;
      }
      out.push({ text, regionId, targetId, targetClass: String(e.target_class ?? ""), relation: String(e.relation ?? ""), relationType: String(e.relation_type ?? "") });
    }
  }
  return out;
}

/** Checks an `object_list.txt` against the objects read from the CSV and says how it compares. */
function compareObjectList(file: string, objects: readonly Vla3dObject[]): string {
  const { objects: listed } = parseObjectList(readFileSync(file, "utf8"));
  const close = (a: number, b: number) => Math.abs(a - b) <= 1e-6;
  const differing = objects.filter((o) => {
    const l = listed.get(o.id);
    if (!l) return true;
    const [a, b] = [o.box, l.box];
    return ![a.center.x - b.center.x, a.center.y - b.center.y, a.center.z - b.center.z, a.size.x - b.size.x, a.size.y - b.size.y, a.size.z - b.size.z, a.heading - b.heading].every((d) => close(d, 0));
  });
  if (differing.length === 0 && listed.size === objects.length) return `the same ${objects.length} objects as the object CSV (checked), which is used`;
  return `differs from the object CSV (${differing.length} objects differ or are missing, ${listed.size} listed vs ${objects.length}); the CSV is used`;
}

/** Reads one scene folder given its files (see module comment). */
export function readVla3dFolder(dir: string, files: readonly string[]): Vla3dFolder {
  const folder: Vla3dFolder = { name: path.basename(dir), dataset: path.basename(path.dirname(dir)), objects: [], regions: [], statements: [], used: [], skipped: [], notes: [] };
  const paired = pairSceneFiles(dir, files);
  // why each file not read is left alone, listed in the folder's file order at the end
  const unread = new Map(paired.others.map((o) => [o.file, o.reason]));
  const { objectCsv: csv, objectList: list, regionCsv: region } = paired;
  if (csv) {
    folder.objects = readObjectsCsv(csv, folder.skipped);
    folder.used.push(csv);
  } else if (list) {
    const { objects, problems } = parseObjectList(readFileSync(list, "utf8"));
    for (const p of problems) folder.skipped.push({ file: list, where: `line ${p.line}`, reason: p.reason });
    folder.objects = [...objects.values()].map((o) => ({ id: o.id, regionId: null, rawLabel: o.label, box: o.box, colors: o.color ? [o.color] : [] }));
    folder.used.push(list);
  }
  if (region) {
    folder.regions = readRegionsCsv(region, folder.skipped);
    folder.used.push(region);
  }
  const where = `${folder.dataset}/${folder.name}`;
  if (!csv && list)
    folder.notes.push(`${where}: no *_object_result.csv, objects from object_list.txt: no NYU40 classes (guessed from each label's WordNet category) and no region ids${folder.regions.length > 0 ? " (taken from the region boxes that hold the objects)" : ""}`);
  if (!region) {
    folder.notes.push(`${where}: no *_region_result.csv: rooms inferred, one per storey, storeys from the floor slabs (else from the objects' heights); the objects' region ids are ignored`);
    // region ids of the objects name regions of the missing file
    for (const o of folder.objects) o.regionId = null;
  } else {
    const known = new Set(folder.regions.map((r) => r.id));
    const missing = folder.objects.filter((o) => o.regionId !== null && !known.has(o.regionId));
    if (missing.length > 0) {
      const ids = [...new Set(missing.map((o) => o.regionId!))].sort();
      folder.notes.push(
        `${where}: ${missing.length} objects name regions the region file lacks (region ${ids.join(", ")}; objects ${firstFew(missing.map((o) => String(o.id)), 8)}): each goes to the storey its height says and the room nearest its centre`,
      );
    }
  }
  if (paired.statements) {
    folder.statements.push(...readStatements(paired.statements, folder.skipped));
    folder.used.push(paired.statements);
  }
  for (const f of paired.extras) {
    const reason = f.endsWith("_scene_graph.json")
      ? "scene graph relations are not imported: they follow from geometry"
      : csv
        ? "same objects as the object CSV (without headings)"
        : "not read: object_list.txt is used for the objects (with headings); there is no object CSV";
    unread.set(f, reason);
  }
  if (list && csv) unread.set(list, compareObjectList(list, folder.objects));
  for (const f of files) if (unread.has(f)) folder.skipped.push({ file: f, reason: unread.get(f)! });
  return folder;
}

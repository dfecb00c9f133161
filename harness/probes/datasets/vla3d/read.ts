/**
 * Reads one VLA-3D scene folder: objects (`*_object_result.csv`, else `object_list.txt`), regions
 * (`*_region_result.csv`) and referential statements (`*_referential_statements.json`). Every file
 * of the folder is either used or listed with why not (`*_scene_graph.json`: relations follow from
 * geometry here; `*_objects.json`: the same objects as the CSV, without headings). Rows that do not
 * parse are skipped with their line number.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Box } from "../../../../sim/scene/schema.ts";
import { parseCsv } from "../csv.ts";
import { parseObjectList } from "../../grounding/object-list.ts";
import { parseJsonText } from "../source-files.ts";

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

function boxOf(r: Record<string, string>, prefix: string): Box | null {
  const v = ["cx", "cy", "cz", "xlength", "ylength", "zlength", "heading"].map((k) => num(r[`${prefix}_${k}`]));
  if (!v.every(Number.isFinite)) return null;
  return { center: { x: v[0]!, y: v[1]!, z: v[2]! }, size: { x: v[3]!, y: v[4]!, z: v[5]! }, heading: v[6]! };
}

function readObjectsCsv(file: string, skipped: Skip[]): Vla3dObject[] {
  const { rows, problems } = parseCsv(readFileSync(file, "utf8"));
  for (const p of problems) skipped.push({ file, where: `line ${p.line}`, reason: p.reason });
  const out: Vla3dObject[] = [];
  for (const { line, record: r } of rows) {
    const box = boxOf(r, "object_bbox");
    const id = num(r.object_id);
    if (!box || !Number.isInteger(id)) {
      skipped.push({ file, where: `line ${line}`, reason: "object_id or box is not a number" });
      continue;
    }
    const region = (r.region_id ?? "").trim();
    out.push({
      id,
      regionId: region === "" || region === "-1" ? null : region,
      rawLabel: (r.raw_label ?? "").trim() || (r.nyu_label ?? "object"),
      nyuLabel: r.nyu_label,
      nyu40Label: r.nyu40_label,
      box,
      colors: [1, 2, 3].map((k) => r[`object_color_scheme${k}`] ?? "_").filter((c) => c !== "_" && c !== "N/A" && c !== ""),
    });
  }
  return out;
}

function readRegionsCsv(file: string, skipped: Skip[]): Vla3dRegion[] {
  const { rows, problems } = parseCsv(readFileSync(file, "utf8"));
  for (const p of problems) skipped.push({ file, where: `line ${p.line}`, reason: p.reason });
  const out: Vla3dRegion[] = [];
  for (const { line, record: r } of rows) {
    const box = boxOf(r, "region_bbox");
    if (!box || !r.region_id) {
      skipped.push({ file, where: `line ${line}`, reason: "region_id or box is not a number" });
      continue;
    }
    out.push({ id: r.region_id.trim(), label: (r.region_label ?? "").trim(), box });
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
  const find = (suffix: string) => files.filter((f) => f.endsWith(suffix));
  const csv = find("_object_result.csv");
  const list = find("object_list.txt");
  if (csv.length > 0) {
    folder.objects = readObjectsCsv(csv[0]!, folder.skipped);
    folder.used.push(csv[0]!);
  } else if (list.length > 0) {
    const { objects, problems } = parseObjectList(readFileSync(list[0]!, "utf8"));
    for (const p of problems) folder.skipped.push({ file: list[0]!, where: `line ${p.line}`, reason: p.reason });
    folder.objects = [...objects.values()].map((o) => ({ id: o.id, regionId: null, rawLabel: o.label, box: o.box, colors: o.color ? [o.color] : [] }));
    folder.used.push(list[0]!);
  }
  for (const f of find("_region_result.csv").slice(0, 1)) {
    folder.regions = readRegionsCsv(f, folder.skipped);
    folder.used.push(f);
  }
  const where = `${folder.dataset}/${folder.name}`;
  if (csv.length === 0)
    folder.notes.push(`${where}: no *_object_result.csv, objects from object_list.txt: no NYU40 classes (guessed from each label's WordNet category) and no region ids${folder.regions.length > 0 ? " (taken from the region boxes that hold the objects)" : ""}`);
  if (find("_region_result.csv").length === 0) {
    folder.notes.push(`${where}: no *_region_result.csv: rooms inferred, one per storey, storeys from the floor slabs (else from the objects' heights); the objects' region ids are ignored`);
    // region ids of the objects name regions of the missing file
    for (const o of folder.objects) o.regionId = null;
  }
  for (const f of find("_referential_statements.json")) {
    folder.statements.push(...readStatements(f, folder.skipped));
    folder.used.push(f);
  }
  for (const f of files) {
    if (folder.used.includes(f)) continue;
    const reason = f.endsWith("_scene_graph.json")
      ? "scene graph relations are not imported: they follow from geometry"
      : f.endsWith("_objects.json")
        ? csv.length > 0
          ? "same objects as the object CSV (without headings)"
          : "not read: object_list.txt is used for the objects (with headings); there is no object CSV"
        : f.endsWith("object_list.txt")
          ? compareObjectList(f, folder.objects)
          : f.endsWith("_region_result.csv")
            ? "a second region file: the first is used"
            : "not a VLA-3D scene file";
    folder.skipped.push({ file: f, reason });
  }
  return folder;
}

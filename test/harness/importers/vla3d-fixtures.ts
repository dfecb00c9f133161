/**
 * Small VLA-3D scene folders for importer tests, written to temp dirs: object and region CSVs in the
 * column layout of VLA-3D's `*_object_result.csv` / `*_region_result.csv` (the colour columns shortened to
 * one scheme, as the reader pads short rows).
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { importVla3d } from "../../../harness/importers/vla3d.ts";
import type { ImportSummary } from "../../../harness/importers/index.ts";
import { SceneSchema, type SceneFile } from "../../../sim/scene/schema.ts";

export const OBJECT_HEADER =
  "object_id,region_id,raw_label,nyu_id,nyu40_id,nyu_label,nyu40_label,object_bbox_cx,object_bbox_cy,object_bbox_cz,object_bbox_xlength,object_bbox_ylength,object_bbox_zlength,object_bbox_heading,object_front_heading,object_color_r1,object_color_g1,object_color_b1,object_color_scheme1,object_color_scheme_percentage1,object_color_scheme_average_dist1";
export const REGION_HEADER = "region_id,region_label,region_bbox_cx,region_bbox_cy,region_bbox_cz,region_bbox_xlength,region_bbox_ylength,region_bbox_zlength,region_bbox_heading";

/** One object: id, raw label, NYU label, NYU40 class, centre, size, and optionally region and heading. */
export interface RowSpec {
  id: number | string;
  raw: string;
  nyu?: string;
  nyu40?: string;
  center: number[];
  size: number[];
  region?: string;
  heading?: number;
}

const csvField = (v: string | number) => (typeof v === "string" && /[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : String(v));

/** An object CSV row (one grey colour scheme). */
export function objectRow(r: RowSpec): string {
  const [cx, cy, cz] = r.center;
  const [lx, ly, lz] = r.size;
  return [r.id, r.region ?? "0", r.raw, 1, 1, r.nyu ?? r.raw, r.nyu40 ?? r.raw, cx, cy, cz, lx, ly, lz, r.heading ?? 0, "_", 120, 120, 120, "gray", 1, 0].map(csvField).join(",");
}

/** An object CSV: the header and the rows, LF line ends. */
export const objectCsv = (rows: RowSpec[]) => [OBJECT_HEADER, ...rows.map(objectRow)].join("\n") + "\n";

/** A region CSV row: id, label, centre, size. */
export const regionRow = (id: string, label: string, [cx, cy, cz]: number[], [lx, ly, lz]: number[]) => [id, label, cx, cy, cz, lx, ly, lz, 0].join(",");

/** Writes files (name → text) into `<src>/<dataset>/<scene>/`, making `src` when not given. */
export function writeFolder(dataset: string, scene: string, files: Record<string, string>, src = mkdtempSync(path.join(tmpdir(), "vla-fix-"))): string {
  const dir = path.join(src, dataset, scene);
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return src;
}

/** What an import of `src` wrote: the summary, the scenes by id, and the grounding lines by scene id. */
export interface Imported {
  out: string;
  summary: ImportSummary;
  scenes: Map<string, SceneFile>;
  grounding: Map<string, Array<{ question: string; type: string; answer: unknown; object_list: string }>>;
}

/** Imports `src` into `<src>/out` and reads back what was written. */
export async function importAndRead(src: string): Promise<Imported> {
  const out = path.join(src, "out");
  const summary = await importVla3d(src, { out, seed: 0 });
  const list = (sub: string) => {
    try {
      return readdirSync(path.join(out, sub));
    } catch {
      return [];
    }
  };
  const scenes = new Map(list("scenes").map((f) => {
    const s = SceneSchema.parse(JSON.parse(readFileSync(path.join(out, "scenes", f), "utf8")));
    return [s.id, s] as const;
  }));
  const grounding = new Map(
    list("grounding").map((f) => [f.replace(/\.gt\.jsonl$/, ""), readFileSync(path.join(out, "grounding", f), "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l))] as const),
  );
  return { out, summary, scenes, grounding };
}

type SceneObject = SceneFile["objects"][number];
export const bottomOf = (o: SceneObject) => o.box.center.z - o.box.size.z / 2;
export const topOf = (o: SceneObject) => o.box.center.z + o.box.size.z / 2;

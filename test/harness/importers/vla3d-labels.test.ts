/**
 * VLA-3D grounding questions name objects as the object list does. Referential statements use the NYU label
 * ("the window above the banister") where a scan's raw label differs (3RScan's "handrail"), so the list must use
 * it too, or a statement's anchor is nowhere in the list; generated questions follow the list, in a plural that
 * leaves a plural label alone ("How many clothes", not "clotheses"). No shared data needed.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { importVla3d } from "../../../harness/importers/vla3d.ts";
import { plural } from "../../../harness/probes/grounding/from-scene.ts";

const HEADER =
  "object_id,region_id,raw_label,nyu_id,nyu40_id,nyu_label,nyu40_label,object_bbox_cx,object_bbox_cy,object_bbox_cz,object_bbox_xlength,object_bbox_ylength,object_bbox_zlength,object_bbox_heading,object_front_heading,object_color_r1,object_color_g1,object_color_b1,object_color_scheme1,object_color_scheme_percentage1,object_color_scheme_average_dist1";

/** id, raw label, NYU label, NYU40 label, centre and size: a row with one colour. */
function row(id: number, raw: string, nyu: string, nyu40: string, [cx, cy, cz]: number[], [lx, ly, lz]: number[]): string {
  return [id, 0, raw, 1, 1, nyu, nyu40, cx, cy, cz, lx, ly, lz, 0, "_", 120, 120, 120, "gray", 1, 0].join(",");
}

describe("vla3d import: the labels of grounding questions", () => {
  it("lists objects by the NYU label the statements use, and generated questions follow the list", async () => {
    const src = mkdtempSync(path.join(tmpdir(), "vla-labels-"));
    const dir = path.join(src, "3RScan", "scan1");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, "scan1_object_result.csv"),
      [
        HEADER,
        row(0, "floor", "floor", "floor", [2, 2, -0.05], [4, 4, 0.1]),
        row(7, "handrail", "banister", "otherstructure", [0.5, 2, 0.5], [0.1, 2, 1]),
        row(9, "clothes", "clothes", "clothes", [2, 1, 0.1], [0.4, 0.3, 0.2]),
        row(18, "clothes", "clothes", "clothes", [3, 1, 0.1], [0.4, 0.3, 0.2]),
        row(26, "window", "window", "window", [0.5, 2, 1.6], [0.1, 1, 0.8]),
        row(30, "stuff", "unknown", "otherprop", [3, 3, 0.2], [0.3, 0.3, 0.4]),
      ].join("\n") + "\n",
    );
    writeFileSync(
      path.join(dir, "scan1_referential_statements.json"),
      JSON.stringify({ scene_name: "scan1", regions: { "0": { "the window that is above the banister": [{ target_index: "26", target_class: "window", relation: "above", relation_type: "binary" }] } } }),
    );
    const out = path.join(src, "out");
    await importVla3d(src, { out, seed: 0 });
    const file = readdirSync(path.join(out, "grounding")).map((f) => path.join(out, "grounding", f))[0]!;
    const lines = readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { question: string; answer: unknown; object_list: string });
    const list = lines[0]!.object_list.split("\n");
    const labelOf = (id: number) => list.find((l) => l.startsWith(`${id} `))?.match(/"([^"]*)"/)?.[1];
    expect(labelOf(7)).toBe("banister");
    expect(labelOf(30)).toBe("stuff"); // no NYU label: the raw one
    expect(lines.find((l) => l.question === "the window that is above the banister")?.answer).toBe(26);
    const questions = lines.map((l) => l.question);
    expect(questions).toContain("How many clothes are in room_0?");
    expect(questions.some((q) => /handrail|clotheses/.test(q))).toBe(false);
    expect(questions).toContain("Find the banister in room_0.");
  });

  it("plural: a word in -s stays (already plural), -ss/-us/-x/-ch/-sh take -es, consonant-y -ies, -lf and -ife -ves", () => {
    expect(["clothes", "shelves", "stairs", "glass", "bus", "box", "bench", "dish", "toy", "shelf", "chair"].map(plural)).toEqual([
      "clothes",
      "shelves",
      "stairs",
      "glasses",
      "buses",
      "boxes",
      "benches",
      "dishes",
      "toys",
      "shelves",
      "chairs",
    ]);
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,10}$/), (w) => {
        const p = plural(w);
        expect(p.startsWith(w.replace(/(y|f|fe)$/, ""))).toBe(true);
        expect(p.endsWith("s")).toBe(true);
        // a plural is not pluralised again
        if (!/(ss|us)$/.test(p)) expect(plural(p)).toBe(p);
      }),
    );
  });
});

/**
 * The CSV reader under the VLA-3D importer. Spreadsheet exports start with a UTF-8 byte order mark and often
 * quote every field: the BOM made the first field non-empty, so its opening quote was read as text, the header's
 * first name became `\uFEFF"object_id"` and every row lost its id ("object_id or box is not a number").
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv, parseCsvRows } from "../../../../harness/probes/datasets/csv.ts";

describe("parseCsv", () => {
  it("drops a leading byte order mark before a quoted header", () => {
    const text = '\uFEFF"object_id","raw_label","object_bbox_cx"\r\n"0","table, round","1.5"\r\n';
    const { rows, problems } = parseCsv(text);
    expect(problems).toEqual([]);
    expect(rows).toEqual([{ line: 2, record: { object_id: "0", raw_label: "table, round", object_bbox_cx: "1.5" } }]);
  });

  it("keeps a BOM-less file as it was, quoted fields with commas, escaped quotes and line breaks included", () => {
    const text = 'a,b\n1,"x, ""y""\nz"\n2,\n';
    expect(parseCsvRows(text)).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["1", 'x, "y"\nz'] },
      { line: 4, fields: ["2", ""] },
    ]);
  });

  it("property: with or without a BOM, any quoted table reads back the same", () => {
    const cell = fc.string({ maxLength: 8 });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 5 }), fc.boolean(), (rows, bom) => {
        const text = (bom ? "\uFEFF" : "") + [["h1", "h2"], ...rows].map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(",")).join("\r\n");
        expect(parseCsv(text).rows.map((r) => [r.record.h1, r.record.h2])).toEqual(rows);
      }),
    );
  });
});

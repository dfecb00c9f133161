import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { scoreGroundingFiles, referencePoints } from "../../../../harness/probes/grounding/score.ts";
import { formatObjectList, parseObjectList } from "../../../../harness/probes/grounding/object-list.ts";

const OBJECTS = ['0 0 0 0.5 1 1 1 0 "table" "brown"', '1 3 0 0.5 1 1 1 0 "chair"', '2 0 3 0.5 2 1 1 1.5707963267948966 "sofa"'].join("\n");

let written = 0;
function write(lines: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), "grounding-"));
  const file = path.join(dir, `file${written++}.jsonl`);
  writeFileSync(file, lines.join("\n") + "\n");
  return file;
}

const gt = (question: string, type: string, answer: unknown) => JSON.stringify({ scene: "s", type, question, answer, object_list: OBJECTS });

describe("3D grounding scoring (seed 003 formats)", () => {
  const gtFile = write([
    gt("How many chairs?", "numerical", 3),
    gt("How many sofas?", "numerical", "1"),
    gt("How many tables?", "numerical", 2),
    gt("Find the table.", "object_reference", 0),
    gt("Find the chair.", "object_reference", 1),
    gt("Find the sofa.", "object_reference", 2),
    gt("Find the lamp.", "object_reference", 2),
    gt("Go to the sofa.", "instruction_following", null),
    gt("Find the table.", "object_reference", 1),
    "{not json",
  ]);
  const predFile = write([
    JSON.stringify({ question: "How many chairs?", prediction: { kind: "numerical", value: 3 } }),
    JSON.stringify({ question: "How many sofas?", prediction: { kind: "numerical", value: 2 } }),
    JSON.stringify({ question: "Find the table.", prediction: { kind: "object_reference", label: "table", object_id: 0 } }),
    // a box shifted by half its length along x: IoU 1/3 → 1 point
    JSON.stringify({ question: "Find the chair.", prediction: { kind: "object_reference", label: "chair", object_id: 9, center: { x: 3.5, y: 0, z: 0.5 }, size: [1, 1, 1], heading: 0 } }),
    // the sofa box turned a quarter turn back: the same box → 2 points
    JSON.stringify({ question: "Find the sofa.", prediction: { kind: "object_reference", label: "sofa", center: [0, 3, 0.5], size: [1, 2, 1] } }),
    JSON.stringify({ question: "Find the lamp.", prediction: { kind: "numerical", value: 1 } }),
    JSON.stringify({ question: "Find the chair.", prediction: { kind: "object_reference", label: "chair", object_id: 0 } }),
    JSON.stringify({ question: "Where is the cat?", prediction: { kind: "numerical", value: 0 } }),
    JSON.stringify({ question: "How many tables?", prediction: { kind: "numerical" } }),
  ]);
  const s = scoreGroundingFiles(gtFile, predFile);

  it("scores numerical questions: exact, within 1, MAE over answered ones", () => {
    expect(s.numerical).toEqual({ exact: 1 / 3, within1: 2 / 3, mae: 0.5, n: 3 });
  });

  it("scores object references with oriented IoU: 2/1/0 points, predicted box or object_list box", () => {
    const iou = Object.fromEntries(s.rows.filter((r) => r.type === "object_reference").map((r) => [r.question, [r.iou, r.points]]));
    expect(iou["Find the table."]).toEqual([1, 2]);
    expect(iou["Find the chair."]![0]).toBeCloseTo(1 / 3, 12);
    expect(iou["Find the chair."]![1]).toBe(1);
    expect(iou["Find the sofa."]![0]).toBeCloseTo(1, 12);
    expect(iou["Find the lamp."]).toEqual([0, 0]);
    expect(s.objectReference).toMatchObject({ points: 5, maxPoints: 8, n: 4 });
    expect(s.objectReference.meanIoU).toBeCloseTo((1 + 1 / 3 + 1 + 0) / 4, 12);
  });

  it("computes the challenge score as points earned over 2 per scored question", () => {
    expect(s.score).toBeCloseTo((2 + 5) / (2 * 7), 12);
  });

  it("reports missing, extra and duplicated questions and malformed lines by number", () => {
    expect(s.unmatched.gtOnly).toEqual(["How many tables?", "Go to the sofa."]);
    expect(s.unmatched.predOnly).toEqual(["Where is the cat?"]);
    expect(s.duplicates).toEqual({ gt: ["Find the table."], pred: ["Find the chair."] });
    const lines = s.skipped.map((k) => `${k.file === gtFile ? "gt" : "pred"}:${k.line}`);
    expect(lines).toEqual(expect.arrayContaining(["gt:10", "pred:9", "gt:9", "pred:7"]));
    expect(s.skipped.find((k) => k.file === predFile && k.line === 9)!.reason).toMatch(/value/);
    expect(s.rows.find((r) => r.type === "instruction_following")!.error).toMatch(/not scored/);
  });
});

describe("points and object lists", () => {
  it("gives 2 points at IoU ≥ 0.5, 1 at ≥ 0.25, else 0", () => {
    expect([0.5, 0.49, 0.25, 0.2499, 1, 0].map(referencePoints)).toEqual([2, 1, 1, 0, 2, 0]);
  });

  it("reads labels, optional colours, and names bad lines", () => {
    const { objects, problems } = parseObjectList(`${OBJECTS}\n7 1 2 3 "short"\n1 0 0 0 1 1 1 0 "dup"`);
    expect(objects.get(0)).toMatchObject({ label: "table", color: "brown", box: { size: { x: 1, y: 1, z: 1 } } });
    expect(objects.get(2)!.box.heading).toBeCloseTo(Math.PI / 2, 12);
    expect(problems.map((p) => p.line)).toEqual([4, 5]);
  });

  it("round-trips through formatObjectList", () => {
    const num = fc.double({ min: -100, max: 100, noNaN: true });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(1000), num, num, num, fc.string({ maxLength: 8 }).filter((s) => !/["\r\n]/.test(s))), { maxLength: 8 }), (items) => {
        const unique = [...new Map(items.map((t) => [t[0], t])).values()];
        const objects = unique.map(([id, x, y, h, label]) => ({ id, box: { center: { x, y, z: 1 }, size: { x: 1, y: 2, z: 3 }, heading: h }, label }));
        const back = parseObjectList(formatObjectList(objects));
        return back.problems.length === 0 && objects.every((o) => JSON.stringify(back.objects.get(o.id)) === JSON.stringify(o));
      }),
    );
  });
});

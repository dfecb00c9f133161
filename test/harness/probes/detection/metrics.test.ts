import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { confusionOf, detectionMetrics } from "../../../../harness/probes/detection/metrics.ts";
import { scoreDetectionRows } from "../../../../harness/probes/detection/score.ts";

const rows = <T>(values: T[]) => values.map((value, i) => ({ line: i + 1, value }));

describe("detection metrics (misplaced = positive)", () => {
  it("counts a hand-made confusion matrix", () => {
    const c = confusionOf([
      { truth: true, predicted: true },
      { truth: true, predicted: false },
      { truth: false, predicted: true },
      { truth: false, predicted: false },
      { truth: false, predicted: false },
    ]);
    expect(c).toEqual({ tp: 1, fn: 1, fp: 1, tn: 2 });
    const m = detectionMetrics(c);
    expect(m).toMatchObject({ accuracy: 3 / 5, precision: 1 / 2, recall: 1 / 2, f1: 1 / 2, n: 5 });
  });

  it("zero-division: nothing misplaced and nothing flagged is perfect", () => {
    expect(detectionMetrics({ tp: 0, fp: 0, tn: 4, fn: 0 })).toMatchObject({ precision: 1, recall: 1, f1: 1, accuracy: 1 });
  });

  it("zero-division: flagging nothing while objects are misplaced gives precision 0, recall 0, F1 0", () => {
    expect(detectionMetrics({ tp: 0, fp: 0, tn: 2, fn: 3 })).toMatchObject({ precision: 0, recall: 0, f1: 0 });
  });

  it("zero-division: false alarms when nothing is misplaced give recall 0", () => {
    expect(detectionMetrics({ tp: 0, fp: 2, tn: 2, fn: 0 })).toMatchObject({ precision: 0, recall: 0, f1: 0, accuracy: 0.5 });
  });

  it("no objects: accuracy 0, never NaN", () => {
    const m = detectionMetrics({ tp: 0, fp: 0, tn: 0, fn: 0 });
    expect(Object.values(m).every((v) => Number.isFinite(v))).toBe(true);
    expect(m.accuracy).toBe(0);
  });

  it("every metric stays in [0, 1] and F1 lies between min and max of precision and recall", () => {
    fc.assert(
      fc.property(fc.nat(20), fc.nat(20), fc.nat(20), fc.nat(20), (tp, fp, tn, fn) => {
        const m = detectionMetrics({ tp, fp, tn, fn });
        const inUnit = [m.accuracy, m.precision, m.recall, m.f1].every((v) => v >= 0 && v <= 1);
        const between = m.f1 === 0 || (m.f1 >= Math.min(m.precision, m.recall) - 1e-12 && m.f1 <= Math.max(m.precision, m.recall) + 1e-12);
        return inUnit && between;
      }),
    );
  });

  it("scores a missing prediction as wrong and lists it; extra predictions are listed", () => {
    const s = scoreDetectionRows(
      { rows: rows([{ id: "a", misplaced: true }, { id: "b", misplaced: false }, { id: "c", misplaced: false }]), file: "gt" },
      { rows: rows([{ id: "a", misplaced: true }, { id: "z", misplaced: true }]), file: "pred" },
    );
    expect(s.confusion).toEqual({ tp: 1, fp: 2, tn: 0, fn: 0 });
    expect(s.unmatched).toEqual({ gtOnly: ["b", "c"], predOnly: ["z"] });
    expect(s.rows.find((r) => r.id === "b")).toMatchObject({ predicted: null, correct: false });
  });
});

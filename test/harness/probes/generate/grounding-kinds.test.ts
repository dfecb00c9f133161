import { describe, expect, it } from "vitest";
import { groundingCasesFromScene } from "../../../../harness/probes/generate/grounding.ts";
import { ScenePlaces } from "../../../../harness/probes/generate/places.ts";
import { scoreGroundingRows } from "../../../../harness/probes/grounding/score.ts";
import type { GroundingPrediction, GroundingTruth } from "../../../../harness/probes/types.ts";
import { SceneSchema, type SceneInput } from "../../../../sim/scene/schema.ts";
import { loadWorld } from "../../../../sim/world/load-world.ts";

/** A study with a table (two books on it), a bookshelf (a mug on it) and a floor lamp. */
function study(smallBook: [number, number, number]): SceneInput {
  const fixed = (id: string, category: string, label: string, center: [number, number, number], size: [number, number, number], shape: "solid" | "table" = "solid") =>
    ({ id, category, label, room: "study", kind: "fixed", shape, box: { center, size, heading: 0 } }) as const;
  const item = (id: string, category: string, label: string, center: [number, number, number], size: [number, number, number]) =>
    ({ id, category, label, room: "study", kind: "carryable", box: { center, size, heading: 0 } }) as const;
  return {
    schemaVersion: 1,
    id: "study",
    rooms: [{ id: "study", type: "living_room", footprint: { min: { x: 0, y: 0 }, max: { x: 6, y: 4 } } }],
    objects: [
      fixed("table", "table.n.02", "table", [1.5, 2, 0.375], [1.2, 0.8, 0.75], "table"),
      fixed("shelf", "shelf.n.01", "bookshelf", [5, 0.3, 0.6], [0.9, 0.4, 1.2]),
      fixed("lamp", "lamp.n.02", "floor lamp", [5.5, 3.5, 0.8], [0.3, 0.3, 1.6]),
      item("big_book", "book.n.02", "atlas", [1.2, 2, 0.775], [0.3, 0.22, 0.05]),
      item("small_book", "book.n.02", "notebook", [1.8, 2, 0.75 + smallBook[2] / 2], smallBook),
      item("mug", "mug.n.04", "mug", [5, 0.3, 1.25], [0.1, 0.1, 0.1]),
    ],
    agent: { room: "study" },
  };
}

function questions(input: SceneInput): Map<string, GroundingTruth> {
  const scene = SceneSchema.parse(input);
  return new Map(groundingCasesFromScene(scene, new ScenePlaces(loadWorld(scene)), { seed: 0 }).map((l) => [l.question, l]));
}

const idOf = (l: GroundingTruth | undefined) => (l?.answer as { object_id?: number } | undefined)?.object_id;

describe("generated grounding questions are asked only when the answer is unique", () => {
  const q = questions(study([0.15, 0.1, 0.03]));

  it("'on the Y': a reference only for a lone object, a count always", () => {
    expect(q.has("Find the book on the table.")).toBe(false);
    expect(q.get("How many books are on the table?")?.answer).toBe(2);
    expect(idOf(q.get("Find the mug on the bookshelf."))).toBe(5);
    expect(q.get("How many mugs are on the bookshelf?")?.answer).toBe(1);
  });

  it("'largest' / 'smallest' by box volume, only with a clear winner", () => {
    expect(idOf(q.get("Find the largest book in study."))).toBe(3);
    expect(idOf(q.get("Find the smallest book in study."))).toBe(4);
    const same = questions(study([0.3, 0.22, 0.05]));
    expect([...same.keys()].filter((k) => /largest|smallest/.test(k))).toEqual([]);
  });

  it("'nearest to the Y' only when the runner-up is clearly further", () => {
    // both books are 0.3 m from the table's centre: no unique answer
    expect(q.has("Find the book nearest to the table.")).toBe(false);
    expect(idOf(q.get("Find the book nearest to the bookshelf."))).toBe(4);
    expect(idOf(q.get("Find the book nearest to the floor lamp."))).toBe(4);
  });

  it("answers are oriented boxes; answering with them scores 1", () => {
    const gt = [...q.values()];
    const pred = gt.map((l): GroundingPrediction => {
      if (l.type === "numerical") return { question: l.question, prediction: { kind: "numerical", value: Number(l.answer) } };
      const a = l.answer as { object_id?: number; center?: { x: number; y: number; z: number }; size?: { x: number; y: number; z: number }; heading?: number };
      return { question: l.question, prediction: typeof l.answer === "number" ? { kind: "object_reference", label: "", object_id: l.answer } : { kind: "object_reference", label: "", object_id: a.object_id!, center: a.center!, size: a.size!, heading: a.heading! } };
    });
    const rows = (xs: unknown[]) => xs.map((value, i) => ({ line: i + 1, value }));
    const s = scoreGroundingRows({ rows: rows(gt) as never, file: "gt" }, { rows: rows(pred) as never, file: "pred" });
    expect(s.score).toBe(1);
    expect(s.objectReference.n).toBeGreaterThan(3);
  });
});

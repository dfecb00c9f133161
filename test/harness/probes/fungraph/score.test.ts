import { describe, expect, it } from "vitest";
import { scoreFunGraph } from "../../../../harness/probes/fungraph/score.ts";
import { funGraphTruthFromScene } from "../../../../harness/probes/fungraph/files.ts";
import type { FunGraph, FunGraphTruth } from "../../../../harness/probes/types.ts";
import { tinyFlat } from "../../../helpers/scenes.ts";

const box = (x: number, size = 0.2) => ({ center: { x, y: 0, z: 1 }, size: { x: size, y: size, z: size }, heading: 0 });

const truth: FunGraphTruth = {
  annotations: [
    { annot_id: 1, label: "light switch", box: box(0) },
    { annot_id: 2, label: "ceiling lamp", box: box(2, 0.5) },
    { annot_id: 3, label: "knob", box: box(5) },
    { annot_id: 4, label: "stove", box: box(6, 0.8) },
  ],
  relations: [
    { first_node_annot_id: 1, second_node_annot_id: 2, description: "turns on and off" },
    { first_node_annot_id: 3, second_node_annot_id: 4, description: "adjusts the heat of" },
  ],
};

describe("functional scene graph recall@K", () => {
  it("recalls every node and triplet of a perfect prediction at K = 1", () => {
    const pred: FunGraph = {
      nodes: truth.annotations.map((a) => ({ id: `p${a.annot_id}`, label: a.label, box: a.box })),
      edges: truth.relations.map((r) => ({ element: `p${r.first_node_annot_id}`, object: `p${r.second_node_annot_id}`, relation: r.description })),
    };
    const s = scoreFunGraph([{ scene: "s", truth, prediction: pred }]);
    expect(s.nodeRecall).toEqual({ "1": 1, "3": 1, "5": 1, "10": 1 });
    expect(s.tripletRecall).toEqual({ "1": 1, "3": 1, "5": 1, "10": 1 });
  });

  it("needs box overlap: a right label in the wrong place is not recalled", () => {
    const pred: FunGraph = { nodes: [{ id: 9, label: "light switch", box: box(10) }], edges: [] };
    const s = scoreFunGraph([{ scene: "s", truth, prediction: pred }]);
    expect(s.nodeRecall["10"]).toBe(0);
  });

  it("recalls a synonym or paraphrase at a larger K only, and keeps recall monotone in K", () => {
    // a constant similarity puts every vocabulary label in a tie broken by label text:
    // "ceiling lamp" is first, "knob" second, "light switch" third, "stove" fourth
    const flat = () => 0;
    const pred: FunGraph = { nodes: [{ id: "a", label: "toggle", box: box(0) }, { id: "b", label: "hob", box: box(6, 0.8) }], edges: [] };
    const s = scoreFunGraph([{ scene: "s", truth, prediction: pred }], flat);
    expect(s.nodeRecall).toEqual({ "1": 0, "3": 0.25, "5": 0.5, "10": 0.5 });
    expect(s.rows[0]!.nodeRecall["3"]).toBe(0.25);
  });

  it("uses the default similarity: plural and case differences still match at K = 1", () => {
    const pred: FunGraph = {
      nodes: [
        { id: "a", label: "Light_Switches", box: box(0) },
        { id: "b", label: "ceiling lamps", box: box(2, 0.5) },
      ],
      edges: [{ element: "a", object: "b", relation: "turns on and off" }],
    };
    const s = scoreFunGraph([{ scene: "s", truth, prediction: pred }]);
    expect(s.nodeRecall["1"]).toBe(0.5);
    expect(s.tripletRecall["1"]).toBe(0.5);
  });

  it("does not recall a triplet whose element is wrong even if the relation is right", () => {
    const pred: FunGraph = {
      nodes: [
        { id: "a", label: "knob", box: box(5) },
        { id: "b", label: "ceiling lamp", box: box(2, 0.5) },
      ],
      edges: [{ element: "a", object: "b", relation: "turns on and off" }],
    };
    expect(scoreFunGraph([{ scene: "s", truth, prediction: pred }]).tripletRecall["10"]).toBe(0);
  });

  it("pools scenes and scores a scene without prediction as nothing recalled", () => {
    const pred: FunGraph = { nodes: truth.annotations.map((a) => ({ id: a.annot_id, label: a.label, box: a.box })), edges: [] };
    const s = scoreFunGraph([
      { scene: "a", truth, prediction: pred },
      { scene: "b", truth, prediction: null },
    ]);
    expect(s.nodeRecall["1"]).toBe(0.5);
    expect(s.rows.map((r) => r.nodeRecall["1"])).toEqual([1, 0]);
  });

  it("derives ground truth from a scene's controls links", () => {
    const scene = tinyFlat();
    scene.objects.push({ ...scene.objects.find((o) => o.id === "lamp_1")!, id: "switch_1", category: "switch.n.01", label: "light switch", controls: ["lamp_1"], abilities: [] });
    const gt = funGraphTruthFromScene(scene);
    expect(gt.annotations).toHaveLength(scene.objects.length);
    expect(gt.relations).toEqual([{ first_node_annot_id: "switch_1", second_node_annot_id: "lamp_1", description: "turns on and off" }]);
  });
});

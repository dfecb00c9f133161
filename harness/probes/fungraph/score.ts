/**
 * Functional scene graph recall (OpenFunGraph, arXiv 2503.19199).
 * Node recall@K: share of ground-truth nodes for which some predicted node overlaps its box
 * (oriented IoU > 0) and ranks the ground-truth label among the K vocabulary labels most similar to
 * the predicted label. Triplet recall@K: share of ground-truth relations (element, object,
 * description) for which some predicted edge has an element matching the GT element, an object
 * matching the GT object (both in the node sense above) and a relation whose K most similar
 * vocabulary descriptions include the GT description. The label vocabulary is every distinct GT
 * label across the scored scenes; the relation vocabulary every distinct GT description.
 * Recalls are pooled over scenes (micro average); a scene with no prediction recalls nothing.
 */
import type { Box } from "../../../sim/scene/schema.ts";
import { orientedIoU } from "../oriented-iou.ts";
import { similarityRanks, tokenSynonymSimilarity, type LabelSimilarity } from "../labels/similarity.ts";
import type { FunGraph, FunGraphSummary, FunGraphTruth, SkippedLine } from "../types.ts";

/** K values reported (SPEC keys "3", "10" for nodes and "5", "10" for triplets are among them). */
export const FUNGRAPH_KS = [1, 3, 5, 10] as const;

/** One scene to score. */
export interface FunGraphScene {
  scene: string;
  truth: FunGraphTruth;
  prediction: FunGraph | null;
}

type Node = { id: string; label: string; box: Box };

/** Smallest K at which `pred` matches `gt` (box overlap and label rank), or Infinity. */
function matchRank(pred: Node, gt: Node, ranks: Map<string, Map<string, number>>): number {
  if (!(orientedIoU(pred.box, gt.box) > 0)) return Infinity;
  return (ranks.get(pred.label)!.get(gt.label) ?? Infinity) + 1;
}

/** Scores scenes (see module comment); `similarity` defaults to tokens + WordNet synonyms. */
export function scoreFunGraph(
  scenes: readonly FunGraphScene[],
  similarity: LabelSimilarity = tokenSynonymSimilarity,
  skipped: SkippedLine[] = [],
): FunGraphSummary {
  const vocabulary = [...new Set(scenes.flatMap((s) => s.truth.annotations.map((a) => a.label)))].sort();
  const relations = [...new Set(scenes.flatMap((s) => s.truth.relations.map((r) => r.description)))].sort();
  const labelRanks = new Map<string, Map<string, number>>();
  const relationRanks = new Map<string, Map<string, number>>();
  const totals = { nodes: 0, triplets: 0, node: FUNGRAPH_KS.map(() => 0), triplet: FUNGRAPH_KS.map(() => 0) };
  const rows: FunGraphSummary["rows"] = [];
  for (const s of scenes) {
    const gtNodes = new Map<string, Node>(s.truth.annotations.map((a) => [String(a.annot_id), { id: String(a.annot_id), label: a.label, box: a.box }]));
    const predNodes = new Map<string, Node>((s.prediction?.nodes ?? []).map((n) => [String(n.id), { id: String(n.id), label: n.label, box: n.box }]));
    for (const p of predNodes.values()) if (!labelRanks.has(p.label)) labelRanks.set(p.label, similarityRanks(p.label, vocabulary, similarity));
    // best (smallest) K at which each GT node is matched by each predicted node
    const nodeRank = new Map<string, Map<string, number>>();
    for (const g of gtNodes.values()) nodeRank.set(g.id, new Map([...predNodes.values()].map((p) => [p.id, matchRank(p, g, labelRanks)])));
    const nodeBest = [...gtNodes.keys()].map((id) => Math.min(Infinity, ...nodeRank.get(id)!.values()));
    const tripletBest = s.truth.relations.map((r) => {
      const e = nodeRank.get(String(r.first_node_annot_id));
      const o = nodeRank.get(String(r.second_node_annot_id));
      if (!e || !o) return Infinity;
      let best = Infinity;
      for (const edge of s.prediction?.edges ?? []) {
        if (!relationRanks.has(edge.relation)) relationRanks.set(edge.relation, similarityRanks(edge.relation, relations, similarity));
        const k = Math.max(
          e.get(String(edge.element)) ?? Infinity,
          o.get(String(edge.object)) ?? Infinity,
          (relationRanks.get(edge.relation)!.get(r.description) ?? Infinity) + 1,
        );
        best = Math.min(best, k);
      }
      return best;
    });
    const recallAt = (best: number[]) => FUNGRAPH_KS.map((k) => best.filter((b) => b <= k).length);
    const nodeHits = recallAt(nodeBest);
    const tripletHits = recallAt(tripletBest);
    totals.nodes += nodeBest.length;
    totals.triplets += tripletBest.length;
    nodeHits.forEach((h, i) => (totals.node[i]! += h));
    tripletHits.forEach((h, i) => (totals.triplet[i]! += h));
    rows.push({
      scene: s.scene,
      nodes: nodeBest.length,
      triplets: tripletBest.length,
      nodeRecall: byK(nodeHits, nodeBest.length),
      tripletRecall: byK(tripletHits, tripletBest.length),
    });
  }
  return { nodeRecall: byK(totals.node, totals.nodes), tripletRecall: byK(totals.triplet, totals.triplets), rows, skipped };
}

function byK(hits: number[], total: number): Record<string, number> {
  return Object.fromEntries(FUNGRAPH_KS.map((k, i) => [String(k), total === 0 ? 0 : hits[i]! / total]));
}

/**
 * Probe case and answer types shared by agents and scorers (SPEC §7).
 * A box is `{center:{x,y,z}, size:{x,y,z}, heading}`.
 */
import type { Box } from "../../sim/scene/schema.ts";

/** Placement ranking: rank candidate receptacles for a carryable object. */
export interface PlacementQuery {
  id: string;
  /** The object to place (readable label or synset). */
  object: string;
  /** Scene context: room, other placements, free text. */
  context?: unknown;
  /** Candidate receptacle ids (often `room|receptacle`). */
  candidates: string[];
}

/** Misplacement detection: which of these objects are out of place. */
export interface MisplacementQuery {
  id: string;
  /** Scene context (rooms, receptacles). */
  context?: unknown;
  /** Objects with where they currently are. */
  objects: Array<{ id: string; label: string; room?: string; receptacle?: string }>;
}

/** Functional scene graph: predict functional elements and relations for a scene. */
export interface FunGraphQuery {
  id: string;
  scene: unknown;
}
export interface FunGraph {
  nodes: Array<{ id: string | number; label: string; box: Box }>;
  edges: Array<{ element: string | number; object: string | number; relation: string }>;
}

/** 3D grounding question (seed 003 format). */
export interface GroundingQuestion {
  scene: string;
  type: string;
  question: string;
  /** `id cx cy cz lx ly lz heading "label"` lines. */
  object_list: string;
}
export type GroundingAnswer =
  | { kind: "numerical"; value: number }
  | {
      kind: "object_reference";
      label: string;
      object_id: number;
      center?: { x: number; y: number; z: number };
      size?: { x: number; y: number; z: number };
      heading?: number;
    };

/** The side probes, as `rearrange probe KIND` names them. */
export const PROBE_KINDS = ["ranking", "detection", "fungraph", "grounding"] as const;
export type ProbeKind = (typeof PROBE_KINDS)[number];

/** A line of a JSONL file that could not be used, named by its 1-based line number. */
export interface SkippedLine {
  file: string;
  line: number;
  reason: string;
}

/** Ground truth (and agent-mode case) line of the ranking probe (SPEC §7). */
export interface RankingCase extends PlacementQuery {
  /** Graded relevance (gain) per candidate id; missing candidates have gain 0. */
  relevance: Record<string, number>;
  /** Optional group (a TidyBot scenario, a Housekeep room) for per-group accuracy. */
  group?: string;
}

/** Prediction line of the ranking probe. */
export interface RankingPrediction {
  id: string;
  ranking: string[];
}

/** Detection ground truth / prediction line: one object. */
export interface DetectionLabel {
  id: string;
  misplaced: boolean;
}

/** Agent-mode detection case: a query whose objects carry the truth (stripped before the agent sees it). */
export interface DetectionCase {
  id: string;
  context?: unknown;
  objects: Array<MisplacementQuery["objects"][number] & { misplaced: boolean }>;
}

/** Functional scene graph ground truth for one scene (OpenFunGraph field names). */
export interface FunGraphTruth {
  annotations: Array<{ annot_id: string | number; label: string; box: Box }>;
  relations: Array<{ first_node_annot_id: string | number; second_node_annot_id: string | number; description: string }>;
}

/** 3D grounding ground truth line (seed 003). `answer` is a number, or an object id / box for object references. */
export interface GroundingTruth extends GroundingQuestion {
  answer: unknown;
}

/** 3D grounding prediction line (seed 003). */
export interface GroundingPrediction {
  question: string;
  prediction: GroundingAnswer;
}

/** `--json` summary of the ranking probe. */
export interface RankingSummary {
  ndcg8: number;
  n: number;
  ci95: [number, number];
  rows: Array<{ id: string; ndcg8: number | null; top1?: boolean; group?: string; missing?: boolean; error?: string }>;
  /** Share of cases whose top-ranked candidate has the highest gain (TidyBot's accuracy). */
  accuracy: number;
  /** Per group (TidyBot scenario): cases, mean NDCG@8, top-1 accuracy. */
  groups: Record<string, { n: number; ndcg8: number; accuracy: number }>;
  /** Mean of the per-group accuracies (TidyBot's per-scenario accuracy); null without groups. */
  groupAccuracy: number | null;
  unmatched: { gtOnly: string[]; predOnly: string[] };
  /** Cases left out of the mean because every candidate has gain 0 (IDCG = 0). */
  undefinedCases: string[];
  skipped: SkippedLine[];
}

/** `--json` summary of the detection probe. */
export interface DetectionSummary {
  accuracy: number;
  precision: number;
  recall: number;
  f1: number;
  n: number;
  rows: Array<{ id: string; misplaced: boolean; predicted: boolean | null; correct: boolean }>;
  confusion: { tp: number; fp: number; tn: number; fn: number };
  unmatched: { gtOnly: string[]; predOnly: string[] };
  skipped: SkippedLine[];
}

/** `--json` summary of the functional scene graph probe. */
export interface FunGraphSummary {
  nodeRecall: Record<string, number>;
  tripletRecall: Record<string, number>;
  rows: Array<{ scene: string; nodes: number; triplets: number; nodeRecall: Record<string, number>; tripletRecall: Record<string, number> }>;
  skipped: SkippedLine[];
}

/** `--json` summary of the 3D grounding probe. */
export interface GroundingSummary {
  numerical: { exact: number; mae: number | null; within1: number; n: number };
  objectReference: { points: number; maxPoints: number; meanIoU: number | null; n: number };
  /** Challenge score: points earned / points available over all scored questions (see docs/probes.md). */
  score: number;
  unmatched: { gtOnly: string[]; predOnly: string[] };
  rows: Array<{ question: string; type: string; iou?: number; points?: number; error?: string; value?: number; answer?: number }>;
  duplicates: { gt: string[]; pred: string[] };
  skipped: SkippedLine[];
}

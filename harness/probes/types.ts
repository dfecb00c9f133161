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

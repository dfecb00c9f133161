/**
 * Shapes of probe file lines (SPEC §7), as zod schemas so every line is checked the same way and a
 * misfit names its JSON path. Ids may be written as numbers; they are read as strings.
 */
import { z } from "zod";
import { BoxSchema, Vec3Schema } from "../../../sim/scene/schema.ts";

const IdSchema = z.union([z.string().min(1), z.number()]).transform((v) => String(v));

export const RankingCaseSchema = z.object({
  id: IdSchema,
  object: z.string().min(1),
  context: z.unknown().optional(),
  candidates: z.array(IdSchema),
  relevance: z.record(z.string(), z.number().finite().nonnegative()),
  group: z.string().optional(),
});

export const RankingPredictionSchema = z.object({ id: IdSchema, ranking: z.array(IdSchema) });

export const DetectionLabelSchema = z.object({ id: IdSchema, misplaced: z.boolean() });

export const DetectionCaseSchema = z.object({
  id: IdSchema,
  context: z.unknown().optional(),
  objects: z.array(
    z.object({
      id: IdSchema,
      label: z.string(),
      room: z.string().optional(),
      receptacle: z.string().optional(),
      misplaced: z.boolean(),
    }),
  ),
});

/** A box as `{center,size,heading}` (vectors as {x,y,z} or [x,y,z]) or the seven VLA-3D numbers. */
export const LooseBoxSchema = z.union([
  BoxSchema,
  z.tuple([z.number(), z.number(), z.number(), z.number(), z.number(), z.number(), z.number()]).transform((t) => ({
    center: { x: t[0], y: t[1], z: t[2] },
    size: { x: t[3], y: t[4], z: t[5] },
    heading: t[6],
  })),
]);

export const FunGraphTruthSchema = z.object({
  annotations: z.array(z.object({ annot_id: z.union([z.string(), z.number()]), label: z.string(), box: LooseBoxSchema })),
  relations: z
    .array(
      z.object({
        first_node_annot_id: z.union([z.string(), z.number()]),
        second_node_annot_id: z.union([z.string(), z.number()]),
        description: z.string(),
      }),
    )
    .default([]),
});

export const FunGraphSchema = z.object({
  nodes: z.array(z.object({ id: z.union([z.string(), z.number()]), label: z.string(), box: LooseBoxSchema })),
  edges: z
    .array(z.object({ element: z.union([z.string(), z.number()]), object: z.union([z.string(), z.number()]), relation: z.string() }))
    .default([]),
});

export const GroundingTruthSchema = z.object({
  scene: z.string(),
  type: z.string(),
  question: z.string(),
  answer: z.unknown(),
  object_list: z.union([z.string(), z.array(z.string()).transform((a) => a.join("\n"))]),
});

export const GroundingAnswerSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("numerical"), value: z.number().finite() }),
  z.object({
    kind: z.literal("object_reference"),
    label: z.string().default(""),
    object_id: z.number().int().optional(),
    center: Vec3Schema.optional(),
    size: Vec3Schema.optional(),
    heading: z.number().finite().optional(),
  }),
]);

export const GroundingPredictionSchema = z.object({ question: z.string(), prediction: GroundingAnswerSchema });

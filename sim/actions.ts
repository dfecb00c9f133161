import { z } from "zod";

/**
 * The agent's actions (subpolicies, SPEC §4). One zod schema per action type: the same source gives
 * runtime validation, TypeScript types and the JSON Schemas offered to language models as tools.
 */
export const RELATIONS = ["ontop", "inside", "nextto", "under"] as const;
export const RelationSchema = z.enum(RELATIONS);
export type Relation = z.infer<typeof RelationSchema>;

const id = z.string().min(1);

export const ActionSchemas = {
  navigate: z.object({ type: z.literal("navigate"), target: id.describe("room id or observed object id") }).strict(),
  explore: z.object({ type: z.literal("explore"), room: id.describe("room id to search") }).strict(),
  pick: z.object({ type: z.literal("pick"), object: id }).strict(),
  place: z
    .object({ type: z.literal("place"), object: id, relation: RelationSchema, target: id.describe("receptacle or reference object") })
    .strict(),
  open: z.object({ type: z.literal("open"), object: id }).strict(),
  close: z.object({ type: z.literal("close"), object: id }).strict(),
  toggle_on: z.object({ type: z.literal("toggle_on"), object: id }).strict(),
  toggle_off: z.object({ type: z.literal("toggle_off"), object: id }).strict(),
  clean: z.object({ type: z.literal("clean"), object: id, tool: id.optional().describe("held cleaning tool; default: the held object") }).strict(),
  soak: z.object({ type: z.literal("soak"), object: id }).strict(),
  dry: z.object({ type: z.literal("dry"), object: id }).strict(),
  cook: z.object({ type: z.literal("cook"), object: id }).strict(),
  heat: z.object({ type: z.literal("heat"), object: id }).strict(),
  cool: z.object({ type: z.literal("cool"), object: id }).strict(),
  freeze: z.object({ type: z.literal("freeze"), object: id }).strict(),
  unfreeze: z.object({ type: z.literal("unfreeze"), object: id }).strict(),
  slice: z.object({ type: z.literal("slice"), object: id }).strict(),
  fold: z.object({ type: z.literal("fold"), object: id }).strict(),
  unfold: z.object({ type: z.literal("unfold"), object: id }).strict(),
  done: z.object({ type: z.literal("done") }).strict(),
} as const;

export type ActionType = keyof typeof ActionSchemas;
export const ACTION_TYPES = Object.keys(ActionSchemas) as ActionType[];

export const ActionSchema = z.discriminatedUnion("type", [
  ActionSchemas.navigate,
  ActionSchemas.explore,
  ActionSchemas.pick,
  ActionSchemas.place,
  ActionSchemas.open,
  ActionSchemas.close,
  ActionSchemas.toggle_on,
  ActionSchemas.toggle_off,
  ActionSchemas.clean,
  ActionSchemas.soak,
  ActionSchemas.dry,
  ActionSchemas.cook,
  ActionSchemas.heat,
  ActionSchemas.cool,
  ActionSchemas.freeze,
  ActionSchemas.unfreeze,
  ActionSchemas.slice,
  ActionSchemas.fold,
  ActionSchemas.unfold,
  ActionSchemas.done,
]);
export type Action = z.infer<typeof ActionSchema>;
export type ActionOf<T extends ActionType> = Extract<Action, { type: T }>;

/** Embodied Agent Interface failure taxonomy (SPEC §4). */
export const ERROR_CATEGORIES = [
  "parse",
  "hallucination",
  "arguments",
  "affordance",
  "missing_step",
  "additional_step",
  "wrong_order",
] as const;
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

/** What the simulator says about one action. A failed action changes nothing. */
export interface Feedback {
  ok: boolean;
  error: ErrorCategory | null;
  message: string;
}

/** Renders an action the way people write it: `place(apple_1, inside, fridge_1)`. */
export function formatAction(a: Action): string {
  const { type, ...rest } = a as Record<string, unknown> & { type: string };
  const args = ["target", "room", "object", "relation", "tool"].filter((k) => rest[k] !== undefined);
  if (a.type === "place") return `place(${a.object}, ${a.relation}, ${a.target})`;
  return `${type}(${args.map((k) => String(rest[k])).join(", ")})`;
}

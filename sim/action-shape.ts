import { types } from "node:util";
import { RELATIONS, type Action, type ActionType } from "./actions.ts";

/**
 * The fields of each action type besides `type`, in the order of its zod schema (`ActionSchemas` in
 * actions.ts; a test holds the two together). Every field is a non-empty string; `relation` is one
 * of {@link RELATIONS}.
 */
const FIELDS: Record<ActionType, { name: string; optional?: true }[]> = {
  navigate: [{ name: "target" }],
  explore: [{ name: "room" }],
  pick: [{ name: "object" }],
  place: [{ name: "object" }, { name: "relation" }, { name: "target" }],
  open: [{ name: "object" }],
  close: [{ name: "object" }],
  toggle_on: [{ name: "object" }],
  toggle_off: [{ name: "object" }],
  clean: [{ name: "object" }, { name: "tool", optional: true }],
  soak: [{ name: "object" }],
  dry: [{ name: "object" }],
  cook: [{ name: "object" }],
  heat: [{ name: "object" }],
  cool: [{ name: "object" }],
  freeze: [{ name: "object" }],
  unfreeze: [{ name: "object" }],
  slice: [{ name: "object" }],
  fold: [{ name: "object" }],
  unfold: [{ name: "object" }],
  done: [],
};

/** The same table keyed without a prototype, so `type: "constructor"` finds nothing. */
const SHAPES = new Map(Object.entries(FIELDS)) as Map<string, readonly { name: string; optional?: true }[]>;
const RELATION_SET: ReadonlySet<string> = new Set(RELATIONS);

/** The fields of each action type (besides `type`) as this check knows them, for the test that compares them to the schemas. */
export function actionFields(): Record<string, { name: string; optional: boolean }[]> {
  return Object.fromEntries([...SHAPES].map(([t, fs]) => [t, fs.map((f) => ({ name: f.name, optional: !!f.optional }))]));
}

/**
 * A quick check for the common case — a plain object that is a well-formed action — returning the
 * action as the zod schema would (a new object, keys in schema order), or null for anything else
 * (wrong or missing fields, extra keys, a class instance, a Proxy, …), which the caller then hands to
 * the zod schema: that gives the same answer for every input and the error message for bad ones.
 * Why: `ActionSchema.safeParse` is a few microseconds a step; this is a few dozen nanoseconds.
 */
export function wellFormedAction(raw: unknown): Action | null {
  if (typeof raw !== "object" || raw === null) return null;
  const proto = Object.getPrototypeOf(raw);
  if ((proto !== Object.prototype && proto !== null) || types.isProxy(raw)) return null;
  const r = raw as Record<string, unknown>;
  const type = r.type;
  if (typeof type !== "string") return null;
  const fields = SHAPES.get(type);
  if (!fields) return null;
  const out: Record<string, string> = { type };
  let own = 1;
  for (const f of fields) {
    if (!Object.hasOwn(r, f.name)) {
      if (f.optional) continue;
      return null;
    }
    const v = r[f.name];
    if (typeof v !== "string" || v.length === 0) return null;
    if (f.name === "relation" && !RELATION_SET.has(v)) return null;
    out[f.name] = v;
    own++;
  }
  // the enumerable own keys are exactly `type` and the fields read (the schemas are strict)
  const keys = Object.keys(r);
  if (keys.length !== own) return null;
  for (const k of keys) if (!Object.hasOwn(out, k)) return null;
  return out as Action;
}

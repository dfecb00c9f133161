import { wellFormedAction } from "./action-shape.ts";
import { ActionSchema, ACTION_TYPES, type Action } from "./actions.ts";

export type ParseResult = { success: true; data: Action } | { success: false; error: string };

/**
 * Parses the text form of an action, as people and language models write it:
 * `navigate(kitchen)`, `place(apple_1, inside, fridge_1)`, `done()`. Quotes around arguments are allowed.
 */
export function parseActionText(text: string): ParseResult {
  const m = /^\s*([a-z_]+)\s*\(([^()]*)\)\s*\.?\s*$/i.exec(text);
  if (!m) return { success: false, error: `expected name(arguments), got ${JSON.stringify(text.slice(0, 80))}` };
  const type = m[1]!.toLowerCase();
  const args = m[2]!.trim() === "" ? [] : m[2]!.split(",").map((a) => a.trim().replace(/^["'`]|["'`]$/g, ""));
  if (!(ACTION_TYPES as string[]).includes(type)) return { success: false, error: `unknown action "${type}"` };
  const shape: Record<string, string[]> = {
    navigate: ["target"],
    explore: ["room"],
    place: ["object", "relation", "target"],
    clean: ["object", "tool"],
    done: [],
  };
  const names = shape[type] ?? ["object"];
  const optional = type === "clean" ? 1 : 0;
  if (args.length > names.length || args.length < names.length - optional) {
    return { success: false, error: `${type} takes ${names.length} argument${names.length === 1 ? "" : "s"} (${names.join(", ")}), got ${args.length}` };
  }
  const obj: Record<string, string> = { type };
  names.forEach((n, i) => {
    if (args[i] !== undefined) obj[n] = args[i]!;
  });
  const quick = wellFormedAction(obj);
  if (quick) return { success: true, data: quick };
  const r = ActionSchema.safeParse(obj);
  if (!r.success) return { success: false, error: r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") };
  return { success: true, data: r.data };
}

/**
 * Parses an action given as an object or as text. A well-formed action object takes a quick check
 * ({@link wellFormedAction}); anything else goes to the zod schema, which gives the same answer and the message.
 */
export function parseAction(raw: unknown): ParseResult {
  if (typeof raw === "string") return parseActionText(raw);
  const quick = wellFormedAction(raw);
  if (quick) return { success: true, data: quick };
  const r = ActionSchema.safeParse(raw);
  if (r.success) return { success: true, data: r.data };
  return { success: false, error: r.error.issues.map((i) => `${i.path.length ? `${i.path.join(".")}: ` : ""}${i.message}`).join("; ") };
}

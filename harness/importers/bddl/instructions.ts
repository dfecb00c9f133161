import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { InputError } from "../../../sim/errors.ts";

/**
 * Natural-language instructions keyed by activity name, from a JSON object
 * `{ "<activity>": "<instruction>", … }` (the Embodied Agent Interface's `instructions.json`).
 */
export type Instructions = ReadonlyMap<string, string>;

/** Reads an instructions file; every value must be a non-empty string. */
export function loadInstructions(file: string): Instructions {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new InputError(file, undefined, `cannot read the instructions file (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new InputError(file, undefined, `not valid JSON: ${(err as Error).message}`);
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new InputError(file, "$", "expected an object mapping activity names to instructions");
  }
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(data)) {
    if (typeof v !== "string" || v.trim() === "") throw new InputError(file, `$[${JSON.stringify(k)}]`, "expected a non-empty instruction string");
    out.set(k, v.trim());
  }
  return out;
}

/** `SRC/instructions.json` when SRC is a folder that has one (BEHAVIOR-100 ships it beside the activities). */
export function instructionsBeside(src: string): string | undefined {
  try {
    if (!statSync(src).isDirectory()) return undefined;
  } catch {
    return undefined;
  }
  const f = path.join(src, "instructions.json");
  return existsSync(f) ? f : undefined;
}

/**
 * The instruction for an activity: from the file (by activity name, else by problem name without its
 * `_0`/`-0` suffix), else one made from the name: `boxing_books_up_for_storage` → "Boxing books up for storage."
 */
export function instructionFor(activity: string, problemName: string, instructions: Instructions): { text: string; fromFile: boolean } {
  const bare = problemName.replace(/[-_]\d+$/, "");
  const found = instructions.get(activity) ?? instructions.get(bare);
  if (found) return { text: found, fromFile: true };
  const words = activity.replace(/_+/g, " ").trim();
  return { text: `${words.charAt(0).toUpperCase()}${words.slice(1)}.`, fromFile: false };
}

import { z } from "zod";
import type { ChatCompletionTool } from "openai/resources/chat/completions";
import { ActionSchemas, type ActionType } from "../../sim/actions.ts";
import { createDefaultRegistry, type SubpolicyRegistry } from "../../sim/subpolicies/registry.ts";

/** An action offered to the model: its type and one line on what it does and needs. */
export interface ActionSpec {
  type: ActionType;
  description: string;
}

const DONE = "end the episode: call it when the task is complete";

/**
 * Every action the simulator's registry has (the core ones and the state-changing ones: clean, soak, cook, …),
 * in registry order, with the subpolicies' own one-line descriptions. Derived from the registry, so a newly
 * registered subpolicy is offered without another list to keep in step.
 */
export function subpolicyActions(registry: SubpolicyRegistry = createDefaultRegistry()): ActionSpec[] {
  return registry.types().map((type) => ({ type, description: type === "done" ? DONE : registry.get(type)!.description }));
}

/** The JSON Schema of an action's arguments: its zod schema without the `type` field (what the simulator validates with). */
export function actionParameters(type: ActionType): Record<string, unknown> {
  const { $schema: _drop, ...parameters } = z.toJSONSchema((ActionSchemas[type] as z.ZodObject).omit({ type: true })) as Record<string, unknown>;
  return parameters;
}

/**
 * How the action is written as text, from its argument schema in field order (the order `name(args)` is
 * parsed in): `place(object, ontop|inside|nextto|under, target)`, `clean(object, tool?)`, `done()`.
 */
export function actionSignature(type: ActionType): string {
  const p = actionParameters(type) as { properties?: Record<string, { enum?: unknown[] }>; required?: string[] };
  const required = new Set(p.required ?? []);
  const args = Object.entries(p.properties ?? {}).map(([name, s]) => (s.enum ? s.enum.join("|") : name) + (required.has(name) ? "" : "?"));
  return `${type}(${args.join(", ")})`;
}

/**
 * One function-calling tool per subpolicy: name = action type, parameters = the action's JSON Schema
 * without its `type` field (generated from the same zod schema the simulator validates with).
 */
export function actionTools(actions = subpolicyActions()): ChatCompletionTool[] {
  return actions.map(({ type, description }) => ({ type: "function", function: { name: type, description, parameters: actionParameters(type) } }));
}

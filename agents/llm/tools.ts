import { z } from "zod";
import type { ChatCompletionTool } from "openai/resources/chat/completions";
import { ActionSchemas, type ActionType } from "../../sim/actions.ts";
import { CORE_SUBPOLICIES } from "../../sim/subpolicies/registry.ts";

/** The actions every episode offers, with the simulator's own one-line descriptions. */
export function coreActions(): Array<{ type: ActionType; description: string }> {
  return CORE_SUBPOLICIES.map((s) => ({ type: s.type, description: s.type === "done" ? "end the episode: call it when the task is complete" : s.description }));
}

/**
 * One function-calling tool per subpolicy: name = action type, parameters = the action's JSON Schema
 * without its `type` field (generated from the same zod schema the simulator validates with).
 */
export function actionTools(actions = coreActions()): ChatCompletionTool[] {
  return actions.map(({ type, description }) => {
    const { $schema: _drop, ...parameters } = z.toJSONSchema((ActionSchemas[type] as z.ZodObject).omit({ type: true })) as Record<string, unknown>;
    return { type: "function", function: { name: type, description, parameters } };
  });
}

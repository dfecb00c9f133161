import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { formatAction, type Action, type Feedback } from "../../sim/actions.ts";
import type { Observation } from "../../sim/observation.ts";
import { STATE_SUBPOLICIES } from "../../sim/subpolicies/states/index.ts";
import { actionSignature, subpolicyActions, type ActionSpec } from "./tools.ts";

/** One past step as the prompt shows it. */
export interface HistoryEntry {
  action: Action;
  feedback: Feedback;
}

/**
 * The system message (MoMa-LLM / MORE style): the robot's role, how the world works, and how to answer.
 * The actions themselves come as tools; the prompt names them all (from the simulator's registry, with the
 * argument order of the text form) so a model that cannot call tools can still write any of them.
 */
export function systemPrompt(actions: readonly ActionSpec[] = subpolicyActions()): string {
  const offered = new Set(actions.map((a) => a.type));
  const stateChanging = STATE_SUBPOLICIES.map((s) => s.type).filter((t) => offered.has(t));
  return [
    "You are a household robot that rearranges objects in a house to complete a task.",
    "You act through high-level skills, offered as tools; call exactly one tool per turn.",
    `Your skills: ${actions.map((a) => actionSignature(a.type)).join(", ")}.`,
    "How the house works:",
    "- You know every room and which rooms connect, but you only know objects you have observed. Explore rooms to see what is in them, and open closed containers (fridge, cabinets, drawers, …) to see inside.",
    "- Refer to rooms and objects by their ids, exactly as written in the scene graph.",
    "- You can hold one object at a time. Walk next to an object (navigate) before you pick it up, open it, place something on/in it, or use a skill on it.",
    "- To put something inside a closed container, open the container first. Close it again if the task asks for it closed.",
    ...(stateChanging.length
      ? [
          `- Some skills change an object's state (${stateChanging.join(", ")}). They need what a person would need — a held cleaning tool or knife, running water, an appliance that is switched on, the object in the fridge — as each tool's description says.`,
        ]
      : []),
    "- A failed action changes nothing; read its feedback and fix the cause.",
    "- Call done when the task is complete. Every action costs one step of a limited budget.",
    "If you cannot call tools, answer with one line in the form name(arguments), for example place(apple_1, inside, fridge_1) or done().",
  ].join("\n");
}

/** The system message with every action of the default registry. */
export const SYSTEM_PROMPT = systemPrompt();

/** The user message of one step: instruction, the observed scene graph as text, and recent actions with their feedback. */
export function stepMessage(instruction: string, obs: Observation, history: readonly HistoryEntry[]): string {
  const parts = [`Task: ${instruction}`, "", "Scene graph (what you have observed so far):", obs.text];
  if (history.length) {
    parts.push("", `Your last ${history.length} action${history.length === 1 ? "" : "s"} (oldest first):`);
    history.forEach((h, i) => parts.push(`${i + 1}. ${formatAction(h.action)} → ${h.feedback.ok ? "ok" : `failed (${h.feedback.error})`}: ${h.feedback.message}`));
  }
  parts.push("", "Choose the next action.");
  return parts.join("\n");
}

/** The messages of one step: system prompt and the step message. Each step stands alone, so prompts stay short and cacheable. */
export function stepMessages(instruction: string, obs: Observation, history: readonly HistoryEntry[]): ChatCompletionMessageParam[] {
  return [
    { role: "system", content: SYSTEM_PROMPT },
    { role: "user", content: stepMessage(instruction, obs, history) },
  ];
}

/** Messages that ask again after an invalid reply: the reply itself (tool calls answered) and what was wrong. */
export function correctionMessages(reply: { content: string | null; tool_calls?: Array<{ id: string; type: string; function?: { name: string; arguments: string } }> }, error: string): ChatCompletionMessageParam[] {
  const calls = (reply.tool_calls ?? []).filter((c): c is { id: string; type: "function"; function: { name: string; arguments: string } } => c.type === "function" && !!c.function);
  const out: ChatCompletionMessageParam[] = [
    calls.length ? { role: "assistant", content: reply.content ?? null, tool_calls: calls.map((c) => ({ id: c.id, type: "function" as const, function: { name: c.function.name, arguments: c.function.arguments } })) } : { role: "assistant", content: reply.content ?? "" },
  ];
  for (const c of calls) out.push({ role: "tool", tool_call_id: c.id, content: `not executed: ${error}` });
  out.push({ role: "user", content: `That was not a valid action: ${error}. Call exactly one tool with valid arguments.` });
  return out;
}

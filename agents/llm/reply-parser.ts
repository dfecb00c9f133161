import type { ChatCompletionMessage } from "openai/resources/chat/completions";
import { formatAction, type Action } from "../../sim/actions.ts";
import { parseAction, parseActionText } from "../../sim/action-text.ts";

/** A model reply read as an action, or why it is not one. `raw` is what to hand the simulator if it must count a parse failure. */
export type ReplyAction = { ok: true; action: Action; via: "tool" | "text" } | { ok: false; error: string; raw: string };

/**
 * Reads the action out of a chat reply: the first function call when there is one (its name is the action
 * type, its arguments the fields), otherwise the text — a JSON action object, or the last `name(args)`
 * the text contains that parses as an action (models often explain before they answer).
 */
export function parseReply(message: Pick<ChatCompletionMessage, "content" | "tool_calls">): ReplyAction {
  const call = message.tool_calls?.find((c) => c.type === "function");
  if (call && call.type === "function") {
    const raw = `${call.function.name}(${call.function.arguments ?? ""})`;
    let args: unknown;
    try {
      args = call.function.arguments?.trim() ? JSON.parse(call.function.arguments) : {};
    } catch {
      return { ok: false, error: `the arguments of ${call.function.name} are not JSON: ${JSON.stringify((call.function.arguments ?? "").slice(0, 120))}`, raw };
    }
    if (typeof args !== "object" || args === null || Array.isArray(args)) return { ok: false, error: `the arguments of ${call.function.name} must be a JSON object`, raw };
    const r = parseAction({ ...(args as Record<string, unknown>), type: call.function.name });
    return r.success ? { ok: true, action: r.data, via: "tool" } : { ok: false, error: `${call.function.name}: ${r.error}`, raw };
  }
  const text = (message.content ?? "").trim();
  if (!text) return { ok: false, error: "the reply is empty: call one of the tools", raw: "" };
  const json = jsonAction(text);
  if (json) return { ok: true, action: json, via: "text" };
  const candidates = [...text.matchAll(/\b([a-z_]+)\s*\(([^()\n]*)\)/gi)].map((m) => m[0]);
  for (const c of candidates.reverse()) {
    const r = parseActionText(c);
    if (r.success) return { ok: true, action: r.data, via: "text" };
  }
  const first = candidates.length ? parseActionText(candidates[candidates.length - 1]!) : null;
  const why = first && !first.success ? first.error : "no action such as pick(apple_1) found";
  return { ok: false, error: why, raw: text };
}

function jsonAction(text: string): Action | null {
  const body = text.replace(/^```(?:json)?\s*|\s*```$/g, "").trim();
  if (!body.startsWith("{")) return null;
  try {
    const r = parseAction(JSON.parse(body));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/** What two replies are compared by for the stuck rule: the action as text, or the raw reply. */
export function replySignature(r: ReplyAction): string {
  return r.ok ? formatAction(r.action) : `invalid:${r.raw}`;
}

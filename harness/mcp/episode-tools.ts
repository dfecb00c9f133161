import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { ActionSchemas, formatAction, type Action, type ActionType } from "../../sim/actions.ts";
import { CORE_SUBPOLICIES } from "../../sim/subpolicies/registry.ts";
import { HARNESS_VERSION } from "../version.ts";
import { BridgeError, type ActionBridge, type StepOutcome } from "./action-bridge.ts";

/**
 * The MCP face of one episode: `observe` (the observed scene graph as text, or as JSON), one tool per
 * subpolicy with the action's fields as its input schema, and `done`. Each action tool returns the
 * simulator's feedback and the new observation; after the last step it returns the episode's metrics.
 */
export function createEpisodeServer(bridge: ActionBridge, info: { instruction: string; episode: string }): McpServer {
  const server = new McpServer(
    { name: "rearrange", version: HARNESS_VERSION },
    {
      instructions: [
        `You control a household robot in a simulated house (episode ${info.episode}).`,
        `Task: ${info.instruction}`,
        "Call observe to see what you know, then act with one tool call per step (navigate, explore, pick, place, open, close, toggle_on, toggle_off).",
        "You only know objects you have observed: explore rooms and open containers to find more. Call done when the task is complete; every call costs a step.",
      ].join("\n"),
    },
  );

  server.registerTool(
    "observe",
    {
      description: "Show the task and what the robot has observed so far (rooms, objects, held object, last feedback, steps left). Costs no step.",
      inputSchema: { format: z.enum(["text", "json"]).default("text").describe("text (for reading) or json (the Observation object)") },
    },
    async ({ format }) => {
      await bridge.ready;
      const obs = bridge.latest!;
      if (format === "json") return text(JSON.stringify(obs));
      return text(`Task: ${bridge.task?.instruction ?? info.instruction}${bridge.finished ? "\n(The episode is over.)" : ""}\n\n${obs.text}`);
    },
  );

  for (const s of CORE_SUBPOLICIES) {
    const type = s.type as ActionType;
    const shape = (ActionSchemas[type] as z.ZodObject).omit({ type: true }).shape;
    server.registerTool(
      type,
      { description: type === "done" ? "End the episode: call it when you believe the task is complete." : s.description, inputSchema: shape },
      async (args: Record<string, unknown>) => act(bridge, { ...args, type } as Action),
    );
  }
  return server;
}

async function act(bridge: ActionBridge, action: Action): Promise<CallToolResult> {
  let outcome: StepOutcome;
  try {
    outcome = await bridge.submit(action);
  } catch (err) {
    if (err instanceof BridgeError) return { ...text(err.message + summary(bridge)), isError: true };
    throw err;
  }
  if (outcome.kind === "observation") {
    return text(`${formatAction(action)} → ${feedbackText(outcome.feedback)}\n\n${outcome.observation.text}`);
  }
  return text(`${formatAction(action)} → ${outcome.feedback ? feedbackText(outcome.feedback) : "(no step)"}${summary(bridge)}`);
}

function summary(bridge: ActionBridge): string {
  const o = bridge.outcome;
  if (!o) return "";
  const m = o.end.metrics as Record<string, unknown>;
  return `\n\nThe episode is over (${o.end.reason}${o.end.error ? `: ${o.end.error.message}` : ""}). SR ${m.SR}, TP ${m.TP}, rTP ${m.rTP}, steps ${m.steps}.`;
}

function feedbackText(f: { ok: boolean; error: string | null; message: string }): string {
  return f.ok ? `ok: ${f.message}` : `failed (${f.error}): ${f.message}`;
}

function text(t: string): CallToolResult {
  return { content: [{ type: "text", text: t }] };
}

import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { ActionSchemas, formatAction, type Action } from "../../sim/actions.ts";
import type { Observation } from "../../sim/observation.ts";
import { createDefaultRegistry, type SubpolicyRegistry } from "../../sim/subpolicies/registry.ts";
import { STATE_SUBPOLICIES } from "../../sim/subpolicies/states/index.ts";
import { renderObservationText } from "../../sim/world/observation-text.ts";
import { HARNESS_VERSION } from "../version.ts";
import { BridgeError, type ActionBridge, type StepOutcome } from "./action-bridge.ts";

/**
 * The MCP face of one episode: `observe` (the observed scene graph as text, or as JSON), one tool per
 * subpolicy of the simulator's registry (core and state-changing ones) with the action's fields as its
 * input schema, and `done`. Each action tool returns the simulator's feedback and the new observation;
 * after the last step it returns the episode's metrics.
 */
export function createEpisodeServer(bridge: ActionBridge, info: { instruction: string; episode: string }, registry: SubpolicyRegistry = createDefaultRegistry()): McpServer {
  const types = registry.types();
  const acting = types.filter((t) => t !== "done");
  const stateChanging = STATE_SUBPOLICIES.map((s) => s.type).filter((t) => types.includes(t));
  const server = new McpServer(
    { name: "rearrange", version: HARNESS_VERSION },
    {
      instructions: [
        `You control a household robot in a simulated house (episode ${info.episode}).`,
        `Task: ${info.instruction}`,
        `Call observe to see what you know, then act with one tool call per step (${acting.join(", ")}).`,
        ...(stateChanging.length
          ? [`The state-changing actions (${stateChanging.join(", ")}) need a tool or an appliance as a person would (a held cleaning tool or knife, running water, a heat source that is on, …); each tool's description says what.`]
          : []),
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
      const task = `Task: ${bridge.task?.instruction ?? info.instruction}`;
      const ended = endedView(bridge);
      if (ended) {
        if (format === "json") return text(JSON.stringify({ ...ended.observation, episode: ended.episode }));
        return text(`${task}\n\n${ended.text}`);
      }
      const obs = bridge.latest!;
      if (format === "json") return text(JSON.stringify(obs));
      return text(`${task}\n\n${obs.text}`);
    },
  );

  for (const type of types) {
    // the input schema is the action's own zod schema (the one the simulator validates with), less its `type`
    const shape = (ActionSchemas[type] as z.ZodObject).omit({ type: true }).shape;
    server.registerTool(
      type,
      { description: type === "done" ? "End the episode: call it when you believe the task is complete." : registry.get(type)!.description, inputSchema: shape },
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

/**
 * What `observe` shows once the episode is over: the last observation the robot got (the runner asks for no
 * action after the last step, so none comes after it) brought up to the episode's real end — steps taken,
 * where the robot stands and what it holds after the last step, the last action and its feedback — headed
 * by how the episode ended. Objects the last step changed are shown as last observed (said so).
 */
function endedView(bridge: ActionBridge): { observation: Observation; episode: Record<string, unknown>; text: string } | null {
  const o = bridge.outcome;
  const latest = bridge.latest;
  if (!o || !latest) return null;
  const maxSteps = latest.step + latest.stepsLeft;
  const steps = Number(o.end.metrics.steps);
  const last = bridge.lastStep;
  // the last step, when it came after the latest observation (an episode that ended with an error may have none)
  const after = last && last.t > latest.step && last.action.type !== "invalid" ? last : null;
  const observation: Observation = {
    step: steps,
    stepsLeft: Math.max(0, maxSteps - steps),
    agent: after
      ? { ...after.agent, near: after.agent.position.x === latest.agent.position.x && after.agent.position.y === latest.agent.position.y ? latest.agent.near : null }
      : latest.agent,
    rooms: latest.rooms,
    objects: latest.objects,
    updates: {},
    newlyObserved: after ? after.observed : latest.newlyObserved,
    lastAction: after ? (after.action as Action) : latest.lastAction,
    lastFeedback: after ? after.feedback : latest.lastFeedback,
    text: "",
  };
  const m = o.end.metrics;
  const head = `The episode is over (${o.end.reason}${o.end.error ? `: ${o.end.error.message}` : ""}) after ${steps} of ${maxSteps} steps; no more actions are accepted. SR ${m.SR}, TP ${m.TP}, rTP ${m.rTP}.`;
  const stale = after ? [...new Set([...Object.keys(after.changed), ...after.observed])] : [];
  const note = stale.length ? `\nObjects the last action changed or first saw (${stale.join(", ")}) are shown as observed before it.` : "";
  // the rendering's first line is the step line ("Step n of N (k left). You are in …"): after the end it says
  // where the robot stands, not how many steps are left
  const [, ...body] = renderObservationText(observation, maxSteps).split("\n");
  const pos = observation.agent.position;
  const where = `You are in ${observation.agent.room} at (${pos.x.toFixed(2)}, ${pos.y.toFixed(2)}), holding ${observation.agent.holding ?? "nothing"}.`;
  observation.text = [`${head}${note}`, where, ...body].join("\n");
  const episode = { over: true, reason: o.end.reason, error: o.end.error, steps, maxSteps, metrics: o.end.metrics };
  return { observation, episode, text: observation.text };
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

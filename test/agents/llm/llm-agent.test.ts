import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { LlmAgent } from "../../../agents/llm/llm-agent.ts";
import { CACHE_FILE } from "../../../agents/llm/response-cache.ts";
import { AgentStuck } from "../../../harness/runner/timeout.ts";
import { ActionSchemas } from "../../../sim/actions.ts";
import { InputError } from "../../../sim/errors.ts";
import { createDefaultRegistry } from "../../../sim/subpolicies/registry.ts";
import { STATE_SUBPOLICIES } from "../../../sim/subpolicies/states/index.ts";
import { fakeObservation } from "../jsonrpc/fake-observation.ts";
import { ScriptedChatServer, textReply, toolCall } from "./chat-server.ts";

const KEY = "sk-test-SECRET-0123456789";
const env = { TEST_LLM_KEY: KEY };
const TASK = { id: "t", instruction: "open the cabinet", seed: 0 };

let server: ScriptedChatServer;
let baseUrl: string;
let waits: number[];
beforeEach(async () => {
  server = new ScriptedChatServer();
  baseUrl = await server.start();
  waits = [];
});
afterEach(() => server.stop());

function agent(extra: Record<string, unknown> = {}): LlmAgent {
  return new LlmAgent({ model: "test-model", baseUrl, apiKeyEnv: "TEST_LLM_KEY", ...extra }, { env, sleep: async (ms) => void waits.push(ms) });
}

describe("LlmAgent against a chat-completions server on 127.0.0.1", () => {
  it("sends instruction, scene text and one tool per subpolicy, and reads the tool call", async () => {
    server.script(toolCall("navigate", { target: "cabinet_1" }, { prompt_tokens: 120, completion_tokens: 7 }));
    const a = agent();
    a.reset(TASK);
    expect(await a.act(fakeObservation())).toEqual({ type: "navigate", target: "cabinet_1" });
    const req = server.requests[0]!;
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.body.model).toBe("test-model");
    const tools = (req.body.tools as Array<{ function: { name: string; parameters: { required?: string[] } } }>).map((t) => t.function);
    // one tool per registered subpolicy, the state-changing ones included
    expect(tools.map((t) => t.name).sort()).toEqual(createDefaultRegistry().types().sort());
    expect(tools.find((t) => t.name === "place")!.parameters.required).toEqual(["object", "relation", "target"]);
    const user = (req.body.messages as Array<{ role: string; content: string }>).find((m) => m.role === "user")!.content;
    expect(user).toContain("Task: open the cabinet");
    expect(user).toContain(fakeObservation().text);
    expect(a.lastStepInfo!.llm).toMatchObject({ calls: 1, promptTokens: 120, completionTokens: 7, totalTokens: 127, via: "tool", invalidReplies: 0 });
  });

  it("offers the state-changing subpolicies with their schemas and names every skill in the system prompt", async () => {
    server.script(toolCall("clean", { object: "table_1", tool: "rag_1" }));
    const a = agent();
    a.reset(TASK);
    expect(await a.act(fakeObservation())).toEqual({ type: "clean", object: "table_1", tool: "rag_1" });
    expect(a.lastStepInfo!.llm.via).toBe("tool");
    const req = server.requests[0]!;
    const tools = (req.body.tools as Array<{ function: { name: string; description: string; parameters: { properties: Record<string, unknown>; required?: string[] } } }>).map((t) => t.function);
    const registry = createDefaultRegistry();
    for (const s of STATE_SUBPOLICIES) {
      const tool = tools.find((t) => t.name === s.type);
      expect(tool, s.type).toBeDefined();
      expect(tool!.description).toBe(registry.get(s.type)!.description);
      const expected = z.toJSONSchema((ActionSchemas[s.type] as z.ZodObject).omit({ type: true })) as { properties: Record<string, unknown>; required?: string[] };
      expect(tool!.parameters.properties).toEqual(expected.properties);
      expect(tool!.parameters.required).toEqual(expected.required);
    }
    expect(tools.find((t) => t.name === "clean")!.parameters.required).toEqual(["object"]);
    const system = (req.body.messages as Array<{ role: string; content: string }>).find((m) => m.role === "system")!.content;
    for (const type of registry.types()) expect(system, type).toContain(`${type}(`);
    expect(system).toContain("clean(object, tool?)");
    expect(system).toContain("place(object, ontop|inside|nextto|under, target)");
  });

  it("turns a slice tool call and a text-written cook into those actions", async () => {
    server.script(toolCall("slice", { object: "apple_1" }), textReply("The pan is on the stove, which is on.\ncook(egg_1)"));
    const a = agent();
    a.reset(TASK);
    expect(await a.act(fakeObservation())).toEqual({ type: "slice", object: "apple_1" });
    expect(await a.act(fakeObservation(1))).toEqual({ type: "cook", object: "egg_1" });
    expect(a.lastStepInfo!.llm.via).toBe("text");
  });

  it("shows the last actions with their feedback in the next prompt", async () => {
    server.script(toolCall("navigate", { target: "cabinet_1" }), toolCall("open", { object: "cabinet_1" }));
    const a = agent();
    a.reset(TASK);
    await a.act(fakeObservation());
    const next = { ...fakeObservation(1), lastAction: { type: "navigate" as const, target: "cabinet_1" }, lastFeedback: { ok: true, error: null, message: "walked to cabinet_1 in kitchen" } };
    await a.act(next);
    const user = (server.requests[1]!.body.messages as Array<{ role: string; content: string }>)[1]!.content;
    expect(user).toContain("1. navigate(cabinet_1) → ok: walked to cabinet_1 in kitchen");
  });

  it("falls back to an action written in the text when there is no tool call", async () => {
    server.script(textReply("The cabinet is closed, so I will walk there first.\nnavigate(cabinet_1)"));
    const a = agent();
    a.reset(TASK);
    expect(await a.act(fakeObservation())).toEqual({ type: "navigate", target: "cabinet_1" });
    expect(a.lastStepInfo!.llm.via).toBe("text");
  });

  it("asks again after a malformed tool call, answering the call and naming the problem", async () => {
    server.script(toolCall("open", "{object: cabinet_1"), toolCall("open", { object: "cabinet_1" }));
    const a = agent();
    a.reset(TASK);
    expect(await a.act(fakeObservation())).toEqual({ type: "open", object: "cabinet_1" });
    const retry = server.requests[1]!.body.messages as Array<{ role: string; content: string; tool_call_id?: string }>;
    expect(retry.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool", "user"]);
    expect(retry[3]!.tool_call_id).toBe("call_open");
    expect(retry[4]!.content).toMatch(/not a valid action: the arguments of open are not JSON/);
    expect(a.lastStepInfo!.llm).toMatchObject({ calls: 2, invalidReplies: 1 });
  });

  it("spends the step on a parse failure once the invalid replies are used up", async () => {
    server.script(textReply("I am not sure."), textReply("Let me think."));
    const a = agent({ maxInvalidReplies: 1 });
    a.reset(TASK);
    expect(await a.act(fakeObservation())).toBe("Let me think.");
    expect(a.lastStepInfo!.llm.via).toBe("invalid");
  });

  it("waits as a 429's Retry-After asks (capped), retries a 500 and a body that is not JSON", async () => {
    server.script(
      { status: 429, headers: { "retry-after": "1" }, body: { error: { message: "slow down" } } },
      { status: 500, body: { error: { message: "boom" } } },
      { body: "this is not json" },
      toolCall("done", {}),
    );
    const a = agent({ retryBaseDelay: 0.5, retryMaxDelay: 30 });
    a.reset(TASK);
    expect(await a.act(fakeObservation())).toEqual({ type: "done" });
    expect(server.requests).toHaveLength(4);
    expect(waits).toEqual([1000, 1000, 2000]);
    expect(a.lastStepInfo!.llm.retryLog!.map((r) => r.reason)).toEqual([429, 500, "malformed"]);
    expect(a.lastStepInfo!.llm.retryLog![0]).toMatchObject({ retryAfterMs: 1000, waitedMs: 1000 });
    expect(a.lastStepInfo!.llm.retries).toBe(3);
  });

  it("gives up after maxRetries with an error that names the last status", async () => {
    server.script(...Array.from({ length: 3 }, () => ({ status: 503, body: { error: { message: "down" } } })));
    const a = agent({ maxRetries: 2 });
    a.reset(TASK);
    await expect(a.act(fakeObservation())).rejects.toThrow(/failed after 3 attempts \(last: 503\)/);
  });

  it("does not retry a 401, and the error does not contain the key", async () => {
    server.script({ status: 401, body: { error: { message: "bad key" } } });
    const a = agent();
    a.reset(TASK);
    const err = (await a.act(fakeObservation()).catch((e) => e)) as Error;
    expect(err.message).toMatch(/\(401\)/);
    expect(err.message).not.toContain(KEY);
    expect(server.requests).toHaveLength(1);
  });

  it("throws AgentStuck when the model gives the same response three times in a row", async () => {
    server.script(toolCall("explore", { room: "hall" }), toolCall("explore", { room: "hall" }), toolCall("explore", { room: "hall" }));
    const a = agent();
    a.reset(TASK);
    await a.act(fakeObservation(0));
    await a.act(fakeObservation(1));
    await expect(a.act(fakeObservation(2))).rejects.toBeInstanceOf(AgentStuck);
  });

  it("caches responses by request: a rerun and an offline replay send nothing", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "llm-cache-"));
    server.script(toolCall("navigate", { target: "cabinet_1" }));
    const first = agent({ cacheDir: dir });
    first.reset(TASK);
    await first.act(fakeObservation());
    expect(server.requests).toHaveLength(1);
    const cacheText = readFileSync(path.join(dir, CACHE_FILE), "utf8");
    expect(cacheText).not.toContain(KEY);
    const again = agent({ cacheDir: dir });
    again.reset(TASK);
    expect(await again.act(fakeObservation())).toEqual({ type: "navigate", target: "cabinet_1" });
    const offline = new LlmAgent({ model: "test-model", offline: true, cacheDir: dir }, { env: {} });
    offline.reset(TASK);
    expect(await offline.act(fakeObservation())).toEqual({ type: "navigate", target: "cabinet_1" });
    expect(server.requests).toHaveLength(1);
    expect(again.totals()).toMatchObject({ calls: 0, cachedCalls: 1, totalTokens: 0, cachedTokens: 110 });
    await expect(offline.act({ ...fakeObservation(5), text: "Step 5 of 20. You are in hall." })).rejects.toThrow(/offline: no cached response/);
  });

  it("ranks placements from a JSON list, completing a partial answer", async () => {
    server.script(textReply('Sure: ```json\n["b", "zzz", "b"]\n```'));
    const a = agent();
    expect(await a.rankPlacements({ id: "q", object: "mug", candidates: ["a", "b", "c"] })).toEqual(["b", "a", "c"]);
    expect(server.requests[0]!.body.tools).toBeUndefined();
  });

  it("detects misplaced objects, dropping ids it was not asked about, and asks again after a non-list", async () => {
    server.script(textReply("Hmm."), textReply('["sock", "ghost"]'));
    const a = agent();
    const out = await a.detectMisplaced({ id: "q", objects: [{ id: "sock", label: "sock", room: "kitchen" }, { id: "cup", label: "cup", room: "kitchen" }] });
    expect(out).toEqual(["sock"]);
  });

  it("rejects a missing model and an API key passed as an option", () => {
    expect(() => new LlmAgent({ baseUrl }, { env })).toThrow(InputError);
    expect(() => new LlmAgent({ model: "m", apiKey: KEY }, { env })).toThrow(/environment variable/);
    expect(() => new LlmAgent({ model: "m" }, { env: {} })).toThrow(/OPENAI_API_KEY is not set/);
    expect(existsSync(path.join(process.cwd(), CACHE_FILE))).toBe(false);
  });
});

/**
 * The stuck rule counts steps, not re-prompts; and every request an act makes is in its `lastStepInfo`,
 * also for an act that throws (stuck, a request that failed for good, cancelled), so the runner can record it.
 */
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LlmRequestError } from "../../../agents/llm/chat-client.ts";
import { LlmAgent, type LlmStepInfo } from "../../../agents/llm/llm-agent.ts";
import { AgentStuck } from "../../../harness/runner/timeout.ts";
import { fakeObservation } from "../jsonrpc/fake-observation.ts";
import { ScriptedChatServer, textReply, toolCall, type ScriptedReply } from "./chat-server.ts";

const env = { TEST_LLM_KEY: "sk-test" };
const TASK = { id: "t", instruction: "open the cabinet", seed: 0 };
const GARBAGE = "I am not sure what to do.";

let server: ScriptedChatServer;
let baseUrl: string;
beforeEach(async () => {
  server = new ScriptedChatServer();
  baseUrl = await server.start();
});
afterEach(() => server.stop());

function agent(extra: Record<string, unknown> = {}): LlmAgent {
  return new LlmAgent({ model: "test-model", baseUrl, apiKeyEnv: "TEST_LLM_KEY", ...extra }, { env, sleep: async () => undefined });
}

/** Acts until the agent throws or `steps` acts are done; the info of every act (a failed one included) and the error. */
async function actAll(a: LlmAgent, steps: number): Promise<{ infos: LlmStepInfo[]; results: unknown[]; error: unknown }> {
  const infos: LlmStepInfo[] = [];
  const results: unknown[] = [];
  for (let t = 0; t < steps; t++) {
    try {
      results.push(await a.act(fakeObservation(t)));
      infos.push(a.lastStepInfo!.llm);
    } catch (error) {
      if (a.lastStepInfo) infos.push(a.lastStepInfo.llm);
      return { infos, results, error };
    }
  }
  return { infos, results, error: null };
}

const sum = (infos: LlmStepInfo[], k: "calls" | "retries" | "totalTokens") => infos.reduce((n, i) => n + i[k], 0);

describe("the stuck rule, once a step on the step's final reply", () => {
  it("with defaults, a model that always gives the same garbage spends two steps as parse failures, then is stuck", async () => {
    await server.stop();
    server = new ScriptedChatServer(() => textReply(GARBAGE));
    baseUrl = await server.start();
    const a = agent();
    a.reset(TASK);
    // step 0: the reply and maxInvalidReplies (2) re-prompts, all the same: a parse failure, not stuck
    expect(await a.act(fakeObservation(0))).toBe(GARBAGE);
    expect(a.lastStepInfo!.llm).toMatchObject({ calls: 3, invalidReplies: 2, via: "invalid" });
    expect(server.requests).toHaveLength(3);
    expect(await a.act(fakeObservation(1))).toBe(GARBAGE);
    expect(server.requests).toHaveLength(6);
    // the third step with the same final reply
    const err = await a.act(fakeObservation(2)).catch((e) => e);
    expect(err).toBeInstanceOf(AgentStuck);
    expect(err.message).toMatch(/same response 3 times in a row/);
    expect(server.requests).toHaveLength(9);
    // the stuck step says what it cost
    expect(a.lastStepInfo!.llm).toMatchObject({ calls: 3, invalidReplies: 2, via: "invalid" });
    expect(a.episodeTotals().calls).toBe(9);
  });

  it("re-prompts that repeat themselves within a step are not repeats; differing final replies reset the count", async () => {
    const explore = () => toolCall("explore", { room: "hall" });
    server.script(
      // step 0: the same garbage three times, a parse failure (1 in a row)
      textReply(GARBAGE), textReply(GARBAGE), textReply(GARBAGE),
      // step 1: garbage, then explore(hall) (1); step 2: explore(hall) (2)
      textReply(GARBAGE), explore(),
      explore(),
      // steps 3, 4: parse failures again (1, 2); step 5: explore(hall) (1)
      textReply(GARBAGE), textReply(GARBAGE), textReply(GARBAGE),
      textReply(GARBAGE), textReply(GARBAGE), textReply(GARBAGE),
      explore(),
    );
    const a = agent();
    a.reset(TASK);
    const { results, error } = await actAll(a, 6);
    expect(error).toBeNull();
    expect(results).toEqual([GARBAGE, { type: "explore", room: "hall" }, { type: "explore", room: "hall" }, GARBAGE, GARBAGE, { type: "explore", room: "hall" }]);
    expect(server.pending).toBe(0);
  });

  it("counts a step whose final reply repeats the last step's even when it took re-prompts to get there", async () => {
    server.script(toolCall("explore", { room: "hall" }), textReply(GARBAGE), toolCall("explore", { room: "hall" }), toolCall("explore", { room: "hall" }));
    const a = agent({ stuckRepeats: 3 });
    a.reset(TASK);
    await a.act(fakeObservation(0));
    await a.act(fakeObservation(1));
    await expect(a.act(fakeObservation(2))).rejects.toBeInstanceOf(AgentStuck);
    expect(a.lastStepInfo!.llm).toMatchObject({ calls: 1, via: "tool" });
  });
});

describe("the usage of an act that throws", () => {
  it("a request that fails for good after paid calls: the failed request is a call without tokens", async () => {
    server.script(textReply(GARBAGE, { prompt_tokens: 40, completion_tokens: 4 }), { status: 401, body: { error: { message: "bad key" } } });
    const a = agent();
    a.reset(TASK);
    await expect(a.act(fakeObservation())).rejects.toBeInstanceOf(LlmRequestError);
    expect(a.lastStepInfo!.llm).toMatchObject({ calls: 2, retries: 0, promptTokens: 40, totalTokens: 44, invalidReplies: 1, via: "failed" });
    expect(a.episodeTotals()).toMatchObject({ calls: 2, totalTokens: 44 });
    expect(server.requests).toHaveLength(2);
  });

  it("retries used up: one call and its retries, with the retry log", async () => {
    server.script(...Array.from({ length: 3 }, () => ({ status: 503, body: { error: { message: "down" } } })));
    const a = agent({ maxRetries: 2 });
    a.reset(TASK);
    await expect(a.act(fakeObservation())).rejects.toThrow(/failed after 3 attempts/);
    expect(a.lastStepInfo!.llm).toMatchObject({ calls: 1, retries: 2, totalTokens: 0, via: "failed" });
    expect(a.lastStepInfo!.llm.retryLog!.map((r) => r.reason)).toEqual([503, 503]);
    expect(a.totals()).toMatchObject({ calls: 1, retries: 2 });
  });

  it("an act that makes no request leaves lastStepInfo unset (no stale info from the step before)", async () => {
    server.script(toolCall("explore", { room: "hall" }));
    const a = new LlmAgent({ model: "test-model", offline: true }, { env: {} });
    a.reset(TASK);
    await expect(a.act(fakeObservation())).rejects.toThrow(/offline/);
    expect(a.lastStepInfo).toBeUndefined();
    const b = agent();
    b.reset(TASK);
    await b.act(fakeObservation(0));
    expect(b.lastStepInfo).toBeDefined();
    await server.stop();
    // the server is gone: a connection error, retried (5 times by default), then given up
    await expect(b.act(fakeObservation(1))).rejects.toBeInstanceOf(LlmRequestError);
    expect(b.lastStepInfo!.llm).toMatchObject({ calls: 1, retries: 5, totalTokens: 0, via: "failed" });
    expect(b.episodeTotals()).toMatchObject({ calls: 2, retries: 5 });
  });

  it("calls + retries over every act, the thrown one included, equal the requests the server received (property)", async () => {
    type Move = "valid" | "same" | "garbage" | "busy" | "denied";
    const reply = (m: Move, i: number): ScriptedReply =>
      m === "valid" ? toolCall("explore", { room: `room_${i}` }, { prompt_tokens: 10 + i, completion_tokens: 1 })
      : m === "same" ? toolCall("explore", { room: "hall" })
      : m === "garbage" ? textReply(GARBAGE, { prompt_tokens: 7, completion_tokens: 2 })
      : m === "busy" ? { status: 503, body: { error: { message: "busy" } } }
      : { status: 400, body: { error: { message: "bad request" } } };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<Move>("valid", "same", "garbage", "garbage", "busy", "denied"), { minLength: 1, maxLength: 24 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 2 }),
        async (moves, maxInvalidReplies, maxRetries) => {
          await server.stop();
          // what the script does not cover is a valid action
          const s: ScriptedChatServer = new ScriptedChatServer((): ScriptedReply => toolCall("explore", { room: `r${s.requests.length}` }));
          server = s;
          server.script(...moves.map(reply));
          baseUrl = await server.start();
          try {
            const a = agent({ maxInvalidReplies, maxRetries, stuckRepeats: 2 });
            a.reset(TASK);
            const { infos } = await actAll(a, 8);
            const received = server.requests.length;
            expect(sum(infos, "calls") + sum(infos, "retries")).toBe(received);
            expect(a.episodeTotals().calls + a.episodeTotals().retries).toBe(received);
            expect(sum(infos, "totalTokens")).toBe(a.episodeTotals().totalTokens);
          } finally {
            await s.stop();
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

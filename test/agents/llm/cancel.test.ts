import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { LlmAgent } from "../../../agents/llm/llm-agent.ts";
import { fakeObservation } from "../jsonrpc/fake-observation.ts";

const env = { TEST_LLM_KEY: "sk-test" };

/** A server on 127.0.0.1 that answers each request with `answer` (or never, with null) and records what happened. */
async function serve(answer: ((res: import("node:http").ServerResponse) => void) | null): Promise<{ baseUrl: string; requests: number; closed: number; server: Server }> {
  const state = { baseUrl: "", requests: 0, closed: 0, server: null as unknown as Server };
  state.server = createServer((req, res) => {
    state.requests++;
    // the client went away before an answer: the request was aborted
    res.on("close", () => void (res.writableEnded || state.closed++));
    req.resume();
    req.on("end", () => answer?.(res));
  });
  await new Promise<void>((resolve) => state.server.listen(0, "127.0.0.1", resolve));
  state.baseUrl = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}/v1`;
  return state;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
});

/** Resolves once `check` holds, polling the event loop (the server's events arrive on it). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
}

describe("LlmAgent.cancel (the runner gave up waiting for act)", () => {
  it("aborts the request in flight: the act fails as cancelled and the server sees the connection closed", async () => {
    const s = await serve(null);
    servers.push(s.server);
    const agent = new LlmAgent({ model: "m", baseUrl: s.baseUrl, apiKeyEnv: "TEST_LLM_KEY", timeout: 600 }, { env });
    agent.reset({ id: "t", instruction: "open the cabinet", seed: 0 });
    const acting = agent.act(fakeObservation());
    await until(() => s.requests === 1);
    agent.cancel();
    await expect(acting).rejects.toThrow(/cancelled/);
    await until(() => s.closed === 1);
    expect(s.requests).toBe(1);
  });

  it("resolves once the act has failed, which by then reports the request it made (for the episode's usage)", async () => {
    const s = await serve(null);
    servers.push(s.server);
    const agent = new LlmAgent({ model: "m", baseUrl: s.baseUrl, apiKeyEnv: "TEST_LLM_KEY", timeout: 600 }, { env });
    agent.reset({ id: "t", instruction: "open the cabinet", seed: 0 });
    const acting = agent.act(fakeObservation());
    acting.catch(() => undefined);
    await until(() => s.requests === 1);
    expect(agent.lastStepInfo).toBeUndefined();
    await agent.cancel();
    // no wait for `acting`: what the runner reads right after cancel
    expect(agent.lastStepInfo!.llm).toMatchObject({ calls: 1, retries: 0, totalTokens: 0, via: "failed" });
    expect(agent.episodeTotals().calls).toBe(1);
    await expect(acting).rejects.toThrow(/cancelled after 1 attempt/);
  });

  it("ends a back-off wait at once and makes no further attempt", async () => {
    // a retryable answer that asks the client to wait half a minute before trying again
    const s = await serve((res) => {
      res.writeHead(503, { "content-type": "application/json", "retry-after": "30" });
      res.end(JSON.stringify({ error: { message: "busy" } }));
    });
    servers.push(s.server);
    const agent = new LlmAgent({ model: "m", baseUrl: s.baseUrl, apiKeyEnv: "TEST_LLM_KEY", maxRetries: 5, retryMaxDelay: 60 }, { env });
    agent.reset({ id: "t", instruction: "open the cabinet", seed: 0 });
    const acting = agent.act(fakeObservation());
    await until(() => s.requests === 1);
    // the answer has arrived and the client is waiting out Retry-After
    await new Promise((r) => setTimeout(r, 50));
    agent.cancel();
    await expect(acting).rejects.toThrow(/cancelled after 1 attempt/);
    expect(s.requests).toBe(1);
  });

  it("a cancelled step does not cancel the next one", async () => {
    let n = 0;
    const s = await serve((res) => {
      if (++n === 1) return; // the first request hangs
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ id: "c", object: "chat.completion", created: 0, model: "m", choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: null, tool_calls: [{ id: "x", type: "function", function: { name: "done", arguments: "{}" } }] } }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } }));
    });
    servers.push(s.server);
    const agent = new LlmAgent({ model: "m", baseUrl: s.baseUrl, apiKeyEnv: "TEST_LLM_KEY" }, { env });
    agent.reset({ id: "t", instruction: "open the cabinet", seed: 0 });
    const first = agent.act(fakeObservation());
    await until(() => s.requests === 1);
    agent.cancel();
    await expect(first).rejects.toThrow(/cancelled/);
    agent.reset({ id: "t2", instruction: "open the cabinet", seed: 0 });
    await expect(agent.act(fakeObservation())).resolves.toEqual({ type: "done" });
  });
});

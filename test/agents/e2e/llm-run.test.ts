import { readFileSync } from "node:fs";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CACHE_FILE } from "../../../agents/llm/response-cache.ts";
import { setLogger } from "../../../harness/logger.ts";
import { ScriptedChatServer, textReply, toolCall } from "../llm/chat-server.ts";
import { filesUnder, hasSmoke, run, SMOKE, tempDir, trajectory } from "./run-helpers.ts";

const KEY = "sk-e2e-DO-NOT-LEAK-42";
const logs: string[] = [];
let server: ScriptedChatServer;
let baseUrl: string;

beforeAll(async () => {
  process.env.E2E_LLM_KEY = KEY;
  setLogger(pino({ level: "debug" }, new Writable({ write: (c, _e, cb) => (logs.push(String(c)), cb()) })));
  server = new ScriptedChatServer();
  baseUrl = await server.start();
});
afterAll(async () => {
  delete process.env.E2E_LLM_KEY;
  await server.stop();
});

describe.skipIf(!hasSmoke)("llm agent in a run, against a chat-completions server on 127.0.0.1", () => {
  it("recovers from a 429, a 500 and a malformed reply, solves an episode, ends another as stuck, and never writes the key", async () => {
    server.script(
      // flat-bedside-lamp
      { status: 429, headers: { "retry-after": "1" }, body: { error: { message: "rate limited" } } },
      toolCall("explore", { room: "bedroom" }),
      { status: 500, body: { error: { message: "upstream failure" } } },
      toolCall("navigate", { target: "bedside_lamp" }),
      toolCall("toggle_on", "{not json"),
      textReply("The lamp is next to me.\ntoggle_on(bedside_lamp)"),
      toolCall("done", {}),
      // cottage-radio-on: the model repeats itself
      toolCall("explore", { room: "kitchen" }),
      toolCall("explore", { room: "kitchen" }),
      toolCall("explore", { room: "kitchen" }),
    );
    const out = tempDir("llm-run-");
    const results = await run({
      suite: SMOKE,
      agent: "llm",
      agentOptions: { model: "scripted", baseUrl, apiKeyEnv: "E2E_LLM_KEY", cacheDir: out, retryMaxDelay: 0.01, retryBaseDelay: 0.001 },
      episodes: "flat-bedside-lamp,cottage-radio-on",
      out,
    });
    expect(server.pending).toBe(0);
    const [lamp, radio] = results.episodes;
    expect(lamp).toMatchObject({ id: "flat-bedside-lamp", SR: 1, reason: "done" });
    expect(radio).toMatchObject({ id: "cottage-radio-on", SR: 0, reason: "stuck" });
    expect(radio!.error!.message).toMatch(/same response 3 times/);

    const steps = trajectory(out, "flat-bedside-lamp").filter((l) => l.type === "step");
    expect(steps.map((s) => s.action.type)).toEqual(["explore", "navigate", "toggle_on", "done"]);
    expect(steps[0]!.info.llm.retryLog).toEqual([{ reason: 429, retryAfterMs: 1000, waitedMs: 10 }]);
    expect(steps[1]!.info.llm.retryLog[0].reason).toBe(500);
    expect(steps[2]!.info.llm).toMatchObject({ invalidReplies: 1, via: "text", calls: 2, promptTokens: 200 });

    // the cache is in the run folder; a rerun answers from it without a single request
    expect(filesUnder(out).some((f) => f.endsWith(CACHE_FILE))).toBe(true);
    const before = server.requests.length;
    const again = await run({
      suite: SMOKE,
      agent: "llm",
      agentOptions: { model: "scripted", offline: true, cacheDir: out },
      episodes: "flat-bedside-lamp",
      out: tempDir("llm-replay-"),
    });
    expect(again.episodes[0]).toMatchObject({ SR: 1, steps: 4 });
    expect(server.requests.length).toBe(before);

    for (const f of filesUnder(out)) expect(readFileSync(f, "utf8"), f).not.toContain(KEY);
    expect(logs.join("")).not.toContain(KEY);
    expect(server.requests.every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
  });
});

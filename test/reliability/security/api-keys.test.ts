/**
 * API keys never reach logs, trajectories or results. A real `rearrange run` process (one worker and
 * two) drives the llm agent against a chat-completions server on 127.0.0.1, with the key in
 * OPENAI_API_KEY and debug logging on; the key must appear in the server's Authorization header and
 * nowhere in stdout, stderr or any file of the run. The logger's redaction is checked field by field.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ScriptedChatServer, textReply, toolCall } from "../../agents/llm/chat-server.ts";

const REPO = path.resolve(import.meta.dirname, "../../..");
const BIN = path.join(REPO, "bin", "rearrange.js");
const SMOKE = path.join(REPO, "scenes/suites/smoke.suite.json");
const KEY = "sk-reliability-NEVER-WRITE-ME-7391";
const OTHER_SECRET = "tok-reliability-ALSO-SECRET-5520";

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/** Runs the CLI without blocking this process (the chat server lives here). */
function cli(args: string[], env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: REPO, env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

describe.skipIf(!existsSync(SMOKE))("API keys stay secret in a real run", () => {
  // the model explores once, then says done: short episodes, a few requests each
  const server = new ScriptedChatServer((req) => ((req.body.messages as unknown[]).length > 2 ? toolCall("done", {}) : toolCall("explore", { room: "kitchen" })));
  let baseUrl = "";
  beforeAll(async () => {
    baseUrl = await server.start();
  });
  afterAll(() => server.stop());

  for (const workers of [1, 2]) {
    it(`--workers ${workers}: the key is sent to the server and written nowhere`, async () => {
      const out = mkdtempSync(path.join(os.tmpdir(), "api-keys-"));
      const before = server.requests.length;
      const r = await cli(
        ["run", "--suite", SMOKE, "--agent", "llm", "--agent-opt", `baseUrl=${baseUrl}`, "--agent-opt", "model=scripted", "--agent-opt", `note=${OTHER_SECRET}`, "--max-steps", "3", "--workers", String(workers), "--out", out, "--json"],
        { OPENAI_API_KEY: KEY, REARRANGE_LOG_LEVEL: "debug", REARRANGE_LOG_JSON: "1" },
      );
      expect(r.status, r.stderr.slice(-2000)).toBe(0);
      const requests = server.requests.slice(before);
      expect(requests.length).toBeGreaterThanOrEqual(3);
      expect(requests.every((q) => q.headers.authorization === `Bearer ${KEY}`)).toBe(true);
      expect(r.stdout).not.toContain(KEY);
      expect(r.stderr).not.toContain(KEY);
      const files = filesUnder(out);
      expect(files.some((f) => f.endsWith("results.json"))).toBe(true);
      expect(files.filter((f) => f.endsWith(".jsonl")).length).toBeGreaterThanOrEqual(3);
      for (const f of files) expect(readFileSync(f, "utf8"), f).not.toContain(KEY);
    }, 120_000);
  }

  it("a key passed as an agent option is refused without being echoed", async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), "api-keys-opt-"));
    const r = await cli(["run", "--suite", SMOKE, "--agent", "llm", "--agent-opt", `apiKey=${KEY}`, "--agent-opt", `baseUrl=${baseUrl}`, "--out", out], { REARRANGE_LOG_LEVEL: "debug" });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/apiKey: do not pass the key as an option/);
    expect(r.stderr + r.stdout).not.toContain(KEY);
    for (const f of existsSync(out) ? filesUnder(out) : []) expect(readFileSync(f, "utf8"), f).not.toContain(KEY);
  }, 60_000);

  it("secret-looking agent options are redacted in results.json", async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), "api-keys-results-"));
    const r = await cli(["run", "--suite", SMOKE, "--episodes", "flat-bedside-lamp", "--agent", "random", "--agent-opt", `token=${OTHER_SECRET}`, "--agent-opt", `clientSecret=${OTHER_SECRET}`, "--out", out], {});
    expect(r.status, r.stderr).toBe(0);
    const results = JSON.parse(readFileSync(path.join(out, "results.json"), "utf8"));
    expect(results.config.agentOptions).toMatchObject({ token: "[redacted]", clientSecret: "[redacted]" });
    for (const f of filesUnder(out)) expect(readFileSync(f, "utf8"), f).not.toContain(OTHER_SECRET);
  }, 60_000);
});

describe("the process logger redacts secrets wherever a logged object carries them", () => {
  it("apiKey, token, password, Authorization headers, one to three levels down", () => {
    const script = path.resolve(import.meta.dirname, "../../fixtures/faulty/log-secrets.ts");
    const r = spawnSync(process.execPath, ["--import", "tsx", script, KEY], { cwd: REPO, encoding: "utf8", env: { ...process.env, REARRANGE_LOG_JSON: "1", REARRANGE_LOG_LEVEL: "info" } });
    const lines = r.stderr.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.length).toBe(10);
    expect(r.stderr).not.toContain(KEY);
    expect(r.stderr.match(/\[redacted\]/g)!.length).toBe(13); // every secret in the fixture
  });
});

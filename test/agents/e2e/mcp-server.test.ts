import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, it } from "vitest";
import { createDefaultRegistry } from "../../../sim/subpolicies/registry.ts";
import { hasSmoke, ROOT, SMOKE, tempDir, trajectory } from "./run-helpers.ts";

function textOf(r: unknown): string {
  return ((r as { content: Array<{ type: string; text: string }> }).content ?? []).map((c) => c.text).join("\n");
}

async function connect(out: string, episode: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(ROOT, "bin/rearrange.js"), "mcp", "--suite", SMOKE, "--episode", episode, "--out", out],
    cwd: ROOT,
    env: { ...process.env, REARRANGE_LOG_LEVEL: "warn" } as Record<string, string>,
    stderr: "pipe",
  });
  const client = new Client({ name: "vitest-client", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

describe.skipIf(!hasSmoke)("rearrange mcp", () => {
  it("lets an SDK client solve an episode through tool calls; the run folder shows SR = 1", async () => {
    const out = tempDir("mcp-");
    const client = await connect(out, "flat-bedside-lamp");
    try {
      const tools = (await client.listTools()).tools.map((t) => t.name).sort();
      // observe and one tool per registered subpolicy (the state-changing ones too)
      expect(tools).toEqual(["observe", ...createDefaultRegistry().types()].sort());
      const first = textOf(await client.callTool({ name: "observe", arguments: {} }));
      expect(first).toMatch(/^Task: /);
      expect(first).toContain("Rooms:");
      expect(client.getInstructions()).toContain("Task:");

      expect(textOf(await client.callTool({ name: "explore", arguments: { room: "bedroom" } }))).toMatch(/^explore\(bedroom\) → ok/);
      const wrong = textOf(await client.callTool({ name: "toggle_on", arguments: { object: "no_such_lamp" } }));
      expect(wrong).toMatch(/failed \(hallucination\)/);
      expect(textOf(await client.callTool({ name: "navigate", arguments: { target: "bedside_lamp" } }))).toMatch(/→ ok/);
      expect(textOf(await client.callTool({ name: "toggle_on", arguments: { object: "bedside_lamp" } }))).toMatch(/→ ok/);
      const json = JSON.parse(textOf(await client.callTool({ name: "observe", arguments: { format: "json" } })));
      expect(json.objects.bedside_lamp.states.toggled_on).toBe(true);
      const end = textOf(await client.callTool({ name: "done", arguments: {} }));
      expect(end).toMatch(/The episode is over \(done\)\. SR 1/);
      const after = await client.callTool({ name: "pick", arguments: { object: "bedside_lamp" } });
      expect(after.isError).toBe(true);
      expect(textOf(after)).toMatch(/episode is over/);
    } finally {
      await client.close();
    }
    const results = JSON.parse(readFileSync(path.join(out, "results.json"), "utf8"));
    expect(results.complete).toBe(true);
    expect(results.agent.name).toBe("mcp:vitest-client");
    expect(results.episodes).toHaveLength(1);
    expect(results.episodes[0]).toMatchObject({ id: "flat-bedside-lamp", SR: 1, steps: 5, doneCalled: true });
    expect(results.episodes[0].actionErrors).toEqual({ hallucination: 1 });
    const lines = trajectory(out, "flat-bedside-lamp");
    expect(lines[0]!.type).toBe("episode");
    expect(lines.filter((l) => l.type === "step").map((l) => l.action.type)).toEqual(["explore", "toggle_on", "navigate", "toggle_on", "done"]);
    expect(lines.at(-1)).toMatchObject({ type: "end", reason: "done" });
  });

  it("a client that leaves mid-episode ends it with an agent error, still written down", async () => {
    const out = tempDir("mcp-leave-");
    const client = await connect(out, "cottage-radio-on");
    await client.callTool({ name: "explore", arguments: { room: "kitchen" } });
    await client.close();
    // the server writes the end of the episode after the client has gone
    let results: { episodes: Array<{ reason: string; steps: number }> } | null = null;
    for (let i = 0; i < 100 && !results; i++) {
      try {
        const r = JSON.parse(readFileSync(path.join(out, "results.json"), "utf8"));
        if (r.episodes.length) results = r;
      } catch {
        // not written yet
      }
      if (!results) await new Promise((r) => setTimeout(r, 50));
    }
    expect(results!.episodes[0]).toMatchObject({ reason: "agent_error", steps: 1 });
  });

  it("answers a stdin line that is not JSON with a -32700 parse error", async () => {
    const child = spawn(process.execPath, [path.join(ROOT, "bin/rearrange.js"), "mcp", "--suite", SMOKE, "--episode", "flat-bedside-lamp", "--out", tempDir("mcp-parse-")], {
      cwd: ROOT,
      env: { ...process.env, REARRANGE_LOG_LEVEL: "warn" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    try {
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      const firstLine = new Promise<string>((resolve) => {
        let buffered = "";
        child.stdout.on("data", (c: Buffer) => {
          buffered += c.toString("utf8");
          if (buffered.includes("\n")) resolve(buffered.slice(0, buffered.indexOf("\n")));
        });
      });
      child.stdin.write("{not json\n");
      expect(JSON.parse(await firstLine)).toMatchObject({ jsonrpc: "2.0", error: { code: -32700, message: "Parse error" } });
      // closing stdin ends the server (no client ever initialized)
      child.stdin.end();
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill();
    }
  });
});

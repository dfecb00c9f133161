import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { ResultsFile } from "../../../harness/metrics/results-schema.ts";
import { ActionBridge } from "../../../harness/mcp/action-bridge.ts";
import { createEpisodeServer } from "../../../harness/mcp/episode-tools.ts";
import { replyToParseErrors, serveMcpEpisode } from "../../../harness/mcp/mcp-episode.ts";
import { ActionSchemas } from "../../../sim/actions.ts";
import { createDefaultRegistry } from "../../../sim/subpolicies/registry.ts";
import { STATE_SUBPOLICIES } from "../../../sim/subpolicies/states/index.ts";
import { kitchenInput } from "../../sim/states/fixture.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const SMOKE = path.join(ROOT, "scenes/suites/smoke.suite.json");

function textOf(r: unknown): string {
  return ((r as { content: Array<{ type: string; text: string }> }).content ?? []).map((c) => c.text).join("\n");
}

interface Session {
  client: Client;
  /** Closes the client and waits for the server to write the results. */
  finish(): Promise<ResultsFile | null>;
}

const open: Session[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.finish()));
});

/** One MCP episode served in-process over an in-memory transport pair, with an SDK client connected. */
async function session(suite: string, episode?: string): Promise<Session> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const out = mkdtempSync(path.join(tmpdir(), "mcp-tools-"));
  const served = serveMcpEpisode({ suite, episode, seed: null, maxSteps: null, out, stepTimeout: 60, transport: serverSide, now: () => "2025-01-01T00:00:00.000Z" });
  const client = new Client({ name: "vitest-inproc", version: "1.0.0" });
  await client.connect(clientSide);
  let finished: Promise<ResultsFile | null> | null = null;
  const s: Session = {
    client,
    finish: () =>
      (finished ??= (async () => {
        await client.close();
        return served;
      })()),
  };
  open.push(s);
  return s;
}

/** A suite of one episode in the state-rule test kitchen: dust the plate (the rag and the knife lie on the counter). */
function kitchenSuite(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "mcp-kitchen-"));
  writeFileSync(path.join(dir, "kitchen.scene.json"), JSON.stringify(kitchenInput()));
  const bddl = [
    "(define (problem kitchen-dust-plate)",
    "    (:domain omnigibson)",
    "    (:objects plate.n.04_1 - plate.n.04 agent.n.01_1 - agent.n.01)",
    "    (:init (dusty plate.n.04_1))",
    "    (:goal (and (not (dusty ?plate.n.04_1))))",
    ")",
  ].join("\n");
  const task = { schemaVersion: 1, id: "kitchen-dust-plate", instruction: "Dust the plate.", bddl, bindings: { "plate.n.04_1": "plate_1", "agent.n.01_1": "agent" } };
  writeFileSync(path.join(dir, "dust-plate.task.json"), JSON.stringify(task));
  const suite = { schemaVersion: 1, id: "kitchen", description: "one state-changing episode", episodes: [{ id: "dust-plate", scene: "kitchen.scene.json", task: "dust-plate.task.json", seed: 0, maxSteps: 20 }] };
  const file = path.join(dir, "kitchen.suite.json");
  writeFileSync(file, JSON.stringify(suite));
  return file;
}

describe("MCP episode tools", () => {
  it("offers observe and one tool per registered subpolicy, each with the action's own argument schema", async () => {
    const { client } = await session(SMOKE, "flat-bedside-lamp");
    const registry = createDefaultRegistry();
    const types = registry.types();
    // the state-changing subpolicies are registered, so they must be offered (the bug: only the core ones were)
    for (const s of STATE_SUBPOLICIES) expect(types).toContain(s.type);
    const tools = (await client.listTools()).tools;
    expect(tools.map((t) => t.name).sort()).toEqual(["observe", ...types].sort());
    for (const type of types) {
      const tool = tools.find((t) => t.name === type)!;
      const expected = z.toJSONSchema((ActionSchemas[type] as z.ZodObject).omit({ type: true })) as { properties?: Record<string, unknown>; required?: string[] };
      expect(Object.keys(tool.inputSchema.properties ?? {}), type).toEqual(Object.keys(expected.properties ?? {}));
      expect(tool.inputSchema.required ?? [], type).toEqual(expected.required ?? []);
      if (type !== "done") expect(tool.description, type).toBe(registry.get(type)!.description);
    }
    const clean = tools.find((t) => t.name === "clean")!;
    expect(clean.inputSchema.required).toEqual(["object"]);
    expect(Object.keys(clean.inputSchema.properties!)).toEqual(["object", "tool"]);
    const instructions = client.getInstructions()!;
    for (const type of types.filter((t) => t !== "done")) expect(instructions, type).toContain(type);
  });

  it("state-changing tools reach the simulator: its typed failures come back", async () => {
    const { client } = await session(SMOKE, "flat-bedside-lamp");
    expect(textOf(await client.callTool({ name: "explore", arguments: { room: "bedroom" } }))).toMatch(/^explore\(bedroom\) → ok/);
    expect(textOf(await client.callTool({ name: "navigate", arguments: { target: "bedside_lamp" } }))).toMatch(/→ ok/);
    expect(textOf(await client.callTool({ name: "clean", arguments: { object: "bedside_lamp" } }))).toMatch(/^clean\(bedside_lamp\) → failed \(additional_step\): bedside_lamp is already clean/);
    expect(textOf(await client.callTool({ name: "slice", arguments: { object: "bedside_lamp" } }))).toMatch(/^slice\(bedside_lamp\) → failed \(affordance\): bedside_lamp cannot be sliced/);
    expect(textOf(await client.callTool({ name: "cook", arguments: { object: "no_such_pot" } }))).toMatch(/failed \(hallucination\)/);
  });

  it("solves a state-changing task through MCP: clean with a held rag, SR 1", async () => {
    const s = await session(kitchenSuite());
    const { client } = s;
    const call = async (name: string, args: Record<string, unknown>) => textOf(await client.callTool({ name, arguments: args }));
    expect(await call("clean", { object: "plate_1" })).toMatch(/failed \(missing_step\): not holding anything to clean with/);
    expect(await call("explore", { room: "kitchen" })).toMatch(/→ ok/);
    expect(await call("navigate", { target: "rag_1" })).toMatch(/→ ok/);
    expect(await call("pick", { object: "rag_1" })).toMatch(/→ ok/);
    expect(await call("slice", { object: "apple_1" })).toMatch(/failed \(missing_step\): rag_1 cannot cut/);
    expect(await call("navigate", { target: "plate_1" })).toMatch(/→ ok/);
    expect(await call("clean", { object: "plate_1", tool: "rag_1" })).toMatch(/^clean\(plate_1, rag_1\) → ok: cleaned plate_1 with rag_1: no longer dusty/);
    expect(await call("done", {})).toMatch(/The episode is over \(done\)\. SR 1/);
    const results = await s.finish();
    expect(results!.episodes[0]).toMatchObject({ id: "dust-plate", SR: 1, steps: 8, doneCalled: true });
  });

  it("observe after done shows the ended episode and the steps really taken", async () => {
    const { client } = await session(SMOKE, "flat-bedside-lamp");
    const before = textOf(await client.callTool({ name: "observe", arguments: {} }));
    const budget = Number(/Step 0 of (\d+) \(\d+ left\)/.exec(before)![1]);
    await client.callTool({ name: "explore", arguments: { room: "bedroom" } });
    await client.callTool({ name: "done", arguments: {} });
    const after = textOf(await client.callTool({ name: "observe", arguments: {} }));
    expect(after).toMatch(/^Task: /);
    expect(after).toContain(`The episode is over (done) after 2 of ${budget} steps; no more actions are accepted. SR 0`);
    expect(after).not.toMatch(/Step \d+ of/);
    expect(after).toContain("Last action: done() → ok");
    expect(after).toContain("bedside_lamp");
    const json = JSON.parse(textOf(await client.callTool({ name: "observe", arguments: { format: "json" } })));
    expect(json).toMatchObject({ step: 2, stepsLeft: budget - 2, lastAction: { type: "done" }, episode: { over: true, reason: "done", steps: 2, maxSteps: budget } });
    expect(json.objects.bedside_lamp).toBeDefined();
  });
});

describe("MCP stdio transport", () => {
  it("answers a line that is not JSON with -32700 Parse error and keeps serving", async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const lines: Array<Record<string, any>> = [];
    let buffered = "";
    stdout.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      let i: number;
      while ((i = buffered.indexOf("\n")) >= 0) {
        lines.push(JSON.parse(buffered.slice(0, i)));
        buffered = buffered.slice(i + 1);
      }
    });
    const errors: Error[] = [];
    const server = createEpisodeServer(new ActionBridge(), { instruction: "test", episode: "e" });
    server.server.onerror = (e) => errors.push(e);
    await server.connect(replyToParseErrors(new StdioServerTransport(stdin, stdout)));
    try {
      stdin.write("this is not json\n");
      stdin.write('{"jsonrpc":"2.0","id":7,"method":"ping"}\n');
      for (let i = 0; i < 100 && lines.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
      expect(lines[0]).toEqual({ jsonrpc: "2.0", error: { code: -32700, message: "Parse error", data: expect.any(String) } });
      expect(lines[1]).toEqual({ jsonrpc: "2.0", id: 7, result: {} });
      // the SDK still reports it to the server's own error handler
      expect(errors.some((e) => e instanceof SyntaxError)).toBe(true);
    } finally {
      await server.close();
    }
  });
});

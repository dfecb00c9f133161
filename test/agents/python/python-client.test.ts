import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { pino } from "pino";
import { JsonRpcAgent } from "../../../harness/agents/jsonrpc-agent.ts";
import { quoteWord } from "../../../harness/agents/jsonrpc/command-line.ts";
import { setLogger } from "../../../harness/logger.ts";
import { fakeObservation } from "../jsonrpc/fake-observation.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const hasPython = spawnSync("python3", ["--version"]).status === 0;
const TASK = { id: "t1", instruction: "put the cup away", seed: 3 };

beforeAll(() => setLogger(pino({ level: "silent" })));

const agents: JsonRpcAgent[] = [];
afterEach(async () => {
  for (const a of agents.splice(0)) await a.close();
});

describe.skipIf(!hasPython)("Python client module (python3 needed)", () => {
  it("serves the example agent: initialize lists its probe, act explores the nearest unexplored room", async () => {
    const a = new JsonRpcAgent("python3 agents/python/example_agent.py", { cwd: ROOT });
    agents.push(a);
    expect(a.name).toBe("example_agent");
    await a.reset(TASK, fakeObservation());
    expect(a.name).toBe("python-example"); // its initialize answer names it
    expect(a.version).toBe("1");
    expect(a.capabilities).toContain("rankPlacements");
    expect(a.capabilities).not.toContain("detectMisplaced");
    expect(await a.act(fakeObservation())).toEqual({ type: "explore", room: "kitchen" });
    expect(await a.rankPlacements({ id: "q", object: "cup", candidates: ["x", "y"] })).toEqual(["x", "y"]);
  });

  it("opens a closed container once every room is explored, navigating to it first, then calls done", async () => {
    const a = new JsonRpcAgent("python3 agents/python/example_agent.py", { cwd: ROOT });
    agents.push(a);
    const obs = fakeObservation(3);
    for (const r of obs.rooms) r.explored = true;
    await a.reset(TASK, obs);
    expect(await a.act(obs)).toEqual({ type: "navigate", target: "cabinet_1" });
    const near = { ...obs, lastAction: { type: "navigate" as const, target: "cabinet_1" }, lastFeedback: { ok: true, error: null, message: "walked" } };
    expect(await a.act(near)).toBe("open(cabinet_1)");
    expect(await a.act({ ...near, lastAction: { type: "open", object: "cabinet_1" } })).toEqual({ type: "done" });
  });

  it("answers an exception in the agent with an error response and keeps serving", async () => {
    const code = [
      "import sys; sys.path.insert(0, 'agents/python')",
      "from rearrange_agent import Agent, run",
      "class A(Agent):",
      "    def act(self, obs):",
      "        if obs['step'] == 0: raise ValueError('boom')",
      "        return 'done()'",
      "run(A())",
    ].join("\n");
    const a = new JsonRpcAgent(`python3 -c ${quoteWord(code)}`, { cwd: ROOT });
    agents.push(a);
    await a.reset(TASK, fakeObservation());
    await expect(a.act(fakeObservation(0))).rejects.toThrow(/error -32603: ValueError: boom/);
    expect(await a.act(fakeObservation(1))).toBe("done()");
    // its class sets no name: the harness keeps the one made from the command
    expect(a.name).toBe("python3");
  });
});

import { Writable } from "node:stream";
import path from "node:path";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { JsonRpcAgent, nameFromCommand } from "../../../harness/agents/jsonrpc-agent.ts";
import { setLogger } from "../../../harness/logger.ts";
import { AgentTimeout } from "../../../harness/runner/timeout.ts";
import { fakeObservation } from "./fake-observation.ts";

const SCRIPT = path.resolve(import.meta.dirname, "../../fixtures/jsonrpc/scripted-agent.mjs");
const TASK = { id: "t1", instruction: "tidy up", seed: 1 };

let logLines: Array<Record<string, unknown>>;
beforeEach(() => {
  logLines = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split("\n")) if (l) logLines.push(JSON.parse(l));
      cb();
    },
  });
  setLogger(pino({ level: "debug" }, sink));
});

const agents: JsonRpcAgent[] = [];
function make(mode: string, options: Record<string, unknown> = {}): JsonRpcAgent {
  const a = new JsonRpcAgent(`node ${JSON.stringify(SCRIPT)} ${mode}`, options);
  agents.push(a);
  return a;
}
afterEach(async () => {
  for (const a of agents.splice(0)) await a.close();
});

describe("JsonRpcAgent", () => {
  it("runs initialize, reset and act, and accepts both action objects and text", async () => {
    const a = make("ok");
    await a.reset(TASK, fakeObservation());
    expect(a.version).toBe("7");
    expect(a.capabilities).toEqual(["act", "close", "rankPlacements", "reset"]);
    expect(await a.act(fakeObservation())).toEqual({ type: "explore", room: "kitchen" });
    expect(await a.act(fakeObservation(1))).toBe("done()");
    expect(logLines.some((l) => l.msg === "reset t1")).toBe(true);
  });

  it("calls a probe method the agent offers", async () => {
    const a = make("ok");
    expect(await a.rankPlacements({ id: "q", object: "cup", candidates: ["a", "b", "c"] })).toEqual(["c", "b", "a"]);
  });

  it("names a probe method the agent lacks", async () => {
    const a = make("ok");
    await expect(a.detectMisplaced({ id: "q", objects: [] })).rejects.toThrow(/does not implement detectMisplaced/);
  });

  it("treats initialize as optional", async () => {
    const a = make("no-init");
    await a.reset(TASK, fakeObservation());
    expect(a.capabilities).toBeNull();
    expect(await a.act(fakeObservation())).toEqual({ type: "explore", room: "kitchen" });
  });

  it("fails the call with a clear error when the agent writes non-JSON, and restarts on the next reset", async () => {
    const a = make("garbage");
    await a.reset(TASK, fakeObservation());
    await expect(a.act(fakeObservation())).rejects.toThrow(/not JSON on stdout.*this is not json/);
    await a.reset(TASK, fakeObservation()); // a fresh process
    await expect(a.act(fakeObservation())).rejects.toThrow(/not JSON/);
  });

  it("reports a process that dies mid-episode with its exit code and last stderr", async () => {
    const a = make("die");
    await a.reset(TASK, fakeObservation());
    await expect(a.act(fakeObservation())).rejects.toThrow(/exited with code 3.*about to die/);
  });

  it("reports a process that exited between calls", async () => {
    const a = make("late-exit");
    await a.reset(TASK, fakeObservation());
    await new Promise((r) => setTimeout(r, 200));
    await expect(a.act(fakeObservation())).rejects.toThrow(/exited with code 0/);
  });

  it("times out a call and stops the process", async () => {
    const a = make("slow", { timeout: 1 });
    await a.reset(TASK, fakeObservation());
    const err = await a.act(fakeObservation()).catch((e) => e);
    expect(err).toBeInstanceOf(AgentTimeout);
    await a.reset(TASK, fakeObservation()); // restarted
  });

  it("cancel() stops a process busy with a call the runner gave up on; the next reset starts a fresh one", async () => {
    const a = make("slow"); // never answers act; its own call timeout (120 s) is far off
    await a.reset(TASK, fakeObservation());
    const pending = a.act(fakeObservation());
    await a.cancel();
    // the process is gone: the call it could not answer fails now, naming why
    expect(await pending.catch((e) => e)).toMatchObject({ name: "AgentProcessError", message: expect.stringMatching(/stopped|killed/) });
    await a.reset(TASK, fakeObservation());
    const again = a.act(fakeObservation());
    await a.cancel();
    await expect(again).rejects.toThrow();
  });

  it("a call in flight fails as stopped when the agent is stopped, though the process ends by itself at the end of its input", async () => {
    const a = make("slow");
    await a.reset(TASK, fakeObservation());
    const pending = a.act(fakeObservation());
    // close() gives a busy process time to end by itself once its stdin closes: it exits with code 0 before any kill
    await a.close();
    expect(await pending.catch((e) => e)).toMatchObject({ name: "AgentProcessError", message: expect.stringMatching(/agent process was stopped \(it exited with code 0\)/) });
  });

  it("cancel() leaves an idle process alone", async () => {
    const a = make("ok");
    await a.reset(TASK, fakeObservation());
    await a.cancel();
    expect(await a.act(fakeObservation())).toEqual({ type: "explore", room: "kitchen" });
  });

  it("records the name the agent gives in initialize, unless the name option is set", async () => {
    const a = make("ok");
    expect(a.name).toBe("scripted-agent"); // from the command, until the agent says
    await a.reset(TASK, fakeObservation());
    expect(a.name).toBe("scripted");
    const named = make("ok", { name: "mine" });
    await named.reset(TASK, fakeObservation());
    expect(named.name).toBe("mine");
    const silent = make("no-init");
    await silent.reset(TASK, fakeObservation());
    expect(silent.name).toBe("scripted-agent");
  });

  it("logs stderr line by line but caps how many lines", async () => {
    const a = make("flood");
    await a.reset(TASK, fakeObservation());
    await a.act(fakeObservation());
    await new Promise((r) => setTimeout(r, 100));
    const stderr = logLines.filter((l) => l.msg === "agent stderr");
    expect(stderr.length).toBe(1000);
    expect(stderr[0]!.stderr).toBe("noise 0");
    expect(logLines.some((l) => String(l.msg).includes("further lines are not logged"))).toBe(true);
  });

  it("cannot start a missing program: the error names it", async () => {
    const a = new JsonRpcAgent("definitely-not-a-program-xyz --flag");
    agents.push(a);
    await expect(a.reset(TASK, fakeObservation())).rejects.toThrow(/cannot start agent command "definitely-not-a-program-xyz": ENOENT/);
  });

  it("rejects a command line with an unterminated quote when created", () => {
    expect(() => new JsonRpcAgent(`python3 'agent.py`)).toThrow(/column 9: unterminated single quote/);
  });

  it("runs through a shell only when asked", async () => {
    const a = make("", { shell: true });
    // through sh -c the quoted path and the empty mode argument are the shell's to handle
    await a.reset(TASK, fakeObservation());
    expect(await a.act(fakeObservation())).toEqual({ type: "explore", room: "kitchen" });
  });
});

describe("nameFromCommand", () => {
  it.each([
    ["python3 agents/python/example_agent.py", "example_agent"],
    ["python3 -u 'my dir/agent.py' --x", "agent"],
    ["./bin/my-agent", "my-agent"],
    ["node dist/agent.mjs", "agent"],
  ])("%s → %s", (cmd, name) => {
    expect(nameFromCommand(cmd, false)).toBe(name);
  });
});

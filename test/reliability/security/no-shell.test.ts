/**
 * `--agent cmd:COMMAND` starts the program without a shell unless `shell=true` is asked for: shell
 * syntax in the command line reaches the program as plain words and runs nothing.
 */
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { JsonRpcAgent } from "../../../harness/agents/jsonrpc-agent.ts";
import { fakeObservation } from "../../agents/jsonrpc/fake-observation.ts";

const ARGV_AGENT = path.resolve(import.meta.dirname, "../../fixtures/faulty/argv-agent.mjs");
const TASK = { id: "t", instruction: "x", seed: 0 };
const dir = mkdtempSync(path.join(os.tmpdir(), "no-shell-"));
const agents: JsonRpcAgent[] = [];
afterEach(async () => {
  for (const a of agents.splice(0)) await a.close();
});

/** Starts the argv agent with `tail` appended to its command line; returns the words it received. */
async function startWith(tail: string, options: Record<string, unknown> = {}): Promise<string[]> {
  const agent = new JsonRpcAgent(`node ${JSON.stringify(ARGV_AGENT)} ${tail}`, options);
  agents.push(agent);
  await agent.reset(TASK, fakeObservation());
  return JSON.parse(agent.version);
}

describe("agent subprocesses start without a shell", () => {
  const injections = (marker: string) => [
    `; touch ${marker}`,
    `&& touch ${marker}`,
    `| touch ${marker}`,
    `$(touch ${marker})`,
    `\`touch ${marker}\``,
    `> ${marker}`,
  ];

  it("shell syntax is passed as words and runs nothing", async () => {
    for (const [i, injection] of injections(path.join(dir, "pwned")).entries()) {
      const marker = path.join(dir, `pwned-${i}`);
      const words = await startWith(injection.replace(path.join(dir, "pwned"), marker));
      expect(existsSync(marker), injection).toBe(false);
      expect(words.join(" "), injection).toContain(marker);
    }
    const words = await startWith("$HOME '*' \"$PATH\"");
    expect(words).toEqual(["$HOME", "*", "$PATH"]);
  });

  it("with shell=true the same line does run through /bin/sh (the check above could fail)", async () => {
    const marker = path.join(dir, "through-shell");
    const agent = new JsonRpcAgent(`touch ${marker}; node ${JSON.stringify(ARGV_AGENT)}`, { shell: true });
    agents.push(agent);
    await agent.reset(TASK, fakeObservation());
    expect(existsSync(marker)).toBe(true);
    // and without shell=true that line is one program with literal words: touch makes "plain;" and "node"
    const quiet = new JsonRpcAgent("touch plain; node", { cwd: dir });
    agents.push(quiet);
    await expect(quiet.reset(TASK, fakeObservation())).rejects.toThrow(/exited with code 0/);
    expect([existsSync(path.join(dir, "plain;")), existsSync(path.join(dir, "plain")), existsSync(path.join(dir, "node"))]).toEqual([true, false, true]);
  });
});

/**
 * Faults outside an episode: an agent whose close() throws at the end of the run, an agent module that
 * cannot be built, an agent program that cannot start, and a Gymnasium-style caller that steps after
 * done().
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runSuite } from "../../../harness/runner/run-suite.ts";
import { RearrangeEnv } from "../../../sim/env.ts";
import { InputError } from "../../../sim/errors.ts";
import { parseProblem } from "../../../sim/bddl/parser.ts";
import { tinyFlat } from "../../helpers/scenes.ts";
import { readAllTrajectories, readResults } from "../helpers/run-files.ts";
import { runOptions, writeTinySuite } from "../helpers/tiny-suite.ts";

const AGENT = path.resolve(import.meta.dirname, "../../fixtures/faulty/faulty-agent.ts");

describe("an agent whose close() throws", () => {
  for (const workers of [1, 2]) {
    it(`--workers ${workers}: every episode's results are written and complete`, async () => {
      const s = writeTinySuite({ episodes: 3 });
      const out = path.join(s.dir, "out");
      await runSuite(runOptions(s.suite, out, { agent: AGENT, agentOptions: { fault: "throw-close" }, workers })).catch(() => undefined);
      const results = readResults(out);
      expect(results.complete).toBe(true);
      expect(results.episodes.map((r) => r.id)).toEqual(s.ids);
      expect(readAllTrajectories(out).every((t) => t.end !== null)).toBe(true);
    }, 60_000);
  }

  it("… and the run succeeds: a failing close() is worth a warning, not a failed run", async () => {
    const s = writeTinySuite({ episodes: 2 });
    const results = await runSuite(runOptions(s.suite, path.join(s.dir, "out"), { agent: AGENT, agentOptions: { fault: "throw-close" } }));
    expect(results.complete).toBe(true);
    expect(results.episodes.map((r) => r.id)).toEqual(s.ids);
  }, 60_000);
});

describe("an agent module that cannot be built", () => {
  it("fails before any episode with an InputError naming the module", async () => {
    const s = writeTinySuite({ episodes: 2 });
    const bad = path.join(s.dir, "bad-agent.ts");
    writeFileSync(bad, "export default function () { throw new Error('no model file'); }\n");
    const out = path.join(s.dir, "out");
    const err = await runSuite(runOptions(s.suite, out, { agent: bad, agentOptions: {} })).catch((e) => e);
    expect(err).toBeInstanceOf(InputError);
    expect(err.message).toMatch(/bad-agent\.ts: default export: the agent failed to start: Error: no model file/);
    const notAgent = path.join(s.dir, "not-agent.ts");
    writeFileSync(notAgent, "export default { hello: 1 };\n");
    const err2 = await runSuite(runOptions(s.suite, out, { agent: notAgent, agentOptions: {} })).catch((e) => e);
    expect(err2).toBeInstanceOf(InputError);
    expect(err2.message).toMatch(/not-agent\.ts: default export: expected an Agent class/);
  });
});

describe("an agent program that cannot start", () => {
  it("fails before any episode with an InputError naming the command, instead of an error in every episode", async () => {
    const s = writeTinySuite({ episodes: 3 });
    const out = path.join(s.dir, "out");
    const err = await runSuite(runOptions(s.suite, out, { agent: "cmd:definitely-not-a-program-xyz --flag", agentOptions: {} })).catch((e) => e);
    expect(err).toBeInstanceOf(InputError);
    expect(err.message).toMatch(/^cmd:definitely-not-a-program-xyz --flag: the agent program did not start: .*cannot start agent command "definitely-not-a-program-xyz": ENOENT/);
    const exits = await runSuite(runOptions(s.suite, out, { agent: `cmd:node -e "process.exit(4)"`, agentOptions: {} })).catch((e) => e);
    expect(exits.message).toMatch(/did not start: .*exited with code 4/);
  });
});

describe("done() twice through the Gymnasium-style API", () => {
  it("the second step is refused with a clear error and changes nothing", () => {
    const problem = parseProblem("(define (problem p) (:domain d) (:objects lamp.n.02_1 - lamp.n.02 agent.n.01_1 - agent.n.01) (:init) (:goal (toggled_on ?lamp.n.02_1)))", "p.bddl");
    const task = { path: "p.task.json", hash: "0", task: { schemaVersion: 1 as const, id: "p", instruction: "lamp", bindings: { "lamp.n.02_1": "lamp_1" }, tags: [] }, problem };
    const env = new RearrangeEnv({ scene: tinyFlat(), task, seed: 0, maxSteps: 10 });
    env.reset(0);
    const first = env.step({ type: "done" });
    expect(first.terminated).toBe(true);
    const world = JSON.stringify([...env.world.objects.values()].map((o) => [o.id, o.box, o.states]));
    expect(() => env.step({ type: "done" })).toThrow(/the episode has ended; call reset\(\) to start again/);
    expect(() => env.step("pick(apple_1)")).toThrow(/episode has ended/);
    expect(JSON.stringify([...env.world.objects.values()].map((o) => [o.id, o.box, o.states]))).toBe(world);
    env.reset(0);
    expect(env.step({ type: "done" }).terminated).toBe(true);
  });
});

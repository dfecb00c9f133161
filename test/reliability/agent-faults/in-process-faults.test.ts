/**
 * Agent faults, in-process agents: an agent that throws, hangs past the step timeout, returns garbage
 * or unknown ids, or calls done twice. Every run completes, the faulty episodes record their error
 * category, and every other episode is byte for byte what a clean run writes.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runSuite } from "../../../harness/runner/run-suite.ts";
import type { StepEvent } from "../../../harness/trajectory/events.ts";
import type { TrajectoryRead } from "../../../harness/trajectory/reader.ts";
import { GARBAGE, UNKNOWN } from "../../fixtures/faulty/faulty-agent.ts";
import { episodeTexts, readAllTrajectories, readResults } from "../helpers/run-files.ts";
import { runOptions, writeTinySuite } from "../helpers/tiny-suite.ts";

const AGENT = path.resolve(import.meta.dirname, "../../fixtures/faulty/faulty-agent.ts");
const FAULT_SEEDS = [1, 3];
const FAULT_STEP = 2;
const STEP_TIMEOUT = 0.5;
const suite = writeTinySuite({ episodes: 5, maxSteps: 30 });
const root = mkdtempSync(path.join(os.tmpdir(), "agent-faults-"));

type Row = Record<string, any>;
interface Case {
  fault: string;
  /** Checks a faulty episode's results row and trajectory. */
  check(row: Row, traj: TrajectoryRead): void;
}

const failedSteps = (traj: TrajectoryRead, from: number, n: number): StepEvent[] => traj.steps.slice(from - 1, from - 1 + n);

const CASES: Case[] = [
  {
    fault: "throw",
    check(row, traj) {
      expect(row.error).toEqual({ category: "agent_error", message: "Error: injected fault: act failed" });
      expect(row.reason).toBe("agent_error");
      expect(traj.steps).toHaveLength(FAULT_STEP - 1);
    },
  },
  {
    fault: "throw-reset",
    check(row, traj) {
      expect(row.error).toEqual({ category: "agent_error", message: "Error: injected fault: reset failed" });
      expect(traj.steps).toHaveLength(0);
    },
  },
  {
    fault: "throw-hostile",
    check(row) {
      // a thrown Proxy whose every trap throws: described, not rethrown
      expect(row.error).toEqual({ category: "agent_error", message: "a value that cannot be described" });
    },
  },
  {
    fault: "return-hostile",
    check(row) {
      // returning it is the agent's exception too: reading the value (is it a promise?) throws
      expect(row.error).toEqual({ category: "agent_error", message: "Error: hostile value touched" });
    },
  },
  {
    fault: "hang",
    check(row, traj) {
      expect(row.error).toEqual({ category: "timeout", message: `agent.act() did not answer within ${STEP_TIMEOUT} s` });
      expect(row.reason).toBe("timeout");
      expect(traj.steps).toHaveLength(FAULT_STEP - 1);
    },
  },
  {
    fault: "hang-thenable",
    check(row) {
      expect(row.error?.category).toBe("timeout");
    },
  },
  {
    fault: "hang-reset",
    check(row, traj) {
      expect(row.error).toEqual({ category: "timeout", message: `agent.reset() did not answer within ${STEP_TIMEOUT} s` });
      expect(traj.steps).toHaveLength(0);
    },
  },
  {
    fault: "garbage",
    check(row, traj) {
      // every garbage value is a `parse` failure that costs a step, recorded as {type:"invalid", raw}
      expect(row.error).toBeNull();
      const bad = failedSteps(traj, FAULT_STEP, GARBAGE.length);
      expect(bad.map((s) => [s.action.type, s.feedback.error])).toEqual(GARBAGE.map(() => ["invalid", "parse"]));
      expect(row.actionErrors.parse).toBe(GARBAGE.length);
      expect(row.reason).toBe("done");
      // the 5 MB string, 100 000 nested arrays and the cycle were recorded bounded
      const lines = readFileSync(traj.file, "utf8").split("\n");
      expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(20_000);
    },
  },
  {
    fault: "unknown-ids",
    check(row, traj) {
      expect(row.error).toBeNull();
      const bad = failedSteps(traj, FAULT_STEP, UNKNOWN.length);
      expect(bad.every((s) => !s.feedback.ok)).toBe(true);
      expect(bad.filter((s) => s.feedback.error === "hallucination").length).toBeGreaterThanOrEqual(4);
      // well-formed ones are recorded as they were; an empty id is not even an action
      expect(bad.map((s) => s.action)).toEqual(UNKNOWN.map((a) => (Object.values(a).includes("") ? { type: "invalid", raw: a } : a)));
    },
  },
  {
    fault: "done-twice",
    check(row, traj) {
      expect(row.reason).toBe("done");
      expect(row.doneCalled).toBe(true);
      expect(traj.steps).toHaveLength(FAULT_STEP);
      expect(traj.steps.at(-1)!.action).toEqual({ type: "done" });
    },
  },
  {
    fault: "info-garbage",
    check(row, traj) {
      expect(row.error).toBeNull();
      const info = traj.steps[FAULT_STEP - 1]!.info!;
      expect(info).toEqual({ tokens: { $bigint: "10" }, self: { $circular: true } });
    },
  },
];

describe("in-process agent faults: the run completes, the faulty episodes record why, the others are untouched", () => {
  const reference = path.join(root, "clean");
  let refRows: Row[] = [];

  beforeAll(async () => {
    await runSuite(runOptions(suite.suite, reference, { agent: AGENT, agentOptions: { fault: "none", doneProbability: 0.02 }, stepTimeout: STEP_TIMEOUT }));
    refRows = readResults(reference).episodes;
    // the faulty episodes must live long enough for the fault to strike
    for (const seed of FAULT_SEEDS) expect(refRows.find((r) => r.seed === seed)!.steps).toBeGreaterThanOrEqual(FAULT_STEP + 1);
  }, 60_000);

  for (const c of CASES) {
    it(`${c.fault}`, async () => {
      const out = path.join(root, c.fault);
      const log = path.join(root, `${c.fault}.log.jsonl`);
      const options = { fault: c.fault, faultSeeds: FAULT_SEEDS.join(","), faultStep: FAULT_STEP, doneProbability: 0.02, log };
      const returned = await runSuite(runOptions(suite.suite, out, { agent: AGENT, agentOptions: options, stepTimeout: STEP_TIMEOUT }));

      const results = readResults(out);
      expect(results.complete).toBe(true);
      expect(results.episodes).toEqual(returned.episodes);
      expect(results.episodes.map((r) => r.id)).toEqual(suite.ids);
      expect(results.metrics.episodes).toBe(suite.ids.length);
      const trajectories = readAllTrajectories(out);
      expect(trajectories.map((t) => t.problems)).toEqual(trajectories.map(() => []));

      const ref = episodeTexts(reference);
      const got = episodeTexts(out);
      for (const [i, row] of results.episodes.entries()) {
        const traj = trajectories.find((t) => t.header.episodeId === row.id)!;
        expect(traj.end!.reason).toBe(row.reason);
        if (FAULT_SEEDS.includes(row.seed)) {
          c.check(row, traj);
        } else {
          expect(row).toEqual(refRows[i]);
          expect(got.get(`${row.id}.jsonl`)).toEqual(ref.get(`${row.id}.jsonl`));
        }
      }
      const expectedErrors = results.episodes.filter((r) => r.error).length;
      expect(results.metrics.errors).toBe(expectedErrors);

      // the harness never asks for an action after done() or after a failure in the same episode
      const events = readFileSync(log, "utf8").trim().split("\n").map((l) => JSON.parse(l));
      for (const seed of FAULT_SEEDS) {
        const row = results.episodes.find((r) => r.seed === seed)!;
        const start = events.findIndex((e) => e.event === "reset" && e.seed === seed);
        const next = events.findIndex((e, j) => j > start && e.event === "reset");
        const acts = events.slice(start, next < 0 ? undefined : next).filter((e) => e.event === "act");
        const stepsAsked = row.reason === "done" || row.reason === "budget" ? row.steps : row.steps + (c.fault.endsWith("reset") ? 0 : 1);
        expect(acts.length).toBe(stepsAsked);
      }
    }, 60_000);
  }
});

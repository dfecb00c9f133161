/**
 * Agent faults, JSON-RPC subprocess agents (`--agent cmd:…`): a process that exits, writes non-JSON,
 * half a message or a 3 MB line, answers an id nobody asked for or twice, answers with an error,
 * hangs, closes its stdout, floods stderr. Every run completes, the faulty episodes record why, the
 * process is replaced for the next episode, and every other episode equals a clean run's.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getLogger, setLogger } from "../../../harness/logger.ts";
import { runSuite } from "../../../harness/runner/run-suite.ts";
import { episodeTexts, readAllTrajectories, readResults } from "../helpers/run-files.ts";
import { runOptions, writeTinySuite } from "../helpers/tiny-suite.ts";

const SCRIPT = path.resolve(import.meta.dirname, "../../fixtures/faulty/faulty-jsonrpc-agent.mjs");
const FAULT_SEEDS = [1, 3];
const FAULT_STEP = 2;
const STEP_TIMEOUT = 0.5;
/**
 * The step timeout of the runs whose fault is no failure: reading 20 000 stderr lines and a 1 MB line can take
 * longer than the short timeout on a busy machine, and how long a call may take is not what they test.
 */
const PATIENT_TIMEOUT = 30;
const suite = writeTinySuite({ episodes: 5, maxSteps: 20 });
const root = mkdtempSync(path.join(os.tmpdir(), "subprocess-faults-"));
const agentSpec = (fault: string) => `cmd:node ${JSON.stringify(SCRIPT)} ${fault} ${FAULT_SEEDS.join(",")} ${FAULT_STEP}`;

/** What a faulty episode must record: its error (null: the fault is not the agent's failure), matched loosely. */
const CASES: Array<{ fault: string; error: { category: string; message: RegExp } | null }> = [
  { fault: "exit", error: { category: "agent_error", message: /exited with code 3; last stderr: injected fault: exiting/ } },
  { fault: "non-json", error: { category: "agent_error", message: /a line that is not JSON on stdout.*this is not json/ } },
  { fault: "huge-line", error: { category: "agent_error", message: /not JSON on stdout.*"#{200}"/ } },
  { fault: "partial-json", error: { category: "timeout", message: /agent\.act\(\) did not answer within 0\.5 s/ } },
  { fault: "unknown-id", error: { category: "agent_error", message: /answered an unknown request id \d+/ } },
  { fault: "double-answer", error: { category: "agent_error", message: /answered an unknown request id|agent process was stopped/ } },
  { fault: "error-answer", error: { category: "agent_error", message: /error -32000: injected fault: the model is down/ } },
  { fault: "hang", error: { category: "timeout", message: /did not answer within 0\.5 s/ } },
  { fault: "close-stdout", error: { category: "agent_error", message: /closed its stdout while still running/ } },
  { fault: "flood-stderr", error: null },
  { fault: "log-garbage", error: null },
];

describe("JSON-RPC subprocess agent faults", () => {
  const reference = path.join(root, "clean");
  const logged: Array<Record<string, unknown>> = [];
  const previous = getLogger();

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, cb) {
        for (const l of String(chunk).split("\n")) if (l) logged.push(JSON.parse(l));
        cb();
      },
    });
    setLogger(pino({ level: "info" }, sink));
    await runSuite(runOptions(suite.suite, reference, { agent: agentSpec("none"), agentOptions: {}, stepTimeout: STEP_TIMEOUT }));
    expect(readResults(reference).episodes.every((r) => r.error === null)).toBe(true);
  }, 60_000);
  afterAll(() => setLogger(previous));

  for (const c of CASES) {
    it(`${c.fault}`, async () => {
      const out = path.join(root, c.fault);
      logged.length = 0;
      const stepTimeout = c.error ? STEP_TIMEOUT : PATIENT_TIMEOUT;
      const returned = await runSuite(runOptions(suite.suite, out, { agent: agentSpec(c.fault), agentOptions: {}, stepTimeout }));
      const results = readResults(out);
      expect(results.complete).toBe(true);
      expect(results.episodes).toEqual(returned.episodes);
      expect(results.episodes.map((r) => r.id)).toEqual(suite.ids);
      expect(readAllTrajectories(out).every((t) => t.end !== null && t.problems.length === 0)).toBe(true);

      const refRows = readResults(reference).episodes;
      const ref = episodeTexts(reference);
      const got = episodeTexts(out);
      for (const [i, row] of results.episodes.entries()) {
        if (FAULT_SEEDS.includes(row.seed) && c.error) {
          expect(row.error?.category).toBe(c.error.category);
          expect(row.error?.message).toMatch(c.error.message);
          expect(row.reason).toBe(c.error.category);
        } else {
          // the next episode got a fresh process and played exactly as in the clean run (the rows and trajectories
          // hold no step timeout: the run's config is left out)
          expect(row).toEqual(refRows[i]);
          expect(got.get(`${row.id}.jsonl`)).toEqual(ref.get(`${row.id}.jsonl`));
        }
      }
      if (c.fault === "flood-stderr") {
        // 2 × 20 001 stderr lines; the log keeps at most 1000 per process, each line cut at 4000 characters
        const lines = logged.filter((l) => l.msg === "agent stderr");
        expect(lines.length).toBeGreaterThan(0);
        expect(lines.length).toBeLessThanOrEqual(2 * 1000);
        expect(Math.max(...lines.map((l) => String(l.stderr).length))).toBeLessThanOrEqual(4000 + 30);
      }
    }, 60_000);
  }
});

/**
 * `--step-timeout` with a `cmd:` agent whose call blocks (docs/agents.md, "Lifecycle"): the process that
 * timed out is stopped before its episode's end is written — not left running until the next episode or the
 * end of the run, where it would hold up `close` — and the next episode gets a fresh process. Real
 * subprocesses; no wall-clock assertion: the agent writes a marker when its blocking call would have
 * ended, and the run must be over, every agent process gone, without any marker written.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getLogger, setLogger } from "../../../harness/logger.ts";
import type { Reporter } from "../../../harness/runner/run-events.ts";
import { runSuite } from "../../../harness/runner/run-suite.ts";
import { runOptions, writeTinySuite } from "../../reliability/helpers/tiny-suite.ts";
import { actingPids, agentPids, blockingAgentSpec, isAlive, sleptPids } from "./agent-processes.ts";

/** Longer than the run takes once each timed-out process is stopped; shorter than the 10 s `close` used to wait on a busy one. */
const SLEEP_MS = 8000;
const STEP_TIMEOUT = 0.5;

describe("a cmd: agent that times out (--step-timeout)", () => {
  const previous = getLogger();
  beforeAll(() => setLogger(pino({ level: "silent" })));
  afterAll(() => setLogger(previous));

  for (const workers of [1, 2]) {
    it(`--workers ${workers}: the process is stopped before the episode ends, the next episode gets a fresh one, the run does not wait`, async () => {
      const suite = writeTinySuite({ episodes: 3, maxSteps: 5 });
      const dir = mkdtempSync(path.join(os.tmpdir(), "step-timeout-agent-"));
      const out = path.join(dir, "run");
      // at each episode's end, as the reporters see it: is the process that acted in that episode still there?
      const atEnd: Array<{ key: string; reason: string; actors: number[]; alive: number[] }> = [];
      const probe: Reporter = {
        onEpisodeEnd(key, header, end) {
          const episode = `${header.task.id} ${header.seed}`;
          const actors = [...actingPids(dir)].filter(([, e]) => e === episode).map(([pid]) => pid);
          atEnd.push({ key, reason: end.reason, actors, alive: actors.filter(isAlive) });
        },
      };
      const results = await runSuite(runOptions(suite.suite, out, { agent: blockingAgentSpec(dir, SLEEP_MS), agentOptions: {}, stepTimeout: STEP_TIMEOUT, workers, reporters: [probe] }));

      // every episode timed out in its first act, and its process was gone when its end was written
      expect(results.complete).toBe(true);
      expect(results.episodes.map((r) => r.reason)).toEqual(["timeout", "timeout", "timeout"]);
      expect(results.episodes.every((r) => /act\(\) did not answer within 0\.5 s/.test(r.error?.message ?? ""))).toBe(true);
      expect(atEnd.map((e) => e.key).sort()).toEqual([...suite.ids].sort());
      for (const e of atEnd) {
        expect(e.actors, e.key).toHaveLength(1);
        expect(e.alive, `${e.key}: the timed-out agent process still ran when the episode ended`).toEqual([]);
      }
      // a fresh process per episode (each timed out), each acting in one episode only (with workers, a lane's
      // first process may also end without an episode, when the other lanes took them all)
      const pids = agentPids(dir);
      const actors = [...actingPids(dir).keys()];
      expect(actors).toHaveLength(3);
      expect(actors.every((pid) => pids.includes(pid))).toBe(true);
      // the run is over, every agent process is gone, and none lived through its blocking call (the run did not
      // wait for one: `close` is not sent to a process that is busy with a call it will never answer in time)
      expect(pids.filter(isAlive)).toEqual([]);
      expect([...sleptPids(dir).keys()]).toEqual([]);
      // the agent's own name (from initialize) is the one recorded
      expect(results.agent).toEqual({ name: "blocker", version: "3" });
      expect(JSON.parse(readFileSync(path.join(out, "results.json"), "utf8")).agent.name).toBe("blocker");
    }, 60_000);
  }
});

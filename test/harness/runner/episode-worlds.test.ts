import { describe, expect, it } from "vitest";
import { RandomAgent } from "../../../agents/random-agent.ts";
import type { Agent, PrivilegedView } from "../../../harness/agent.ts";
import { houseJob } from "../../../harness/bench/house-stepping.ts";
import { runEpisode, type EpisodeContext } from "../../../harness/runner/episode.ts";
import type { RunEvent } from "../../../harness/runner/run-events.ts";
import type { Observation } from "../../../sim/observation.ts";
import type { World } from "../../../sim/world/world.ts";
import { WorldPool } from "../../../sim/world/world-pool.ts";

/** A pool that notes what it hands out and takes back. */
class WatchedPool extends WorldPool {
  taken: World[] = [];
  given: World[] = [];
  override take(...args: Parameters<WorldPool["take"]>): World {
    const w = super.take(...args);
    this.taken.push(w);
    return w;
  }
  override give(w: World): void {
    this.given.push(w);
    super.give(w);
  }
}

function context(worlds: WorldPool, events: RunEvent[]): EpisodeContext {
  return { runId: "r", harnessVersion: "0", suiteId: "s", stepTimeout: 60, config: {}, now: () => "t", emit: (e) => void events.push(e), worlds };
}

/** A full-privilege agent that keeps the live world it is given, as an agent may. */
class KeepsWorld implements Agent {
  readonly name = "keeps-world";
  readonly privileged = "full" as const;
  worlds: unknown[] = [];
  reset(_t: unknown, _o: Observation, p?: PrivilegedView): void {
    this.worlds.push(p?.world);
  }
  act() {
    return { type: "explore" as const, room: "room_0" };
  }
}

/** The same agent, declaring that it stops reading the world once its episode has ended. */
class ReleasesWorld extends KeepsWorld {
  readonly releasesWorld = true;
}

describe("runEpisode with the lane's world pool", () => {
  it("an episode takes its world from the pool and gives it back once its end is out; the next restores it", async () => {
    const job = { ...houseJob(80, 30), seed: 3 };
    const pool = new WatchedPool();
    const events: RunEvent[] = [];
    const rows = [];
    for (let i = 0; i < 2; i++) rows.push(await runEpisode(job, new RandomAgent({ doneProbability: 0 }), context(pool, events)));
    expect(pool.taken).toHaveLength(2);
    expect(pool.taken[1]).toBe(pool.taken[0]);
    expect(pool.given).toEqual(pool.taken);
    // the restored world's episode is the same episode
    expect(rows[1]).toEqual(rows[0]);
    const steps = (k: number) => events.filter((e) => e.type === "step").slice(k * 30, k * 30 + 30).map((e) => (e as { step: unknown }).step);
    expect(steps(1)).toEqual(steps(0));
  });

  it("an agent given the live world (privileged full) gets a world of its own each episode, never a reused one", async () => {
    const job = { ...houseJob(40, 5), seed: 1 };
    const pool = new WatchedPool();
    const agent = new KeepsWorld();
    for (let i = 0; i < 2; i++) await runEpisode(job, agent, context(pool, []));
    expect(pool.taken).toHaveLength(0);
    expect(pool.given).toHaveLength(0);
    expect(agent.worlds[1]).not.toBe(agent.worlds[0]);
  });

  it("an agent given the live world that declares releasesWorld gets the restored world, and the same episode", async () => {
    const job = { ...houseJob(40, 5), seed: 1 };
    const pool = new WatchedPool();
    const agent = new ReleasesWorld();
    const events: RunEvent[] = [];
    const rows = [];
    for (let i = 0; i < 2; i++) rows.push(await runEpisode(job, agent, context(pool, events)));
    expect(pool.taken).toHaveLength(2);
    expect(pool.taken[1]).toBe(pool.taken[0]);
    expect(agent.worlds).toEqual([pool.taken[0], pool.taken[0]]);
    expect(rows[1]).toEqual(rows[0]);
    const steps = events.filter((e) => e.type === "step").map((e) => (e as { step: unknown }).step);
    expect(steps.slice(5)).toEqual(steps.slice(0, 5));
  });

  it("the oracle (which declares releasesWorld) solves a repeated episode on the restored world exactly as on a fresh one", async () => {
    const { OracleAgent } = await import("../../../agents/oracle/oracle-agent.ts");
    const { loadSuiteJobs } = await import("../../../harness/bench/suite-jobs.ts");
    // an episode that picks, carries and places (the world changes in every way a step can change it)
    const job = loadSuiteJobs("default").jobs.find((j) => j.id === "cottage-mugs-dishwasher")!;
    const pool = new WatchedPool();
    const pooled: RunEvent[] = [];
    const fresh: RunEvent[] = [];
    const agent = new OracleAgent();
    for (let i = 0; i < 2; i++) await runEpisode(job, agent, context(pool, pooled));
    await runEpisode(job, new OracleAgent(), { ...context(pool, fresh), worlds: undefined });
    expect(pool.taken).toHaveLength(2);
    expect(pool.taken[1]).toBe(pool.taken[0]);
    const steps = (events: RunEvent[]) => events.filter((e) => e.type === "step").map((e) => (e as { step: unknown }).step);
    const [first, second] = [steps(pooled).slice(0, steps(fresh).length), steps(pooled).slice(steps(fresh).length)];
    expect(steps(fresh).length).toBeGreaterThan(1);
    expect(first).toEqual(steps(fresh));
    expect(second).toEqual(steps(fresh));
  });
});

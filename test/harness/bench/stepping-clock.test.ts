import { afterEach, describe, expect, it, vi } from "vitest";
import { houseJob, runHouseEpisode } from "../../../harness/bench/house-stepping.ts";
import { BenchAgent } from "../../../harness/bench/bench-agent.ts";
import { firstDifferentStep, runTimedEpisodes } from "../../../harness/bench/stepping-clock.ts";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

describe("the stepping clock", () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const dir = () => {
    const d = mkdtempSync(path.join(os.tmpdir(), "rearrange-clock-"));
    dirs.push(d);
    return d;
  };

  it("reads no CPU time unless asked: a wall-clock run makes no getrusage call around its steps", async () => {
    const job = houseJob(100, 12);
    const spy = vi.spyOn(process, "cpuUsage");
    const wall = await runHouseEpisode(job, dir());
    expect(spy).not.toHaveBeenCalled();
    expect(wall.steps).toBe(12);
    expect(wall.perStepMs.every((ms) => ms >= 0)).toBe(true);
    expect(Number.isNaN(wall.steppingCpuMs)).toBe(true);

    const cpu = await runHouseEpisode(job, dir(), { cpu: true });
    // one read when act() returns and one when the step line is written, plus two around the final flush
    expect(spy).toHaveBeenCalledTimes(2 * cpu.steps + 2);
    expect(cpu.perStepCpuMs).toHaveLength(12);
    expect(cpu.perStepCpuMs.every((ms) => Number.isFinite(ms) && ms >= 0)).toBe(true);
    // the same steps either way: the clock does not change what runs
    expect(cpu.episodes[0]!.steps.map((s) => s.action)).toEqual(wall.episodes[0]!.steps.map((s) => s.action));
  });

  it("waits for a writer whose episode end returns a promise before the next episode begins, outside the timed steps", async () => {
    const first = houseJob(100, 6, 1);
    const second = { ...houseJob(100, 6, 2), key: "house-100-b", id: "house-100-b" };
    const order: string[] = [];
    const writer = {
      onEpisodeBegin: (key: string) => void order.push(`begin ${key}`),
      onEpisodeEnd: (key: string) =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            order.push(`written ${key}`);
            resolve();
          }, 30),
        ),
    };
    const t = await runTimedEpisodes([first, second], new BenchAgent(), writer);
    expect(order).toEqual(["begin house-100", "written house-100", "begin house-100-b", "written house-100-b"]);
    expect(t.steps).toBe(12);
    // the two 30 ms waits are not stepping time
    expect(t.steppingMs).toBeLessThan(t.perStepMs.reduce((a, b) => a + b, 0) + 30);
  });

  it("finds the first step at which two passes differ, a pass that ends early differing at its end", () => {
    expect(firstDifferentStep(["pick", "place", "done"], ["pick", "place", "done"])).toBe(-1);
    expect(firstDifferentStep([], [])).toBe(-1);
    expect(firstDifferentStep(["pick", "open", "done"], ["pick", "place", "done"])).toBe(1);
    expect(firstDifferentStep(["pick", "place"], ["pick", "place", "done"])).toBe(2);
    expect(firstDifferentStep(["pick", "place", "done"], ["pick"])).toBe(1);
  });

  it("keeps only each step's action type when asked for them, in step order, and no event", async () => {
    const job = houseJob(100, 12);
    const recorded = await runHouseEpisode(job, dir());
    const typed = await runTimedEpisodes([job], new BenchAgent(), {}, { actionTypes: true });
    expect(typed.episodes).toEqual([]);
    expect(typed.actionTypes).toEqual(recorded.episodes[0]!.steps.map((s) => s.action.type));
    expect(typed.actionTypes).toHaveLength(12);
    expect((await runTimedEpisodes([job], new BenchAgent(), {})).actionTypes).toBeUndefined();
  });

  it("times act() and then gives the agent back as it was: an own act restored, a prototype act uncovered", async () => {
    const job = houseJob(100, 6);
    const agent = new BenchAgent();
    const protoAct = Object.getPrototypeOf(agent).act;
    const t = await runTimedEpisodes([job], agent, {});
    expect(t.steps).toBe(6);
    expect(t.actMs).toBeGreaterThan(0);
    expect(Object.hasOwn(agent, "act")).toBe(false);
    expect(agent.act).toBe(protoAct);

    const ownAct = agent.act.bind(agent);
    (agent as { act: unknown }).act = ownAct;
    await runTimedEpisodes([job], agent, {});
    expect(agent.act).toBe(ownAct);

    // a frozen agent cannot take the timed act: it is timed through an object that inherits from it
    const inner = new BenchAgent();
    const frozen = Object.freeze({ name: "frozen", version: "1", privileged: "full" as const, reset: (...a: Parameters<BenchAgent["reset"]>) => inner.reset(a[0], a[1], a[2]), act: (obs: never) => inner.act(obs) });
    const f = await runTimedEpisodes([job], frozen, {});
    expect(f.steps).toBe(6);
    expect(f.actMs).toBeGreaterThan(0);
  });
});

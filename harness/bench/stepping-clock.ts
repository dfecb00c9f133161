import { performance } from "node:perf_hooks";
import type { Agent } from "../agent.ts";
import type { EpisodeContext, EpisodeJob } from "../runner/episode.ts";
import { runEpisode } from "../runner/episode.ts";
import type { RunEvent } from "../runner/run-events.ts";
import type { Reporter } from "../runner/run-events.ts";
import type { EndEvent, EpisodeHeader, StepEvent } from "../trajectory/events.ts";
import type { WorldPool } from "../../sim/world/world-pool.ts";

/** One episode's trajectory lines, kept so the same lines can be written again without simulation. */
export interface RecordedEpisode {
  key: string;
  header: EpisodeHeader;
  steps: StepEvent[];
  end: EndEvent;
}

/** What {@link runTimedEpisodes} measured. */
export interface SteppingTime {
  /** Steps taken. */
  steps: number;
  /** Wall time spent stepping (everything between an `act()` returning and its step line being written), ms. */
  steppingMs: number;
  /** CPU time of the process (all threads) over the same spans, ms: less disturbed by other load on the machine. NaN unless timed with `cpu: true`. */
  steppingCpuMs: number;
  /** Wall time inside the agent's `act()`, ms (excluded from stepping). */
  actMs: number;
  /** Per-step stepping times, ms, in order. */
  perStepMs: number[];
  /** Per-step CPU times, ms, in order (µs resolution); NaN each unless timed with `cpu: true`. */
  perStepCpuMs: number[];
  /** The episodes' events, with `record: true` (empty otherwise). */
  episodes: RecordedEpisode[];
  /** Each step's action type, in order, with `actionTypes: true`: what a step was, keeping nothing else of it. */
  actionTypes?: string[];
}

/**
 * Runs episodes through the real episode runner and times the "stepping" part of every step: from the
 * moment the agent's `act()` returns to the moment the step's trajectory line has been written. That span
 * is `env.step` (parse, subpolicy, goal re-check, observation), building the step event, live scoring and
 * the trajectory writer's `onStep` (`JSON.stringify`, buffering, a write when the buffer is full). The
 * write of the step lines still buffered when the episode ends (`flush`) counts too, in the totals but in
 * no one step's time. Outside it: agent time, `env.reset` (loading and settling the scene), and the
 * per-file work of the writer — opening the file, the header and end lines, closing it — and, with a writer whose
 * `onEpisodeEnd` returns a promise, the wait for it (the next episode starts once it settles, as in a run).
 *
 * `writer` receives the events as a run's reporters would (the trajectory writer, usually). With `worlds`,
 * resets restore the lane's worlds as a run's lanes do (see {@link EpisodeContext.worlds}).
 *
 * CPU time is read only with `cpu: true`. Reading it is a system call (`getrusage`) on each side of every
 * step; though the wall span leaves the calls themselves out, they slow the step they surround (about
 * 15 % on the oracle's suite: the kernel entry evicts caches and branch history), so a wall figure comes
 * from a run without them and the CPU figure from another run of the same steps.
 */
export async function runTimedEpisodes(
  jobs: readonly EpisodeJob[],
  agent: Agent,
  writer: Reporter,
  options: { record?: boolean; actionTypes?: boolean; cpu?: boolean; worlds?: WorldPool } = {},
): Promise<SteppingTime> {
  const readCpu = options.cpu === true;
  const out: SteppingTime = { steps: 0, steppingMs: 0, steppingCpuMs: readCpu ? 0 : Number.NaN, actMs: 0, perStepMs: [], perStepCpuMs: [], episodes: [] };
  const types: string[] | null = options.actionTypes ? (out.actionTypes = []) : null;
  let actReturned = 0;
  let actReturnedCpu = 0;
  const timing = timeActs(agent, (startedAt, endedAt) => {
    out.actMs += endedAt - startedAt;
    if (readCpu) actReturnedCpu = cpuMicros();
    actReturned = performance.now();
  });
  let current: RecordedEpisode | null = null;
  const emit = (e: RunEvent): void | Promise<void> => {
    switch (e.type) {
      case "episodeBegin":
        writer.onEpisodeBegin?.(e.key, e.header);
        current = { key: e.key, header: e.header, steps: [], end: null as unknown as EndEvent };
        return;
      case "step": {
        writer.onStep?.(e.key, e.step);
        const ms = performance.now() - actReturned;
        const cpuMs = readCpu ? (cpuMicros() - actReturnedCpu) / 1000 : Number.NaN;
        out.steppingCpuMs += cpuMs;
        out.perStepCpuMs.push(cpuMs);
        out.steps++;
        out.steppingMs += ms;
        out.perStepMs.push(ms);
        if (options.record) current!.steps.push(e.step);
        if (types) types.push(e.step.action.type);
        return;
      }
      case "episodeEnd": {
        // the trajectory writer buffers step lines: writing the ones still buffered is stepping time
        const c0 = readCpu ? cpuMicros() : 0;
        const t0 = performance.now();
        flushSteps(writer, e.key);
        out.steppingMs += performance.now() - t0;
        if (readCpu) out.steppingCpuMs += (cpuMicros() - c0) / 1000;
        const written = writer.onEpisodeEnd?.(e.key, e.header, e.end, e.row);
        current!.end = e.end;
        if (options.record) out.episodes.push(current!);
        // as in a run, the next episode starts once the writer has written this one (an asynchronous writer's promise)
        return written;
      }
    }
  };
  const ctx: EpisodeContext = { runId: "bench", harnessVersion: "bench", suiteId: "bench", stepTimeout: 600, config: {}, now: () => "1970-01-01T00:00:00.000Z", emit, worlds: options.worlds };
  try {
    for (const job of jobs) await runEpisode(job, timing.agent, ctx);
  } finally {
    timing.restore();
  }
  return out;
}

/**
 * Index of the first step at which two passes' action types differ (a pass that ends early differs at its
 * end), or -1 when they are the same: the bench's check that a deterministic agent took the same steps again.
 */
export function firstDifferentStep(a: readonly string[], b: readonly string[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}

/** Writes the step lines a buffering writer (the trajectory writer) still holds for an episode. */
function flushSteps(writer: Reporter, key: string): void {
  (writer as Reporter & { flush?(key: string): void }).flush?.(key);
}

/** Process CPU time, µs. */
function cpuMicros(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

/**
 * The agent with `act()` timed; every other member is the agent's own. The timed `act` is set on the agent
 * itself for the run (and taken off by `restore`) rather than put behind a Proxy: a Proxy's `get` trap would
 * run on every property the runner reads between `act()` returning and the step line (`lastStepInfo`, …),
 * inside the stepping span. A frozen agent is timed through an object that inherits from it.
 */
function timeActs(agent: Agent, onAct: (startedAt: number, endedAt: number) => void): { agent: Agent; restore(): void } {
  const act = agent.act;
  const timedAct = (obs: Parameters<Agent["act"]>[0]) => {
    const t0 = performance.now();
    const action = act.call(agent, obs);
    if (action instanceof Promise) return action.then((a) => (onAct(t0, performance.now()), a));
    onAct(t0, performance.now());
    return action;
  };
  const own = Object.getOwnPropertyDescriptor(agent, "act");
  try {
    Object.defineProperty(agent, "act", { value: timedAct, writable: true, configurable: true, enumerable: own?.enumerable ?? false });
  } catch {
    // a frozen agent keeps no state of its own, so an object inheriting from it behaves as it does
    // (a Proxy could not answer `act` differently from a frozen target: its invariants forbid it)
    return { agent: Object.create(agent, { act: { value: timedAct } }) as Agent, restore() {} };
  }
  return {
    agent,
    restore() {
      if (own) Object.defineProperty(agent, "act", own);
      else delete (agent as { act?: unknown }).act;
    },
  };
}

/**
 * Writes recorded step lines again through `writer` with no simulation: the I/O limit of a step.
 * Returns the wall and CPU time spent in `onStep` and the final `flush` (stringify, buffering and the
 * writes of step lines), ms: the same writer calls {@link runTimedEpisodes} counts as stepping.
 */
export function replayLines(episodes: readonly RecordedEpisode[], writer: Reporter): { steps: number; ms: number; cpuMs: number } {
  let ms = 0;
  let cpu = 0;
  let steps = 0;
  for (const ep of episodes) {
    writer.onEpisodeBegin?.(ep.key, ep.header);
    const c0 = cpuMicros();
    const t0 = performance.now();
    for (const s of ep.steps) writer.onStep?.(ep.key, s);
    flushSteps(writer, ep.key); // as in runTimedEpisodes
    ms += performance.now() - t0;
    cpu += cpuMicros() - c0;
    steps += ep.steps.length;
    writer.onEpisodeEnd?.(ep.key, ep.header, ep.end, undefined as never);
  }
  return { steps, ms, cpuMs: cpu / 1000 };
}

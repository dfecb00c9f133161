import type { EndEvent, EpisodeHeader, StepEvent } from "../trajectory/events.ts";
import type { ResultsFile, ResultsRow } from "../metrics/results-schema.ts";
import { isThenable } from "./thenable.ts";

/** Everything a run is configured with (recorded in results.json and each trajectory header). */
export interface RunConfig {
  suite: string;
  agent: string;
  agentOptions: Record<string, unknown>;
  out: string;
  seed: number | null;
  maxSteps: number | null;
  stepTimeout: number;
  episodes: string | null;
  repeat: number;
  workers: number;
  shard: { index: number; total: number } | null;
  resume: boolean;
}

/** What reporters learn when a run begins. */
export interface RunInfo {
  runId: string;
  harnessVersion: string;
  config: RunConfig;
  suite: { id: string; path: string; description: string };
  agent: { name: string; version: string };
  /** Episode keys (`id` or `id#repeat`) this run will execute, in order. */
  planned: string[];
  /** Rows carried over from an earlier, interrupted run (`--resume`). */
  resumed: ResultsRow[];
}

/** The run's event stream, in the order events happen. A trajectory is an episode's part of it, written down. */
export type RunEvent =
  | { type: "runBegin"; run: RunInfo }
  | { type: "episodeBegin"; key: string; header: EpisodeHeader }
  | { type: "step"; key: string; step: StepEvent }
  | { type: "episodeEnd"; key: string; header: EpisodeHeader; end: EndEvent; row: ResultsRow }
  | { type: "runEnd"; results: ResultsFile };

/**
 * Playwright-style reporter: every result flows through these hooks; a multiplexer fans out to many.
 * Hooks may be sync or async. A sync hook is called as the event happens; a hook that returns a promise
 * is awaited before the next hook or event, so a reporter sees events one at a time and in order.
 */
export interface Reporter {
  onBegin?(run: RunInfo): void | Promise<void>;
  onEpisodeBegin?(key: string, header: EpisodeHeader): void | Promise<void>;
  onStep?(key: string, step: StepEvent): void | Promise<void>;
  onEpisodeEnd?(key: string, header: EpisodeHeader, end: EndEvent, row: ResultsRow): void | Promise<void>;
  onEnd?(results: ResultsFile): void | Promise<void>;
}

/**
 * Sends one event to one reporter: calls its hook for the event at once.
 * @returns nothing when the hook returned no promise (or there is none), else a promise of its end
 * @throws what the hook throws (synchronously), so a caller sees a sync failure without a microtask
 */
export function dispatch(reporter: Reporter, e: RunEvent): void | Promise<void> {
  let result: unknown;
  switch (e.type) {
    case "runBegin":
      result = reporter.onBegin?.(e.run);
      break;
    case "episodeBegin":
      result = reporter.onEpisodeBegin?.(e.key, e.header);
      break;
    case "step":
      result = reporter.onStep?.(e.key, e.step);
      break;
    case "episodeEnd":
      result = reporter.onEpisodeEnd?.(e.key, e.header, e.end, e.row);
      break;
    case "runEnd":
      result = reporter.onEnd?.(e.results);
      break;
  }
  // a sync hook may return anything (a `push` result); a thenable is made a real promise for the caller
  return isThenable(result) ? (Promise.resolve(result) as Promise<void>) : undefined;
}

/**
 * Fans one event stream out to many reporters, in order. Each hook calls the reporters one after another
 * synchronously while they return no promise, and returns nothing; from the first that returns a promise
 * on, it awaits that and calls the rest in order, each after the previous one's promise settled, and
 * returns a promise of the last. A reporter that throws synchronously throws out of the hook (the later
 * reporters do not see the event); after a promise, a throw or rejection rejects the returned promise.
 */
export class MultiplexReporter implements Reporter {
  /** @param reporters called in this order for every event */
  constructor(private readonly reporters: Reporter[]) {}
  // Each hook has its own loop, not a shared one taking a closure: this runs for every step, and the
  // synchronous path should allocate nothing. The closure is made only once a reporter went async.
  onBegin(run: RunInfo): void | Promise<void> {
    const rs = this.reporters;
    for (let i = 0; i < rs.length; i++) {
      const result = rs[i]!.onBegin?.(run);
      if (isThenable(result)) return this.continueAfter(result, i, (r) => r.onBegin?.(run));
    }
  }
  onEpisodeBegin(key: string, header: EpisodeHeader): void | Promise<void> {
    const rs = this.reporters;
    for (let i = 0; i < rs.length; i++) {
      const result = rs[i]!.onEpisodeBegin?.(key, header);
      if (isThenable(result)) return this.continueAfter(result, i, (r) => r.onEpisodeBegin?.(key, header));
    }
  }
  onStep(key: string, step: StepEvent): void | Promise<void> {
    const rs = this.reporters;
    for (let i = 0; i < rs.length; i++) {
      const result = rs[i]!.onStep?.(key, step);
      if (isThenable(result)) return this.continueAfter(result, i, (r) => r.onStep?.(key, step));
    }
  }
  onEpisodeEnd(key: string, header: EpisodeHeader, end: EndEvent, row: ResultsRow): void | Promise<void> {
    const rs = this.reporters;
    for (let i = 0; i < rs.length; i++) {
      const result = rs[i]!.onEpisodeEnd?.(key, header, end, row);
      if (isThenable(result)) return this.continueAfter(result, i, (r) => r.onEpisodeEnd?.(key, header, end, row));
    }
  }
  onEnd(results: ResultsFile): void | Promise<void> {
    const rs = this.reporters;
    for (let i = 0; i < rs.length; i++) {
      const result = rs[i]!.onEnd?.(results);
      if (isThenable(result)) return this.continueAfter(result, i, (r) => r.onEnd?.(results));
    }
  }

  /** Awaits reporter `at`'s promise, then calls the reporters after it in order, awaiting those that return one. */
  private async continueAfter(pending: PromiseLike<unknown>, at: number, call: (r: Reporter) => unknown): Promise<void> {
    await pending;
    for (let i = at + 1; i < this.reporters.length; i++) {
      const result = call(this.reporters[i]!);
      if (isThenable(result)) await result;
    }
  }
}

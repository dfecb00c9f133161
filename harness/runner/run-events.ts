import type { EndEvent, EpisodeHeader, StepEvent } from "../trajectory/events.ts";
import type { ResultsFile, ResultsRow } from "../metrics/results-schema.ts";

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
 * Hooks may be async; they are awaited in order, so a reporter sees events one at a time.
 */
export interface Reporter {
  onBegin?(run: RunInfo): void | Promise<void>;
  onEpisodeBegin?(key: string, header: EpisodeHeader): void | Promise<void>;
  onStep?(key: string, step: StepEvent): void | Promise<void>;
  onEpisodeEnd?(key: string, header: EpisodeHeader, end: EndEvent, row: ResultsRow): void | Promise<void>;
  onEnd?(results: ResultsFile): void | Promise<void>;
}

/** Sends one event to one reporter. */
export async function dispatch(reporter: Reporter, e: RunEvent): Promise<void> {
  switch (e.type) {
    case "runBegin":
      return reporter.onBegin?.(e.run);
    case "episodeBegin":
      return reporter.onEpisodeBegin?.(e.key, e.header);
    case "step":
      return reporter.onStep?.(e.key, e.step);
    case "episodeEnd":
      return reporter.onEpisodeEnd?.(e.key, e.header, e.end, e.row);
    case "runEnd":
      return reporter.onEnd?.(e.results);
  }
}

/** Fans one event stream out to many reporters, in order. */
export class MultiplexReporter implements Reporter {
  constructor(private readonly reporters: Reporter[]) {}
  async onBegin(run: RunInfo) {
    for (const r of this.reporters) await r.onBegin?.(run);
  }
  async onEpisodeBegin(key: string, header: EpisodeHeader) {
    for (const r of this.reporters) await r.onEpisodeBegin?.(key, header);
  }
  async onStep(key: string, step: StepEvent) {
    for (const r of this.reporters) await r.onStep?.(key, step);
  }
  async onEpisodeEnd(key: string, header: EpisodeHeader, end: EndEvent, row: ResultsRow) {
    for (const r of this.reporters) await r.onEpisodeEnd?.(key, header, end, row);
  }
  async onEnd(results: ResultsFile) {
    for (const r of this.reporters) await r.onEnd?.(results);
  }
}

import type { EndEvent, EpisodeHeader, EpisodeMetrics, StepEvent, TrajectoryLine } from "../trajectory/events.ts";
import { DEFAULT_MEASURES } from "./builtin.ts";
import { EpisodeScorer } from "./episode-scorer.ts";
import type { MeasureRegistry } from "./registry.ts";

/** An episode's trajectory split into its parts (what `readTrajectory` returns). */
export interface EpisodeRecord {
  header: EpisodeHeader;
  steps: readonly StepEvent[];
  /** Null when the trajectory stops before its end line (crash or kill). */
  end: EndEvent | null;
}

/**
 * Recomputes an episode's metrics from its trajectory alone (no simulation): header first, then
 * steps, then optionally an end line (its stored metrics are ignored — that is the point).
 */
export function scoreEpisode(record: EpisodeRecord, registry: MeasureRegistry = DEFAULT_MEASURES): EpisodeMetrics {
  const scorer = new EpisodeScorer(registry);
  scorer.reset(record.header);
  for (const step of record.steps) scorer.update(step);
  const end = record.end ? { reason: record.end.reason, error: record.end.error, ...(record.end.info ? { info: record.end.info } : {}) } : { reason: null, error: null };
  return scorer.finish(end) as EpisodeMetrics;
}

/**
 * Metrics of one episode from its trajectory lines, in file order.
 * @throws Error when the first line is not the episode header or a line follows the end line.
 */
export function computeEpisodeMetrics(lines: readonly TrajectoryLine[], registry?: MeasureRegistry): EpisodeMetrics {
  const [header, ...rest] = lines;
  if (!header || header.type !== "episode") throw new Error("a trajectory starts with its episode header line");
  const steps: StepEvent[] = [];
  let end: EndEvent | null = null;
  for (const line of rest) {
    if (end) throw new Error("a trajectory has nothing after its end line");
    if (line.type === "step") steps.push(line);
    else if (line.type === "end") end = line;
    else throw new Error("a trajectory has exactly one episode header line");
  }
  return scoreEpisode({ header, steps, end }, registry);
}

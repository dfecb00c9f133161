import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Action, ErrorCategory } from "../../../sim/actions.ts";
import { scoreEpisode } from "../../../harness/metrics/episode-metrics.ts";
import { resultsFromTrajectories } from "../../../harness/metrics/results-row.ts";
import type { ResultsFile } from "../../../harness/metrics/results-schema.ts";
import {
  TRAJECTORY_SCHEMA_VERSION,
  type EndEvent,
  type EndReason,
  type EpisodeHeader,
  type StepEvent,
  type TrajectoryLine,
} from "../../../harness/trajectory/events.ts";

/**
 * Hand-written trajectories for tests: a fluent builder where the goal status carries over from
 * step to step unless a step says otherwise, as in a real episode.
 */
export interface EpisodeSpec {
  id?: string;
  repeat?: number;
  /** Objects named by each condition; a number n means n conditions naming `obj_<i>`. */
  conditions?: string[][] | number;
  initiallySatisfied?: number[];
  initiallyObserved?: string[];
  agent?: string;
}

export interface StepSpec {
  satisfied?: number[];
  observed?: string[];
  distance?: number;
}

export class EpisodeBuilder {
  readonly header: EpisodeHeader;
  readonly steps: StepEvent[] = [];
  endLine: EndEvent | null = null;
  private satisfied: number[];

  constructor(spec: EpisodeSpec = {}) {
    const objects = typeof spec.conditions === "number" || spec.conditions === undefined
      ? Array.from({ length: spec.conditions ?? 2 }, (_, i) => [`obj_${i}`])
      : spec.conditions;
    this.satisfied = spec.initiallySatisfied ?? [];
    this.header = {
      type: "episode",
      schemaVersion: TRAJECTORY_SCHEMA_VERSION,
      harnessVersion: "0.1.0",
      runId: "run-test",
      episodeId: spec.id ?? "ep",
      repeat: spec.repeat ?? 0,
      suite: "test-suite",
      scene: { id: "house", path: "scenes/house.scene.json", hash: "abc" },
      task: { id: "task", path: "scenes/task.task.json", hash: "def" },
      instruction: "put things away",
      seed: 7,
      maxSteps: 50,
      agent: { name: spec.agent ?? "test-agent", version: "1" },
      conditions: objects.map((o, i) => ({ text: `(cond_${i} ${o.join(" ")})`, objects: o })),
      initiallySatisfied: this.satisfied,
      initiallyObserved: spec.initiallyObserved ?? [],
      config: {},
      ts: "2025-01-01T00:00:00.000Z",
    };
  }

  /** A successful action; `satisfied` defaults to the status after the previous step. */
  act(action: Action, spec: StepSpec = {}): this {
    return this.push(action, { ok: true, error: null, message: "ok" }, spec);
  }

  /** A failed action of the given category: changes nothing. */
  fail(action: Action | { type: "invalid"; raw: unknown }, category: ErrorCategory, spec: Omit<StepSpec, "satisfied"> = {}): this {
    return this.push(action, { ok: false, error: category, message: `failed: ${category}` }, spec);
  }

  /** Calls `done()`: the goal status stays as it was. */
  done(): this {
    return this.push({ type: "done" }, { ok: true, error: null, message: "done" }, {});
  }

  /** Navigates somewhere, observing objects and walking `distance`. */
  look(observed: string[], distance = 1): this {
    return this.act({ type: "navigate", target: "kitchen" }, { observed, distance });
  }

  /** Adds the end line, with metrics recomputed from the steps so far. */
  end(reason: EndReason, error: EndEvent["error"] = null): this {
    const metrics = scoreEpisode({ header: this.header, steps: this.steps, end: null });
    this.endLine = { type: "end", reason, error, metrics, ts: "2025-01-01T00:00:01.000Z" };
    return this;
  }

  lines(): TrajectoryLine[] {
    return [this.header, ...this.steps, ...(this.endLine ? [this.endLine] : [])];
  }

  jsonl(): string {
    return this.lines().map((l) => `${JSON.stringify(l)}\n`).join("");
  }

  record() {
    return { header: this.header, steps: this.steps, end: this.endLine };
  }

  private push(action: StepEvent["action"], feedback: StepEvent["feedback"], spec: StepSpec): this {
    if (spec.satisfied) this.satisfied = spec.satisfied;
    this.steps.push({
      type: "step",
      t: this.steps.length + 1,
      action,
      feedback,
      satisfied: [...this.satisfied],
      observed: spec.observed ?? [],
      agent: { room: "kitchen", position: { x: 0, y: 0 }, holding: null },
      distance: spec.distance ?? 0,
      changed: {},
      ts: "2025-01-01T00:00:00.500Z",
    });
    return this;
  }
}

export const episode = (spec?: EpisodeSpec) => new EpisodeBuilder(spec);

/**
 * Writes a run directory: `episodes/<id>[.r<k>].jsonl` and a results.json scored from them, its rows by
 * episode id then repeat (as a run of a suite listing its episodes in that order would write them).
 */
export function writeRun(dir: string, episodes: EpisodeBuilder[], options: { results?: boolean } = {}): ResultsFile {
  mkdirSync(path.join(dir, "episodes"), { recursive: true });
  for (const e of episodes) {
    const name = e.header.repeat > 0 ? `${e.header.episodeId}.r${e.header.repeat}` : e.header.episodeId;
    writeFileSync(path.join(dir, "episodes", `${name}.jsonl`), e.jsonl());
  }
  const byId = [...episodes].sort((a, b) => (a.header.episodeId < b.header.episodeId ? -1 : a.header.episodeId > b.header.episodeId ? 1 : a.header.repeat - b.header.repeat));
  const results = resultsFromTrajectories(byId.map((e) => e.record()), {
    agent: { name: episodes[0]?.header.agent.name ?? "none", version: "1" },
    suite: { id: "test-suite" },
    config: { seed: 7 },
  });
  if (options.results !== false) writeFileSync(path.join(dir, "results.json"), `${JSON.stringify(results, null, 2)}\n`);
  return results;
}

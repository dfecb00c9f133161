/**
 * The explorer keeps the objects it has observed from each observation's `updates` and never reads
 * `objects`. Over real episodes — generated houses of a thousand objects (the bench task; chores that
 * carry, switch and open; a thing hidden in a cabinet; every apple of the house on one table: see
 * house-tasks.ts) and the default suite — it must choose exactly what the same explorer chooses reading
 * each observation's `objects` record as the explorer did before (`obs.objects[id]`, `id in obs.objects`,
 * `Object.values(obs.objects)`, the open containers among all of it each step): same actions step after
 * step, same containers believed searched, and its copy lists the objects of `objects` in their order.
 * It is handed observations whose `objects` and `text` throw, so reading them would fail the episode.
 *
 * The reference is that reading put back under the same explorer, not a verbatim copy of the old explorer
 * files: those are six files and some 600 lines (goal-wants.ts would have to come along, typed on the old
 * Belief), and only how objects are read changed; this reference also keeps holding after the explorer's
 * behaviour changes on purpose. The old explorer itself was compared with the new one byte for byte when
 * the change was made: on the default suite (.scratch/check-same.sh) and on 20 episodes in generated
 * 1,000-object houses (docs/performance-history.md).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ExplorerAgent } from "../../../agents/explorer/explorer-agent.ts";
import { Belief } from "../../../agents/explorer/belief.ts";
import type { ObservedObjects } from "../../../agents/observed-objects.ts";
import type { Action } from "../../../sim/actions.ts";
import type { ObservedObject, Observation } from "../../../sim/observation.ts";
import { RearrangeEnv } from "../../../sim/env.ts";
import type { SceneFile } from "../../../sim/scene/schema.ts";
import type { LoadedTask } from "../../../sim/task/load.ts";
import { generateHouse } from "../../../harness/bench/house-generator.ts";
import { loadSuiteJobs } from "../../../harness/bench/suite-jobs.ts";
import { guarded, houseTasks } from "../house-tasks.ts";

/** What the explorer read before it kept its own copy: the observation's `objects` record, every step. */
class ReadsObjects {
  private objects: Record<string, ObservedObject> = {};
  take(obs: Observation): Readonly<Record<string, ObservedObject>> {
    this.objects = obs.objects;
    return this.objects;
  }
  get(id: string): ObservedObject | undefined {
    return this.objects[id];
  }
  has(id: string): boolean {
    return id in this.objects;
  }
  values(): readonly ObservedObject[] {
    return Object.values(this.objects);
  }
  get size(): number {
    return Object.keys(this.objects).length;
  }
  clear(): void {
    this.objects = {};
  }
}

/** The explorer's belief (private), to swap in the reference reading and to look at what it keeps. */
const beliefOf = (a: ExplorerAgent) => a as unknown as { belief: Belief };

function explorerReadingObjects(): ExplorerAgent {
  const a = new ExplorerAgent();
  const reset = a.reset.bind(a);
  a.reset = (...args) => {
    reset(...args);
    beliefOf(a).belief = new Belief(new ReadsObjects() as unknown as ObservedObjects);
  };
  return a;
}

interface Tally {
  episodes: number;
  steps: number;
  types: Set<string>;
  /** Containers believed searched at the ends of the episodes. */
  searched: number;
}

/** Runs one episode with both explorers, stepping the world with the new one's actions. */
function episode(scene: SceneFile, task: LoadedTask, seed: number, maxSteps: number, tally: Tally): void {
  const env = new RearrangeEnv({ scene, task, seed, maxSteps });
  let obs = env.reset(seed).observation;
  const privileged = { conditions: [], task: { problem: task.problem, binding: env.tracker.binding } };
  const view = { id: task.task.id, instruction: "", seed };
  const agent = new ExplorerAgent();
  const reference = explorerReadingObjects();
  agent.reset(view, guarded(obs), privileged);
  reference.reset(view, obs, privileged);
  for (let t = 0; ; t++) {
    const action: Action = agent.act(guarded(obs));
    expect(action, `${task.task.id} seed ${seed} step ${t}`).toEqual(reference.act(obs));
    const mine = beliefOf(agent).belief;
    const theirs = beliefOf(reference).belief;
    expect(mine.objects().map((o) => o.id)).toEqual(Object.keys(obs.objects));
    expect(mine.searched).toEqual(theirs.searched);
    tally.steps++;
    tally.types.add(action.type);
    const r = env.step(action);
    obs = r.observation;
    if (r.terminated || r.truncated) break;
  }
  tally.episodes++;
  tally.searched += beliefOf(agent).belief.searched.size;
}

describe("the explorer's own copy of the observed objects", () => {
  it("chooses what the explorer reading objects chooses, in 1,000-object houses", () => {
    const tally: Tally = { episodes: 0, steps: 0, types: new Set(), searched: 0 };
    const houses = [generateHouse(1000, 7), generateHouse(1000, 31)];
    fc.assert(
      fc.property(fc.nat({ max: houses.length - 1 }), fc.nat({ max: 3 }), fc.integer({ min: 1, max: 1_000_000 }), (h, k, seed) => {
        const house = houses[h]!;
        episode(house.scene, houseTasks(house)[k]!, seed, 400, tally);
      }),
      // every task in each house, then some more
      { numRuns: 12, examples: [[0, 0, 11], [0, 1, 12], [0, 2, 13], [0, 3, 14], [1, 0, 15], [1, 1, 16], [1, 2, 17], [1, 3, 18]] },
    );
    expect(tally.episodes).toBe(12);
    expect(tally.steps).toBeGreaterThan(1000);
    // searching (rooms and containers), carrying, opening and switching all came up
    for (const type of ["explore", "navigate", "open", "pick", "place", "toggle_on", "done"]) expect(tally.types, type).toContain(type);
    expect(tally.searched).toBeGreaterThan(10);
  });

  it("chooses what the explorer reading objects chooses on the default suite", () => {
    const tally: Tally = { episodes: 0, steps: 0, types: new Set(), searched: 0 };
    const { jobs } = loadSuiteJobs("default");
    fc.assert(
      fc.property(fc.nat({ max: jobs.length - 1 }), fc.integer({ min: 1, max: 1_000_000 }), (i, seed) => {
        const job = jobs[i]!;
        episode(job.scene.scene, job.task, seed, job.maxSteps, tally);
      }),
      { numRuns: 10 },
    );
    expect(tally.episodes).toBe(10);
  });
});

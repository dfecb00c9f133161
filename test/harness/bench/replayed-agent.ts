import type { Agent } from "../../../harness/agent.ts";
import type { SteppingTime } from "../../../harness/bench/stepping-clock.ts";
import type { Action } from "../../../sim/actions.ts";

/** An agent that replays recorded actions (its `act()` costs next to nothing), for the timing scripts. */
export interface ReplayedAgent extends Agent {
  /** Starts again from the first recorded episode (the next reset replays it). */
  rewind(): void;
  /** While set, every episode ends at its first step (`done()`): the same resets with one step each. */
  resetsOnly: boolean;
}

/**
 * Replays the actions of a recorded run (`runTimedEpisodes` with `record`), episode after episode: episodes run in
 * job order, pass after pass, so the k-th reset replays recorded episode k modulo their number; past its last
 * action an episode gets `done()`.
 */
export function replayedAgent(recorded: Pick<SteppingTime, "episodes">): ReplayedAgent {
  const actions = recorded.episodes.map((e) => e.steps.map((s) => s.action as Action));
  let episode = 0;
  let queue: Action[] = [];
  let next = 0;
  const agent: ReplayedAgent = {
    name: "replayed",
    version: "1",
    resetsOnly: false,
    rewind() {
      episode = 0;
    },
    reset() {
      queue = actions[episode++ % actions.length]!;
      next = 0;
    },
    act: () => (agent.resetsOnly ? undefined : queue[next++]) ?? { type: "done" },
  };
  return agent;
}

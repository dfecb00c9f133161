import type { RunOptions } from "../../harness/runner/run-suite.ts";

/**
 * Run options as `rearrange run` defaults them (random agent, one worker, no seed override, no
 * resume), with what a test sets on top.
 */
export function testRunOptions(o: Partial<RunOptions> & Pick<RunOptions, "suite">): RunOptions {
  return {
    agent: "random",
    agentOptions: {},
    out: "",
    seed: null,
    maxSteps: null,
    stepTimeout: 60,
    episodes: null,
    repeat: 1,
    workers: 1,
    shard: null,
    resume: false,
    ...o,
  };
}

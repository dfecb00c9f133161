/**
 * Built-in probe agents, by the name `--agent` takes: `random` (the floor) and `prior` (learnt from
 * training annotations). A new baseline is one more entry.
 */
import { PriorProbeBaseline } from "./prior.ts";
import { RandomProbeBaseline } from "./random.ts";
import type { ProbeAgent } from "./probe-agent.ts";

export type { ProbeAgent } from "./probe-agent.ts";

/** Factories of the built-in probe agents. */
export const probeBaselines: Record<string, (options: Record<string, unknown>) => ProbeAgent> = {
  random: (options) => new RandomProbeBaseline(options),
  prior: (options) => new PriorProbeBaseline(options),
};

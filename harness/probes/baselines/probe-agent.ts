/**
 * What the probe runners need from an agent: a name and any of the optional probe methods of the
 * Agent interface (SPEC §6). Full agents satisfy it; probe-only baselines implement just this.
 */
import type { Agent } from "../../agent.ts";

export type ProbeAgent = Pick<Agent, "name"> &
  Partial<Pick<Agent, "version" | "rankPlacements" | "detectMisplaced" | "buildFunctionalGraph" | "answer" | "close">>;

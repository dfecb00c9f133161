/**
 * The shapes a TidyBot YAML file comes in (jimmyyhwu/tidybot), and the scenarios each holds:
 *   benchmark/scenarios.yml          a list of scenarios, receptacles as a list of names
 *   server/scenarios/scenario-NN.yml one scenario as a mapping (the real robot's runs), receptacles as a mapping
 *                                    name → {position, dimensions, primitive_names, …}
 *   server/preferences/scenario-NN.yml  not scenarios: category → receptacle rules given to the robot
 * A robot scenario's candidates are its receptacles with `primitive_names`, as TidyBot's own loader takes them
 * (server/summarization.ipynb: the others, such as the sofa, are "only used as a prop in this scenario").
 */
import { firstFew } from "./first-few.ts";

/** One scenario of a file: the raw mapping, receptacles made a list of names, and where it is in the file. */
export interface ScenarioEntry {
  /** The scenario as read, with a receptacle mapping replaced by the names of its placement targets. */
  raw: unknown;
  /** YAML path of the scenario's mapping: `[i]` in a list, `[]` for a file that is one scenario. */
  at: Array<string | number>;
  /** Receptacles of a robot scenario that are props (no `primitive_names`): no placement goes there. */
  props: string[];
}

/** What a file holds: its scenarios, or why it holds none (what was found and what is expected). */
export type ScenarioFile = { kind: "list" | "robot"; entries: ScenarioEntry[] } | { kind: "none"; reason: string };

const EXPECTED =
  "expected a list of scenarios (as in TidyBot's benchmark/scenarios.yml) or one scenario as a mapping with receptacles and seen/unseen placements (as in its server/scenarios/scenario-NN.yml)";

/** Keys that make a mapping a scenario (any one of them). */
const SCENARIO_KEYS = ["receptacles", "seen_placements", "unseen_placements"];

/** The scenarios of parsed YAML `data`, or why there are none. */
export function scenarioFile(data: unknown): ScenarioFile {
  if (Array.isArray(data)) return { kind: "list", entries: data.map((raw, i) => entry(raw, [i])) };
  if (isMapping(data)) {
    if (SCENARIO_KEYS.some((k) => k in data)) return { kind: "robot", entries: [entry(data, [])] };
    if (isMapping(data.placements) && !("receptacles" in data)) {
      return {
        kind: "none",
        reason: `found a TidyBot preferences file (categories → receptacle and primitive: the rules given to the robot, as in server/preferences/scenario-NN.yml), not scenarios: it has no objects to place nor receptacles to rank; ${EXPECTED}`,
      };
    }
    const keys = Object.keys(data);
    const shown = keys.length === 0 ? "an empty mapping" : `a mapping with key${keys.length > 1 ? "s" : ""} ${firstFew(keys, 6)}`;
    return { kind: "none", reason: `found ${shown}, not a scenario (none of ${SCENARIO_KEYS.join(", ")}); ${EXPECTED}` };
  }
  return { kind: "none", reason: `found ${describe(data)}; ${EXPECTED}` };
}

/** A scenario entry: a receptacle mapping becomes the list of its placement targets. */
function entry(raw: unknown, at: Array<string | number>): ScenarioEntry {
  if (!isMapping(raw) || !isMapping(raw.receptacles)) return { raw, at, props: [] };
  const targets: string[] = [];
  const props: string[] = [];
  for (const [name, info] of Object.entries(raw.receptacles)) (isMapping(info) && "primitive_names" in info ? targets : props).push(name);
  return { raw: { ...raw, receptacles: targets }, at, props };
}

function isMapping(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** What a value that is neither a list nor a mapping is, in words. */
function describe(v: unknown): string {
  if (v === null || v === undefined) return "nothing (the file is empty or holds only comments)";
  if (typeof v === "string") return `a string (${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)})`;
  return `a ${typeof v} (${String(v)})`;
}

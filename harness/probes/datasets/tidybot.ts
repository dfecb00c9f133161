/**
 * TidyBot benchmark scenarios (Wu et al. 2023) → ranking cases. A scenario lists receptacles, seen
 * objects with their placements (the user's examples) and unseen objects with theirs (the test).
 * Each unseen object is a case: candidates are the scenario's receptacles, the correct one has gain 1,
 * the context carries the room and the seen placements (never the annotator's notes, which state the
 * rule). Cases are grouped by scenario, so the ranking probe reports TidyBot's own metric — the
 * share of unseen objects whose top-ranked receptacle is correct, per scenario and averaged.
 * Seen placements are also written as cases (split `seen`) for priors that learn across scenarios.
 *
 * Every listed placement is a case, as TidyBot's accuracy counts each: an object listed twice in one split of a
 * scenario gets a second case with id suffix `#2` (then `#3`, …), so ids stay unique. An unseen object that is
 * also among the seen placements (same name) has its answer in the context: its case says so with
 * `context.alsoSeen: true`. File shapes (the benchmark's list, the robot's one-scenario files): tidybot-shapes.ts.
 */
import { z } from "zod";
import { formatJsonPath } from "../../../sim/errors.ts";
import type { RankingCase } from "../types.ts";
import { scenarioFile } from "./tidybot-shapes.ts";

const Placement = z.tuple([z.string(), z.string()]);
export const TidyBotScenarioSchema = z.object({
  annotator_notes: z.string().optional(),
  receptacles: z.array(z.string()).min(1),
  room: z.string().default("unknown"),
  seen_objects: z.array(z.string()).default([]),
  seen_placements: z.array(Placement).default([]),
  tags: z.array(z.string()).default([]),
  unseen_objects: z.array(z.string()).default([]),
  unseen_placements: z.array(Placement).default([]),
});
export type TidyBotScenario = z.infer<typeof TidyBotScenarioSchema>;

/** A placement whose object was listed before in the same scenario and split. */
export interface RepeatedPlacement {
  /** YAML path of the repeat, and of the object's first placement. */
  where: string;
  first: string;
  object: string;
  /** The repeat's case id (the first keeps the plain id). */
  id: string;
}

/** A scenario whose test (unseen) objects include some of its seen examples: their answer is in the context. */
export interface SeenTestObjects {
  /** YAML path of the scenario and its group (`s08`). */
  where: string;
  group: string;
  objects: string[];
}

/** What {@link tidybotCases} makes of one parsed YAML file. */
export interface TidybotConversion {
  unseen: RankingCase[];
  seen: RankingCase[];
  skipped: Array<{ where: string; reason: string }>;
  scenarios: number;
  /** The scenarios that fit, as parsed (defaults filled in). */
  parsed: TidyBotScenario[];
  /** `list` (benchmark/scenarios.yml), `robot` (one scenario a file, server/scenarios/) or `none`. */
  kind: "list" | "robot" | "none";
  /** Receptacles of robot scenarios left out as props (no `primitive_names`), each once. */
  props: string[];
  repeats: RepeatedPlacement[];
  seenTestObjects: SeenTestObjects[];
}

/** Scenario id: `s01`, `s02`, … (1-based, two digits at least). */
export function scenarioId(index: number): string {
  return `s${String(index + 1).padStart(2, "0")}`;
}

/** Converts a parsed YAML file; scenarios that do not fit are skipped with their place and reason. */
export function tidybotCases(data: unknown): TidybotConversion {
  const out: TidybotConversion = { unseen: [], seen: [], skipped: [], scenarios: 0, parsed: [], kind: "none", props: [], repeats: [], seenTestObjects: [] };
  const file = scenarioFile(data);
  if (file.kind === "none") {
    out.skipped.push({ where: "$", reason: file.reason });
    return out;
  }
  out.kind = file.kind;
  file.entries.forEach(({ raw, at, props }, i) => {
    for (const p of props) if (!out.props.includes(p)) out.props.push(p);
    if (props.length > 0 && (raw as { receptacles: string[] }).receptacles.length === 0) {
      const reason = `none of its ${props.length} receptacles has primitive_names: a robot scenario marks the receptacles things go to so (the others are props)`;
      out.skipped.push({ where: formatJsonPath([...at, "receptacles"]), reason });
      return;
    }
    const parsed = TidyBotScenarioSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      out.skipped.push({ where: formatJsonPath([...at, ...issue.path]), reason: issue.message });
      return;
    }
    out.scenarios++;
    const s = parsed.data;
    out.parsed.push(s);
    const group = scenarioId(i);
    const seenPlacements = s.seen_placements.map(([object, receptacle]) => ({ object, receptacle }));
    const context = { dataset: "tidybot", scenario: group, room: s.room, receptacles: s.receptacles, seenPlacements, tags: s.tags };
    const seenNames = new Set(s.seen_placements.map(([o]) => o));
    const alsoSeen = [...new Set(s.unseen_placements.map(([o]) => o).filter((o) => seenNames.has(o)))];
    if (alsoSeen.length > 0) out.seenTestObjects.push({ where: formatJsonPath(at), group, objects: alsoSeen });
    for (const split of ["unseen", "seen"] as const) {
      const ids = new Map<string, string>(); // case id → YAML path of its placement
      s[`${split}_placements`].forEach(([object, receptacle], j) => {
        const where = formatJsonPath([...at, `${split}_placements`, j]);
        if (!s.receptacles.includes(receptacle)) {
          const prop = props.includes(receptacle) ? ` (it is a prop in this scenario: no primitive_names)` : "";
          out.skipped.push({ where, reason: `receptacle "${receptacle}" is not among the scenario's receptacles${prop}` });
          return;
        }
        const base = `tidybot/${group}/${split}/${object}`;
        let id = base;
        for (let n = 2; ids.has(id); n++) id = `${base}#${n}`;
        if (id !== base) out.repeats.push({ where, first: ids.get(base)!, object, id });
        ids.set(id, where);
        let ctx: object = context;
        // a seen object's own placement is the answer, so its context leaves it out
        if (split === "seen") ctx = { ...context, seenPlacements: seenPlacements.filter((p) => p.object !== object) };
        // a test object among the seen examples keeps them (the data set is what it is) but says so
        else if (alsoSeen.includes(object)) ctx = { ...context, alsoSeen: true };
        out[split].push({ id, object, context: ctx, candidates: [...s.receptacles], relevance: { [receptacle]: 1 }, group });
      });
    }
  });
  return out;
}

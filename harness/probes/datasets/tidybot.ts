/**
 * TidyBot benchmark scenarios (Wu et al. 2023) → ranking cases. A scenario lists receptacles, seen
 * objects with their placements (the user's examples) and unseen objects with theirs (the test).
 * Each unseen object is a case: candidates are the scenario's receptacles, the correct one has gain 1,
 * the context carries the room and the seen placements (never the annotator's notes, which state the
 * rule). Cases are grouped by scenario, so the ranking probe reports TidyBot's own metric — the
 * share of unseen objects whose top-ranked receptacle is correct, per scenario and averaged.
 * Seen placements are also written as cases (split `seen`) for priors that learn across scenarios.
 */
import { z } from "zod";
import { formatJsonPath } from "../../../sim/errors.ts";
import type { RankingCase } from "../types.ts";

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

/** Scenario id: `s01`, `s02`, … (1-based, two digits at least). */
export function scenarioId(index: number): string {
  return `s${String(index + 1).padStart(2, "0")}`;
}

/** Converts the parsed YAML list; scenarios that do not fit are skipped with their place and reason. */
export function tidybotCases(data: unknown): {
  unseen: RankingCase[];
  seen: RankingCase[];
  skipped: Array<{ where: string; reason: string }>;
  scenarios: number;
  /** The scenarios that fit, as parsed (defaults filled in). */
  parsed: TidyBotScenario[];
} {
  const unseen: RankingCase[] = [];
  const seen: RankingCase[] = [];
  const skipped: Array<{ where: string; reason: string }> = [];
  const parsedScenarios: TidyBotScenario[] = [];
  if (!Array.isArray(data)) return { unseen, seen, skipped: [{ where: "$", reason: "expected a list of scenarios" }], scenarios: 0, parsed: parsedScenarios };
  let scenarios = 0;
  data.forEach((raw, i) => {
    const parsed = TidyBotScenarioSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      skipped.push({ where: formatJsonPath([i, ...issue.path]), reason: issue.message });
      return;
    }
    scenarios++;
    const s = parsed.data;
    parsedScenarios.push(s);
    const group = scenarioId(i);
    const seenPlacements = s.seen_placements.map(([object, receptacle]) => ({ object, receptacle }));
    const context = { dataset: "tidybot", scenario: group, room: s.room, receptacles: s.receptacles, seenPlacements, tags: s.tags };
    const toCase = (object: string, receptacle: string, j: number, split: string, ctx: object): RankingCase | null => {
      if (!s.receptacles.includes(receptacle)) {
        skipped.push({ where: formatJsonPath([i, `${split}_placements`, j]), reason: `receptacle "${receptacle}" is not among the scenario's receptacles` });
        return null;
      }
      return { id: `tidybot/${group}/${split}/${object}`, object, context: ctx, candidates: [...s.receptacles], relevance: { [receptacle]: 1 }, group };
    };
    s.unseen_placements.forEach(([o, r], j) => {
      const c = toCase(o, r, j, "unseen", context);
      if (c) unseen.push(c);
    });
    // a seen object's own placement is the answer, so its context leaves it out
    s.seen_placements.forEach(([o, r], j) => {
      const c = toCase(o, r, j, "seen", { ...context, seenPlacements: seenPlacements.filter((p) => p.object !== o) });
      if (c) seen.push(c);
    });
  });
  return { unseen, seen, skipped, scenarios, parsed: parsedScenarios };
}

import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { MisplacementQuery, PlacementQuery } from "../../harness/probes/types.ts";

/** Prompt of the placement-ranking probe: rank every candidate receptacle for the object. */
export function rankingMessages(q: PlacementQuery): ChatCompletionMessageParam[] {
  return [
    { role: "system", content: "You are a household robot deciding where objects belong in a tidy house. Answer with JSON only." },
    {
      role: "user",
      content: [
        `Object to put away: ${q.object}`,
        ...(q.context !== undefined ? [`Context: ${JSON.stringify(q.context)}`] : []),
        "Candidate receptacles (ids):",
        ...q.candidates.map((c) => `- ${c}`),
        "Rank ALL candidates from the most to the least suitable place for the object.",
        'Answer with a JSON array of the candidate ids, best first, e.g. ["kitchen|cabinet", "bedroom|bed"].',
      ].join("\n"),
    },
  ];
}

/** Prompt of the misplacement-detection probe: which objects are out of place. */
export function misplacementMessages(q: MisplacementQuery): ChatCompletionMessageParam[] {
  return [
    { role: "system", content: "You are a household robot checking whether objects are where they belong. Answer with JSON only." },
    {
      role: "user",
      content: [
        ...(q.context !== undefined ? [`Context: ${JSON.stringify(q.context)}`] : []),
        "Objects and where they are now:",
        ...q.objects.map((o) => `- ${o.id}: ${o.label}${o.room ? ` in ${o.room}` : ""}${o.receptacle ? ` on/in ${o.receptacle}` : ""}`),
        "Which of these objects are misplaced (not where they belong in a tidy house)?",
        'Answer with a JSON array of their ids, e.g. ["obj_3"], or [] when nothing is misplaced.',
      ].join("\n"),
    },
  ];
}

/** The first JSON array of strings in a reply (code fences and prose around it are ignored), or null. */
export function extractIdList(text: string | null | undefined): string[] | null {
  if (!text) return null;
  for (let start = text.indexOf("["); start >= 0; start = text.indexOf("[", start + 1)) {
    for (let end = text.indexOf("]", start); end >= 0; end = text.indexOf("]", end + 1)) {
      try {
        const v = JSON.parse(text.slice(start, end + 1)) as unknown;
        if (Array.isArray(v) && v.every((x) => typeof x === "string")) return v as string[];
      } catch {
        // not this span
      }
    }
  }
  return null;
}

/**
 * A model's ranking made usable: only known candidates, each once, in the model's order, and every candidate
 * it left out appended in the given order (a partial answer still ranks everything).
 */
export function completeRanking(answer: readonly string[], candidates: readonly string[]): string[] {
  const known = new Set(candidates);
  const out = [...new Set(answer.filter((c) => known.has(c)))];
  for (const c of candidates) if (!out.includes(c)) out.push(c);
  return out;
}

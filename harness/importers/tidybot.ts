/**
 * `rearrange import tidybot SRC --out DIR`: TidyBot benchmark scenarios → ranking cases.
 * SRC is `scenarios.yml`, a robot scenario (`server/scenarios/scenario-NN.yml`) or a folder holding such files
 * (every `.yml`/`.yaml` file is read; YAML 1.1 merge keys are applied, see tidybot-yaml.ts). Writes
 *   ranking.unseen.jsonl  one case per unseen object, seen placements as context (the benchmark)
 *   ranking.seen.jsonl    one case per seen object, the other seen placements as context
 *   import.json           this summary
 * Scoring `ranking.unseen.jsonl` reports TidyBot's own metric: per-scenario accuracy (top-ranked
 * receptacle correct), averaged over scenarios. Rules: probes/datasets/tidybot.ts.
 */
import path from "node:path";
import { InputError } from "../../sim/errors.ts";
import { tidybotCases } from "../probes/datasets/tidybot.ts";
import type { TidybotConversion } from "../probes/datasets/tidybot.ts";
import { listSourceFiles, writeJsonFile, writeJsonlFile } from "../probes/datasets/source-files.ts";
import type { RankingCase } from "../probes/types.ts";
import type { ImportOptions, ImportSummary } from "./index.ts";
import { readTidybotYaml } from "./tidybot-yaml.ts";

/** Imports TidyBot scenarios (see module comment). */
export async function importTidybot(src: string, options: ImportOptions): Promise<ImportSummary> {
  const summary: ImportSummary = { format: "tidybot", source: src, out: options.out, files: [], skipped: [], notes: [] };
  const unseen: RankingCase[] = [];
  const seen: RankingCase[] = [];
  let scenarios = 0;
  const files = listSourceFiles(src);
  const yamlFiles = files.filter((f) => /\.ya?ml$/i.test(f));
  for (const file of files) if (!yamlFiles.includes(file)) summary.skipped.push({ file, reason: "not a YAML scenario file" });
  const parsed: Array<{ file: string; k: number; converted: TidybotConversion }> = [];
  yamlFiles.forEach((file, k) => {
    // the shared reader first, like every other loader (then merge keys applied): a syntax error, an alias to no
    // anchor, an alias bomb or nesting deep enough to overflow the parser's stack is an InputError at its line
    let data: unknown;
    try {
      data = readTidybotYaml(file);
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      summary.skipped.push({ file, ...(err.where ? { where: err.where } : {}), reason: err.reason });
      return;
    }
    const converted = tidybotCases(data);
    for (const s of converted.skipped) summary.skipped.push({ file, where: s.where, reason: s.reason });
    parsed.push({ file, k, converted });
  });
  // ids name the file only when several files hold scenarios (so they stay unique): a scenario file keeps its
  // case ids whether it is given alone or in a folder beside files that hold none
  const contributing = parsed.filter((p) => p.converted.scenarios > 0);
  for (const { file, k, converted } of contributing) {
    const prefix = contributing.length > 1 ? `${path.basename(file).replace(/\.ya?ml$/i, "")}-${k}/` : "";
    const rename = (c: RankingCase): RankingCase => (prefix ? { ...c, id: c.id.replace("tidybot/", `tidybot/${prefix}`), group: `${prefix}${c.group}` } : c);
    unseen.push(...converted.unseen.map(rename));
    seen.push(...converted.seen.map(rename));
    scenarios += converted.scenarios;
    summary.notes.push(...fileNotes(file, converted, prefix));
  }
  const repeated = repeatedScenarios(contributing.map((p) => p.converted.parsed));
  if (repeated > 0) summary.notes.push(`${repeated} scenario(s) repeat one in an earlier file (the same scenario in two copies of the benchmark?): each copy is imported and scored`);
  summary.files.push(
    { path: writeJsonlFile(options.out, "ranking.unseen.jsonl", unseen), what: `ranking cases for unseen objects (${scenarios} scenarios)`, count: unseen.length },
    { path: writeJsonlFile(options.out, "ranking.seen.jsonl", seen), what: "ranking cases for seen objects", count: seen.length },
    { path: path.join(options.out, "import.json"), what: "this summary", count: 1 },
  );
  summary.notes.push(
    "relevance: the receptacle the scenario gives for the object has gain 1, the others 0",
    "context: room, receptacles and the seen placements; the annotator notes (which state the rule) are left out",
    "score ranking.unseen.jsonl to get TidyBot's per-scenario accuracy (groups = scenarios)",
  );
  writeJsonFile(options.out, "import.json", summary);
  return summary;
}

/**
 * What a user should know about one file's cases: a robot scenario's left-out parts, objects listed twice (each
 * a case of its own), test objects whose answer is among the seen examples. Nothing for a plain benchmark file.
 * `prefix`: what the file's case ids and groups are prefixed with (when several files hold scenarios).
 */
function fileNotes(file: string, c: TidybotConversion, prefix: string): string[] {
  const notes: string[] = [];
  if (c.kind === "robot") {
    notes.push(`${file}: a robot scenario (one scenario as a mapping): candidates are its receptacles with primitive_names, as TidyBot's own loader takes them; receptacle positions and sizes and seen_primitives are not used`);
  }
  if (c.props.length > 0) notes.push(`${file}: receptacles without primitive_names are props there, not candidates: ${c.props.join(", ")}`);
  if (c.repeats.length > 0) {
    const list = c.repeats.map((r) => `${r.where} "${r.object}" (first at ${r.first}) → ${r.id.replace("tidybot/", `tidybot/${prefix}`)}`).join("; ");
    notes.push(`${file}: ${c.repeats.length} placement(s) list an object already placed in the same scenario and split; each is a case of its own (TidyBot's accuracy counts every listed placement), its id suffixed #2, #3, …: ${list}`);
  }
  for (const s of c.seenTestObjects) {
    notes.push(`${file}: ${s.where} (scenario ${prefix}${s.group}): ${s.objects.length} unseen (test) object(s) are also seen examples, so their answer is in the ranker's context (seenPlacements); their cases say context.alsoSeen = true: ${s.objects.join(", ")}`);
  }
  return notes;
}

/** How many scenarios are the same as one of an earlier file's (same receptacles, objects and placements); `files`: each file's scenarios. */
function repeatedScenarios(files: ReadonlyArray<readonly unknown[]>): number {
  const seen = new Set<string>();
  let repeated = 0;
  for (const scenarios of files) {
    const own = new Set<string>();
    for (const scenario of scenarios) {
      const key = JSON.stringify(scenario);
      if (seen.has(key)) repeated++;
      own.add(key);
    }
    for (const key of own) seen.add(key);
  }
  return repeated;
}

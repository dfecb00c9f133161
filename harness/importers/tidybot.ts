/**
 * `rearrange import tidybot SRC --out DIR`: TidyBot benchmark scenarios → ranking cases.
 * SRC is `scenarios.yml` or a folder holding it (every `.yml`/`.yaml` file is read). Writes
 *   ranking.unseen.jsonl  one case per unseen object, seen placements as context (the benchmark)
 *   ranking.seen.jsonl    one case per seen object, the other seen placements as context
 *   import.json           this summary
 * Scoring `ranking.unseen.jsonl` reports TidyBot's own metric: per-scenario accuracy (top-ranked
 * receptacle correct), averaged over scenarios. Rules: probes/datasets/tidybot.ts.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { LineCounter, parseDocument } from "yaml";
import { tidybotCases } from "../probes/datasets/tidybot.ts";
import { listSourceFiles, writeJsonFile, writeJsonlFile } from "../probes/datasets/source-files.ts";
import type { RankingCase } from "../probes/types.ts";
import type { ImportOptions, ImportSummary } from "./index.ts";

/** Imports TidyBot scenarios (see module comment). */
export async function importTidybot(src: string, options: ImportOptions): Promise<ImportSummary> {
  const summary: ImportSummary = { format: "tidybot", source: src, out: options.out, files: [], skipped: [], notes: [] };
  const unseen: RankingCase[] = [];
  const seen: RankingCase[] = [];
  let scenarios = 0;
  const files = listSourceFiles(src);
  const yamlFiles = files.filter((f) => /\.ya?ml$/i.test(f));
  for (const file of files) if (!yamlFiles.includes(file)) summary.skipped.push({ file, reason: "not a YAML scenario file" });
  yamlFiles.forEach((file, k) => {
    const lineCounter = new LineCounter();
    const doc = parseDocument(readFileSync(file, "utf8"), { lineCounter, prettyErrors: false });
    if (doc.errors.length > 0) {
      const pos = lineCounter.linePos(doc.errors[0]!.pos[0]);
      summary.skipped.push({ file, where: `line ${pos.line}, column ${pos.col}`, reason: `invalid YAML: ${doc.errors[0]!.message.split("\n")[0]}` });
      return;
    }
    const converted = tidybotCases(doc.toJS());
    // several scenario files: prefix ids with the file so they stay unique
    const prefix = yamlFiles.length > 1 ? `${path.basename(file).replace(/\.ya?ml$/i, "")}-${k}/` : "";
    const rename = (c: RankingCase): RankingCase => (prefix ? { ...c, id: c.id.replace("tidybot/", `tidybot/${prefix}`), group: `${prefix}${c.group}` } : c);
    unseen.push(...converted.unseen.map(rename));
    seen.push(...converted.seen.map(rename));
    scenarios += converted.scenarios;
    for (const s of converted.skipped) summary.skipped.push({ file, where: s.where, reason: s.reason });
  });
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

import type { CommandModule } from "yargs";
import path from "node:path";
import { IMPORT_FORMATS, importers, nothingImported, type ImportSummary } from "../../importers/index.ts";
import { CheckFailed, UsageError } from "../cli-errors.ts";
import { integerOption } from "../option-values.ts";

interface ImportArgs {
  format: string;
  src: string;
  out: string;
  seed: number;
  split?: string;
  instructions?: string;
  seeds?: number;
  name?: string;
  json: boolean;
}

function formatSummary(s: ImportSummary): string {
  const lines = [`imported ${s.format} from ${s.source} into ${s.out}`, "", "written:"];
  const width = Math.max(0, ...s.files.map((f) => f.path.length));
  for (const f of s.files) lines.push(`  ${f.path.padEnd(width)}  ${String(f.count).padStart(6)}  ${f.what}`);
  if (s.skipped.length > 0) {
    lines.push("", `skipped (${s.skipped.length}):`);
    for (const k of s.skipped) lines.push(`  ${k.file}${k.where ? `: ${k.where}` : ""}: ${k.reason}`);
  }
  if (s.notes.length > 0) lines.push("", "notes:", ...s.notes.map((n) => `  - ${n}`));
  return lines.join("\n");
}

/**
 * `rearrange import FORMAT SRC --out DIR`: converts another data set's files into ours. Prints (and
 * writes, as DIR/import.json) the summary; exits 1 when nothing was imported, saying why.
 */
export const command: CommandModule<object, ImportArgs> = {
  command: "import <format> <src>",
  describe: "import BEHAVIOR activities, VLA-3D scenes, Housekeep annotations/episodes or TidyBot scenarios",
  builder: (y) =>
    y
      .positional("format", { choices: [...new Set([...IMPORT_FORMATS, ...Object.keys(importers)])], demandOption: true, describe: "source format" })
      .positional("src", { type: "string", demandOption: true, describe: "source file or folder" })
      .option("out", { type: "string", demandOption: true, describe: "output folder" })
      .option("seed", integerOption("seed", { default: 0, describe: "seed of deterministic choices (Housekeep object split)" }))
      .option("split", { type: "string", describe: "housekeep: JSON file {train,val,test} of object names to split by" })
      .option("instructions", { type: "string", describe: "bddl: JSON file {activity: instruction} (default SRC/instructions.json when present)" })
      .option("seeds", integerOption("seeds", { min: 1, describe: "bddl: sampled houses (episodes) per activity, seeds S, S+1, … (default 1)" }))
      .option("name", { type: "string", describe: "bddl: suite id and file name (default: the --out folder's name)" })
      .option("json", { type: "boolean", default: false, describe: "print the import summary as JSON" })
      .example("$0 import bddl ../shared/data/behavior100 --instructions ../shared/data/behavior100/instructions.json --out runs/b100-suite", "BEHAVIOR activities as a suite")
      .example("$0 import housekeep ../shared/data/housekeep --out imports/housekeep", "ranking and detection cases")
      .example("$0 import vla3d ../shared/data/vla3d --out imports/vla3d", "scenes and grounding questions"),
  handler: async (argv) => {
    const importer = importers[argv.format];
    if (!importer) throw new UsageError(`the ${argv.format} importer is not available yet (available: ${Object.keys(importers).sort().join(", ")})`);
    const summary = await importer(argv.src, {
      out: argv.out,
      seed: argv.seed,
      ...(argv.split ? { split: argv.split } : {}),
      ...(argv.instructions ? { instructions: argv.instructions } : {}),
      ...(argv.seeds !== undefined ? { seeds: argv.seeds } : {}),
      ...(argv.name ? { name: argv.name } : {}),
    });
    process.stdout.write(argv.json ? `${JSON.stringify(summary, null, 2)}\n` : `${formatSummary(summary)}\n`);
    const nothing = nothingImported(summary);
    if (nothing) throw new CheckFailed(`rearrange import: ${nothing}\nThe import summary is in ${path.join(argv.out, "import.json")}.`);
  },
};

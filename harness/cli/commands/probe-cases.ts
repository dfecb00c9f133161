import type { CommandModule } from "yargs";
import { integerOption, numberOption } from "../option-values.ts";

// Registered by probe.ts as `rearrange probe cases`; it exports no `command`, so the command loader
// does not also make it a top-level command.

const KINDS = ["ranking", "detection", "grounding"] as const;

interface ProbeCasesArgs {
  "from-scene": string;
  kind: Array<(typeof KINDS)[number]>;
  out: string;
  seed: number;
  copies: number;
  misplace: number;
  "test-share": number;
  json: boolean;
}

interface WrittenSummary {
  source: string;
  out: string;
  files: Array<{ path: string; what: string; count: number }>;
  notes: string[];
}

function formatSummary(s: WrittenSummary): string {
  const lines = [`generated probe cases from ${s.source} into ${s.out}`, "", "written:"];
  const width = Math.max(0, ...s.files.map((f) => f.path.length));
  for (const f of s.files) lines.push(`  ${f.path.padEnd(width)}  ${String(f.count).padStart(6)}  ${f.what}`);
  if (s.notes.length > 0) lines.push("", "notes:", ...s.notes.map((n) => `  - ${n}`));
  return lines.join("\n");
}

/**
 * `rearrange probe cases --from-scene SRC --out DIR`: generates ranking, detection and grounding
 * cases from scenes of ours (a scene, a suite, a folder, a bundled suite or house name), with the
 * placement rule and physics placement described in docs/probes.md.
 */
export const probeCasesCommand: CommandModule<object, ProbeCasesArgs> = {
  command: "cases",
  describe: "generate ranking, detection and grounding cases from scenes of ours (a scene, suite or bundled name)",
  builder: (y) =>
    y
      .option("from-scene", { type: "string", demandOption: true, describe: "scene file, suite file, folder, or bundled suite/house name" })
      .option("kind", { type: "string", array: true, choices: KINDS, default: [...KINDS], describe: "which cases (repeatable; default all three)" })
      .option("out", { type: "string", demandOption: true, describe: "output folder" })
      .option("seed", integerOption("seed", { default: 0, describe: "seed of the moves, the noun split and the anchors asked about" }))
      .option("copies", integerOption("copies", { min: 1, default: 3, describe: "detection: misplaced copies per scene" }))
      .option("misplace", numberOption("misplace", { min: 0, max: 1, minExclusive: true, default: 0.25, describe: "detection: share of eligible objects moved per copy (at least one)" }))
      .option("test-share", numberOption("test-share", { min: 0, max: 1, default: 0.3, describe: "share of object nouns in the test split" }))
      .option("json", { type: "boolean", default: false, describe: "print the summary as JSON" })
      .example("$0 probe cases --from-scene default --out runs/probe-cases", "all three kinds from the bundled suite's houses")
      .example("$0 probe cases --from-scene scenes/houses/flat.scene.json --kind detection --copies 5 --out flat-det", "five misplaced copies of the flat"),
  handler: async (argv) => {
    const { generateProbeCases } = await import("../../probes/generate/generate.ts");
    const summary = generateProbeCases(argv["from-scene"], {
      out: argv.out,
      kinds: [...new Set(argv.kind)],
      seed: argv.seed,
      copies: argv.copies,
      misplaceShare: argv.misplace,
      testShare: argv["test-share"],
    });
    process.stdout.write(argv.json ? `${JSON.stringify(summary, null, 2)}\n` : `${formatSummary(summary)}\n`);
  },
};

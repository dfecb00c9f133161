import type { CommandModule } from "yargs";
import { CheckFailed } from "../cli-errors.ts";

export const command: CommandModule<object, { files: string[]; json: boolean }> = {
  command: "validate <files..>",
  describe: "check scene, task, suite, BDDL, results and trajectory files; print every problem with file, place and reason",
  builder: (y) =>
    y
      .positional("files", { type: "string", array: true, demandOption: true, describe: "files to check" })
      .option("json", { type: "boolean", default: false, describe: "print the report as JSON" }),
  handler: async (argv) => {
    const { validateFiles } = await import("../../validate/validate-files.ts");
    const report = await validateFiles(argv.files);
    if (argv.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else {
      for (const f of report) {
        if (f.ok) process.stdout.write(`ok    ${f.file} (${f.kind})\n`);
        for (const w of f.warnings) process.stdout.write(`warn  ${w}\n`);
      }
    }
    const problems = report.flatMap((f) => f.problems);
    if (problems.length) {
      if (!argv.json) throw new CheckFailed(problems.map((p) => `error ${p}`).join("\n"));
      process.exitCode = 1;
    }
  },
};

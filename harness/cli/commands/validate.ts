import type { CommandModule } from "yargs";

export const command: CommandModule<object, { files: string[]; json: boolean }> = {
  command: "validate <files..>",
  describe: "check scene, task, suite, BDDL, results and trajectory files, probe files and import summaries; print every problem with file, place and reason (on stdout; exit 1 when there is any)",
  builder: (y) =>
    y
      .positional("files", { type: "string", array: true, demandOption: true, describe: "files to check (a folder: the files under it)" })
      .option("json", { type: "boolean", default: false, describe: "print the report as JSON" }),
  handler: async (argv) => {
    const { validateFiles } = await import("../../validate/validate-files.ts");
    const report = await validateFiles(argv.files);
    // the problems are this command's result: stdout, like the ok lines (SPEC §2), so `validate f > report.txt` keeps them
    if (argv.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else {
      const lines: string[] = [];
      for (const f of report) {
        if (f.ok) lines.push(`ok    ${f.file} (${f.kind})`);
        for (const w of f.warnings) lines.push(`warn  ${w}`);
        for (const p of f.problems) lines.push(`error ${p}`);
      }
      const bad = report.filter((f) => !f.ok).length;
      if (bad) lines.push(`${bad} of ${report.length} file(s) failed: ${report.reduce((n, f) => n + f.problems.length, 0)} problem(s)`);
      process.stdout.write(lines.length ? `${lines.join("\n")}\n` : "");
    }
    if (report.some((f) => !f.ok)) process.exitCode = 1;
  },
};

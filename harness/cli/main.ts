import yargs, { type MiddlewareFunction } from "yargs";
import { InputError, InputErrors, UnknownNameError } from "../../sim/errors.ts";
import { CheckFailed, UsageError } from "./cli-errors.ts";
import { COMMANDS } from "./command-list.ts";
import { rejectRepeatedOptions, type OptionRegistry } from "./option-values.ts";

/**
 * CLI entry. Each command is one file in `commands/` exporting `command: CommandModule`, listed in
 * command-list.ts; its handler calls the same function the library exports and sets `process.exitCode`.
 * Exit codes: 0 success, 1 the check failed, 2 usage error.
 */
export { CheckFailed, UsageError };

export async function main(argv: string[]): Promise<number> {
  const cli = yargs(argv)
    .scriptName("rearrange")
    .usage("$0 <command> [options]")
    .strict()
    .demandCommand(1, "name a command (see --help)")
    .recommendCommands()
    .help()
    .alias("h", "help")
    .version(false)
    .wrap(Math.min(110, process.stdout.columns || 110))
    .fail(failWithUsageError)
    // an option given twice is an error unless declared repeatable (array): see option-values.ts
    .middleware(repeatedOptionsCheck, true);
  for (const c of COMMANDS) cli.command(c);
  skipHelpPreformatting(cli);
  try {
    await cli.parseAsync();
  } catch (err) {
    return reportError(err);
  }
  return typeof process.exitCode === "number" ? process.exitCode : 0;
}

/**
 * yargs lays out the whole help text (every command and option through cliui) just after it starts a command's
 * handler — 30 – 40 ms of every run, on the event loop while the handler waits — so that a handler failing later
 * can show it. This CLI never shows it then (failWithUsageError prints a line and points to --help), so the
 * layout is skipped; `--help` lays the text out as before. Through yargs' internal methods (yargs is pinned):
 * when they are not there, nothing is skipped.
 */
export function skipHelpPreformatting(cli: object): void {
  const usage = (cli as { getInternalMethods?: () => { getUsageInstance?: () => { cacheHelpMessage?: () => void } } }).getInternalMethods?.().getUsageInstance?.();
  if (usage && typeof usage.cacheHelpMessage === "function") usage.cacheHelpMessage = () => {};
}

/** yargs calls a middleware with the parsed options and the yargs instance of the command being run. */
const repeatedOptionsCheck = ((argv: Record<string, unknown>, y: { getOptions(): OptionRegistry }) => rejectRepeatedOptions(argv, y.getOptions())) as unknown as MiddlewareFunction;

/**
 * yargs' failure handler: throwing stops yargs before any handler runs with missing or invalid options.
 * yargs reports a value it refused (an option's coerce threw, see option-values.ts; an option without
 * its value) as a YError, whatever the coerce threw: that is a usage error too. Any other error is the
 * handler's own and passes unchanged.
 */
export function failWithUsageError(msg: string | undefined, err: Error | undefined): never {
  if (err && err.name !== "YError") throw err;
  throw new UsageError(`${msg ?? err?.message}\nRun 'rearrange --help' for usage.`);
}

function reportError(err: unknown): number {
  // a name that names nothing (`--agent explorr`) is a wrong option value, like any other
  if (err instanceof UsageError || err instanceof UnknownNameError) {
    process.stderr.write(`rearrange: ${err.message}\n`);
    return 2;
  }
  if (err instanceof InputError || err instanceof InputErrors || err instanceof CheckFailed) {
    process.stderr.write(`${err.message}\n`);
    return 1;
  }
  const sys = err as NodeJS.ErrnoException;
  if (typeof sys?.code === "string" && typeof sys.syscall === "string") {
    // the file system refused (no space, no permission, not a folder, …): the user's environment, not a bug
    const where = sys.path ? `${sys.path}: ` : "";
    process.stderr.write(`rearrange: ${where}cannot ${sys.syscall}: ${sys.message}\n`);
    return 1;
  }
  const e = err as Error;
  process.stderr.write(`rearrange: internal error: ${e?.stack ?? String(err)}\n`);
  return 1;
}

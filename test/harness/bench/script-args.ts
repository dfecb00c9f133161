/** The value after `--name` on the command line of a timing script, or `fallback` when it is not given. */
export function scriptArg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

/**
 * Errors that point at the user's input: every one names the file, the place in it and what is wrong.
 * Commands print `message` without a stack trace and exit 1.
 */
export class InputError extends Error {
  /** File the problem is in (as the user gave it). */
  readonly file: string;
  /** JSON path (`$.objects[3].box.size`) or `line:column`, when known. */
  readonly where: string | undefined;
  /** What is wrong, in words. */
  readonly reason: string;

  constructor(file: string, where: string | undefined, reason: string) {
    super(`${file}${where ? `: ${where}` : ""}: ${reason}`);
    this.name = "InputError";
    this.file = file;
    this.where = where;
    this.reason = reason;
  }
}

/**
 * A name on the command line that names nothing (`--agent explorr`, `--suite smok`): an InputError to the
 * library's callers, a usage error to the CLI (exit 2), like any other option value it does not accept.
 * A path that does not exist stays a plain InputError (exit 1), as it is for every command that reads files.
 */
export class UnknownNameError extends InputError {
  constructor(name: string, reason: string) {
    super(name, undefined, reason);
    this.name = "UnknownNameError";
  }
}

/** Several input problems found in one pass (a validator reports them all, not just the first). */
export class InputErrors extends Error {
  readonly problems: InputError[];
  constructor(problems: InputError[]) {
    super(problems.map((p) => p.message).join("\n"));
    this.name = "InputErrors";
    this.problems = problems;
  }
}

/**
 * Problems found in one pass as one error to throw: the problem itself when there is one (the CLI prints it as
 * it is), else all of them as {@link InputErrors}. `problems` must not be empty.
 */
export function oneInputError(problems: readonly InputError[]): InputError | InputErrors {
  return problems.length === 1 ? problems[0]! : new InputErrors([...problems]);
}

/** Formats a JSON path from zod-style path segments: `$.objects[3].box`. */
export function formatJsonPath(path: ReadonlyArray<PropertyKey>): string {
  let out = "$";
  for (const seg of path) {
    if (typeof seg === "number") out += `[${seg}]`;
    else if (typeof seg === "string" && /^[A-Za-z_$][\w$]*$/.test(seg)) out += `.${seg}`;
    else out += `[${JSON.stringify(String(seg))}]`;
  }
  return out;
}

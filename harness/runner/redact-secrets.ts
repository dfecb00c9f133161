/**
 * Names that look like they hold a secret: `apiKey`, `MY_TOKEN`, `clientSecret`, `password`, `passwd`,
 * `Authorization`, `auth`, `credentials`, `cookie`, … (case-insensitive, anywhere in the name).
 */
export const SECRET_NAME = /key|token|secret|passw|auth|credential|cookie/i;

/** What a secret's value is replaced with. */
export const REDACTED = "[redacted]";

/** The name part of {@link SECRET_NAME}, to build the command-line patterns from. */
const SECRET_WORD = "(?:key|token|secret|passw|auth|credential|cookie)";

/**
 * Values in the shape of well-known API keys, wherever they stand: OpenAI and Anthropic (`sk-…`), GitHub
 * (`ghp_…`, `github_pat_…`), Hugging Face (`hf_…`), Slack (`xoxb-…`), AWS access key ids (`AKIA…`).
 */
const KEY_SHAPED = /\b(?:sk-[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|hf_[A-Za-z0-9]{20,}|xox[abprs]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16})\b/g;

/** A value on a command line: quoted, or up to the next blank. */
const VALUE = `(?:"[^"]*"|'[^']*'|[^\\s"']\\S*)`;

/** `--api-key=VALUE` or `--api-key VALUE` (a value, not the next flag), in a command line. */
const FLAG_WITH_VALUE = new RegExp(`(^|\\s)(--?[\\w.-]*${SECRET_WORD}[\\w.-]*)(=|\\s+(?!-))${VALUE}`, "gi");

/** `OPENAI_API_KEY=VALUE` (an environment assignment before the command), in a command line. */
const ASSIGNMENT = new RegExp(`(^|\\s)(\\w*${SECRET_WORD}\\w*)=${VALUE}`, "gi");

/** A lone flag whose next argument is its value: `--api-key`, `-token`, `--db.password`. */
const SECRET_FLAG = new RegExp(`^--?[\\w.-]*${SECRET_WORD}[\\w.-]*$`, "i");

/**
 * A command line as it may be recorded, with what looks like a secret on it replaced: the value of a
 * secret-looking flag (`--api-key X`, `--token=X`), of a secret-looking environment assignment
 * (`HF_TOKEN=X python agent.py`) and anything shaped like a well-known API key. The rest is kept as written.
 */
export function redactCommandLine(line: string): string {
  return line
    .replace(FLAG_WITH_VALUE, (_m, lead: string, flag: string, sep: string) => `${lead}${flag}${sep}${REDACTED}`)
    .replace(ASSIGNMENT, (_m, lead: string, name: string) => `${lead}${name}=${REDACTED}`)
    .replace(KEY_SHAPED, REDACTED);
}

/**
 * A list as it may be recorded (an argument list, `args: ["--api-key", "X"]`): a secret-looking flag's next
 * string (unless it is itself a flag), each string as {@link redactCommandLine} leaves it, anything else by `redact`.
 */
function redactList(list: readonly unknown[], redact: (v: unknown) => unknown): unknown[] {
  return list.map((a, i) => {
    if (typeof a !== "string") return redact(a);
    const before = i > 0 ? list[i - 1] : undefined;
    if (typeof before === "string" && SECRET_FLAG.test(before) && !a.startsWith("-")) return REDACTED;
    return redactCommandLine(a);
  });
}

/**
 * Agent options as written to results.json: the value of every key that looks like a secret ({@link SECRET_NAME})
 * is replaced, at any depth — inside nested objects such as a `cmd:` agent's `env` (`{"MY_TOKEN": "…"}`) and
 * inside arrays of objects — and so are secrets passed positionally: in lists, as an argument list holds them
 * (`["--token", "X"]`, `"--token=X"`, `"HF_TOKEN=X"`), and values shaped like well-known API keys in any string
 * (a prompt or a URL keeps the rest of its text). The options are not changed.
 */
export function redactSecrets(options: Record<string, unknown>): Record<string, unknown> {
  return redactValue(options, new WeakSet()) as Record<string, unknown>;
}

function redactValue(value: unknown, seen: WeakSet<object>): unknown {
  if (typeof value === "string") return value.replace(KEY_SHAPED, REDACTED);
  if (typeof value !== "object" || value === null) return value;
  // options are JSON/YAML data: anything else (a Date, a class instance a caller passed) is left as it is
  const proto = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return value;
  // a cycle cannot be written as JSON anyway: cut it rather than recurse forever
  if (seen.has(value)) return "[circular]";
  seen.add(value);
  try {
    if (Array.isArray(value)) return redactList(value, (v) => redactValue(v, seen));
    // Object.fromEntries defines own properties: a "__proto__" key from JSON stays a key
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_NAME.test(k) ? REDACTED : redactValue(v, seen)]));
  } finally {
    seen.delete(value);
  }
}

import { InputError } from "../../../sim/errors.ts";

/**
 * Splits a command line into program and arguments the way a POSIX shell does for plain words, so
 * `cmd:"python3 'my agent.py' --name \"x y\""` runs without a shell: whitespace separates words;
 * single quotes keep everything literally; double quotes keep everything except `\"`, `\\`, `\$` and
 * `` \` `` escapes; outside quotes a backslash keeps the next character. No expansion of `$VAR`, globs or
 * pipes happens — pass `shell: true` as an agent option to get a real shell.
 *
 * @param text the command line
 * @param source what to name in an error (e.g. the `--agent` value)
 * @throws InputError naming the column of an unterminated quote or a trailing backslash
 */
export function splitCommandLine(text: string, source = "cmd"): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let i = 0;
  const fail = (at: number, reason: string): never => {
    throw new InputError(source, `column ${at + 1}`, reason);
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === " " || c === "\t" || c === "\n" || c === "\r") {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
      i++;
      continue;
    }
    inWord = true;
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) fail(i, "unterminated single quote");
      word += text.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      const start = i;
      i++;
      for (;;) {
        if (i >= text.length) fail(start, "unterminated double quote");
        const d = text[i]!;
        if (d === '"') break;
        if (d === "\\" && i + 1 < text.length && '"\\$`'.includes(text[i + 1]!)) {
          word += text[i + 1];
          i += 2;
          continue;
        }
        word += d;
        i++;
      }
      i++;
    } else if (c === "\\") {
      if (i + 1 >= text.length) fail(i, "trailing backslash escapes nothing");
      word += text[i + 1];
      i += 2;
    } else {
      word += c;
      i++;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** Quotes one word so that {@link splitCommandLine} gives it back unchanged (single quotes, `'\''` for a quote). */
export function quoteWord(word: string): string {
  if (word !== "" && /^[A-Za-z0-9_./:=@%+,-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

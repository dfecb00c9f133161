/**
 * Where JSON text first breaks the grammar. V8's JSON.parse names a position for some errors only
 * (`Unexpected token 'x', "…" is not valid JSON` and `Unexpected end of JSON input` have none), but an
 * error message must name a line and column. This scanner is iterative, so deep nesting cannot
 * overflow the stack, and linear in the text.
 */

const WS = new Set([" ", "\t", "\n", "\r"]);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPE = /["\\/bfnrt]|u[0-9a-fA-F]{4}/y;

/** Offset of the first character where `text` stops being JSON (`text.length` if it ends too early), or null when it is JSON. */
export function jsonSyntaxErrorOffset(text: string): number | null {
  const stack: Array<"[" | "{"> = [];
  let i = 0;
  const skip = () => {
    while (i < text.length && WS.has(text[i]!)) i++;
  };
  /** Scans one string starting at i (a quote); returns false at a fault, i pointing at it. */
  const string = (): boolean => {
    i++;
    while (i < text.length) {
      const c = text[i]!;
      if (c === '"') return i++, true;
      if (c < " ") return false;
      if (c === "\\") {
        ESCAPE.lastIndex = i + 1;
        const m = ESCAPE.exec(text);
        if (!m) return i++, false;
        i += 1 + m[0].length;
        continue;
      }
      i++;
    }
    return false;
  };
  /** Scans a scalar or opens a container; returns false at a fault. */
  const value = (): boolean => {
    skip();
    const c = text[i];
    if (c === undefined) return false;
    if (c === "[" || c === "{") return stack.push(c), i++, true;
    if (c === '"') return string();
    for (const word of ["true", "false", "null"]) {
      if (text.startsWith(word, i)) return (i += word.length), true;
    }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (!m) return false;
    i += m[0].length;
    return true;
  };

  // after a value: either the end, or `,` / a closing bracket of the innermost container
  let expectValue = true;
  let justOpened = false;
  for (;;) {
    if (expectValue) {
      skip();
      const top = stack.at(-1);
      if (justOpened && ((top === "[" && text[i] === "]") || (top === "{" && text[i] === "}"))) {
        stack.pop();
        i++;
      } else if (top === "{") {
        // a key, a colon, then the value
        if (text[i] !== '"' || !string()) return i;
        skip();
        if (text[i] !== ":") return i;
        i++;
        const depth = stack.length;
        if (!value()) return i;
        if (stack.length > depth) {
          justOpened = true;
          continue;
        }
      } else {
        const depth = stack.length;
        if (!value()) return i;
        if (stack.length > depth) {
          justOpened = true;
          continue;
        }
      }
      justOpened = false;
      expectValue = false;
    }
    skip();
    if (stack.length === 0) return i < text.length ? i : null;
    const c = text[i];
    if (c === ",") {
      i++;
      expectValue = true;
      continue;
    }
    if ((c === "]" && stack.at(-1) === "[") || (c === "}" && stack.at(-1) === "{")) {
      stack.pop();
      i++;
      continue;
    }
    return i;
  }
}

/** 1-based line and column of an offset in `text`. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = (before.match(/\n/g)?.length ?? 0) + 1;
  return { line, column: offset - (before.lastIndexOf("\n") + 1) + 1 };
}

/**
 * What V8 says of a JSON.parse failure, without its echo of the input (`, "{\"a\": x}" is not valid JSON`, which
 * can be a whole file) and the position (the caller names the place): `Unexpected token 'x'`.
 */
export function jsonErrorMessage(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  return msg.replace(/, (?:\.\.\.)?".*is not valid JSON$/s, "").replace(/ in JSON at position \d+.*$/s, "");
}

/**
 * Splits BDDL text into parentheses and symbols, each with its 1-based line and column.
 * `;` starts a comment that runs to the end of the line.
 */
import type { SourcePos } from "./ast.ts";

/** One lexical token. */
export interface Token extends SourcePos {
  kind: "open" | "close" | "symbol";
  /** The characters as written (`(`, `)` or the symbol). */
  text: string;
}

/** Result of {@link tokenize}: the tokens and the position just past the last character. */
export interface TokenStream {
  tokens: Token[];
  end: SourcePos;
}

const WHITESPACE = /\s/;

/**
 * Tokenizes BDDL text. Never fails: every character is whitespace, a parenthesis, part of a comment
 * or part of a symbol, and the parser judges the symbols.
 */
export function tokenize(text: string): TokenStream {
  const tokens: Token[] = [];
  let line = 1;
  let column = 1;
  let i = 0;
  const advance = (ch: string) => {
    if (ch === "\n") {
      line++;
      column = 1;
    } else {
      column++;
    }
    i++;
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === ";") {
      while (i < text.length && text[i] !== "\n") advance(text[i]!);
    } else if (ch === "(" || ch === ")") {
      tokens.push({ kind: ch === "(" ? "open" : "close", text: ch, line, column });
      advance(ch);
    } else if (WHITESPACE.test(ch)) {
      // "\r\n" counts as one line break: the "\r" only moves the column, which the "\n" resets
      advance(ch);
    } else {
      const start = { line, column };
      const from = i;
      while (i < text.length) {
        const c = text[i]!;
        if (c === "(" || c === ")" || c === ";" || WHITESPACE.test(c)) break;
        advance(c);
      }
      tokens.push({ kind: "symbol", text: text.slice(from, i), ...start });
    }
  }
  return { tokens, end: { line, column } };
}

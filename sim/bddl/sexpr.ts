/**
 * Reads tokens into s-expressions (symbols and parenthesised lists), checking that parentheses balance.
 * Iterative, with a nesting limit, so hostile input cannot exhaust the call stack.
 */
import { InputError } from "../errors.ts";
import type { SourcePos } from "./ast.ts";
import { tokenize } from "./tokenizer.ts";

/** A symbol token. */
export interface SSymbol extends SourcePos {
  kind: "symbol";
  text: string;
}

/** A parenthesised list; its position is that of its `(`. */
export interface SList extends SourcePos {
  kind: "list";
  items: SExpr[];
  /** Position of the closing `)`. */
  end: SourcePos;
}

/** A node of the s-expression tree. */
export type SExpr = SSymbol | SList;

/** Deepest list nesting accepted; real BDDL files stay under 15. */
export const MAX_NESTING = 200;

/** Formats a position the way every BDDL error names it. */
export function where(pos: SourcePos): string {
  return `line ${pos.line}, column ${pos.column}`;
}

/** Result of {@link readSExprs}: the top-level forms and the end-of-text position. */
export interface SExprDocument {
  forms: SExpr[];
  end: SourcePos;
}

/** A list being read: where it goes when it closes, and its head when that is a `:keyword` (a section). */
interface OpenList {
  list: SList;
  parent: SExpr[];
  section: string | null;
}

/** A section list (head `:keyword`) met inside another one: sections never nest, so a ')' is missing before it. */
interface MisplacedSection {
  inner: OpenList & { section: string };
  outer: OpenList & { section: string };
}

/** `inner` (the innermost open list, a section) and the nearest open section enclosing it, if any. */
function sectionInside(inner: OpenList, open: readonly OpenList[]): MisplacedSection | null {
  for (let i = open.length - 2; i >= 0; i--) {
    const outer = open[i]!;
    if (outer.section !== null) return { inner: inner as MisplacedSection["inner"], outer: outer as MisplacedSection["outer"] };
  }
  return null;
}

/** Reads all top-level forms of `text`. Throws InputError on unbalanced parentheses or excessive nesting. */
export function readSExprs(text: string, file: string): SExprDocument {
  const { tokens, end } = tokenize(text);
  const top: SExpr[] = [];
  const open: OpenList[] = [];
  let current = top;
  let misplaced: MisplacedSection | null = null;
  for (const tok of tokens) {
    if (tok.kind === "symbol") {
      if (current.length === 0 && tok.text.startsWith(":") && open.length > 0) {
        const inner = open.at(-1)!;
        inner.section = tok.text;
        misplaced ??= sectionInside(inner, open);
      }
      current.push({ kind: "symbol", text: tok.text, line: tok.line, column: tok.column });
    } else if (tok.kind === "open") {
      if (open.length >= MAX_NESTING) {
        throw new InputError(file, where(tok), `parentheses nested deeper than ${MAX_NESTING} levels`);
      }
      const list: SList = { kind: "list", items: [], line: tok.line, column: tok.column, end: tok };
      open.push({ list, parent: current, section: null });
      current = list.items;
    } else {
      const frame = open.pop();
      if (!frame) {
        // The extra ")" is usually earlier than where it shows up: say where the first form closed.
        const first = top.find((f): f is SList => f.kind === "list");
        const hint = first
          ? ` (the form opened at ${where(first)} was already closed at ${where(first.end)}; ` +
            "an extra ')' may be before that)"
          : "";
        throw new InputError(file, where(tok), `unbalanced parenthesis: ')' has no matching '('${hint}`);
      }
      frame.list.end = { line: tok.line, column: tok.column };
      frame.parent.push(frame.list);
      current = frame.parent;
    }
  }
  const unclosed = open.at(-1);
  if (unclosed && misplaced) {
    // the usual cause: a section left open, so the next one reads as part of it; point at where the ')' belongs
    const { inner, outer } = misplaced;
    throw new InputError(
      file,
      where(inner.list),
      `unbalanced parenthesis: (${inner.section} …) begins inside (${outer.section} …), opened at ${where(outer.list)}: ` +
        `a ')' is probably missing before it (${open.length} '(' unclosed at the end of the input)`,
    );
  }
  if (unclosed) {
    throw new InputError(
      file,
      where(end),
      `unbalanced parenthesis: unexpected end of input with ${open.length} '(' unclosed ` +
        `(the innermost at ${where(unclosed.list)})`,
    );
  }
  return { forms: top, end };
}

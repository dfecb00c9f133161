/**
 * How deep YAML text can nest, found without parsing it. The yaml library recurses once per level; past
 * some 800 levels it overflows the stack, and after a stack overflow inside it V8 has been seen to abort
 * the whole process at the next regular expression it compiles ("RegExpCompiler Allocation failed").
 * So text that could nest too deep is refused before it reaches the parser.
 */

/** Where the bound was reached, 1-based. */
export interface DepthBound {
  depth: number;
  line: number;
  column: number;
}

/**
 * An upper bound on the nesting depth of YAML (or JSON) text, and the first place it is reached; with
 * `stopAbove`, the first place the bound exceeds it.
 * Flow collections count one level per open `[` or `{` outside quotes and comments. Block collections
 * nest only by indentation, so a line can be at most two levels deeper than its indentation and
 * leading `- `, `? `, `: ` indicators in columns (a sequence may sit at its parent key's indentation,
 * one level per column otherwise); the bound counts that.
 */
export function yamlDepthBound(text: string, stopAbove = Infinity): DepthBound {
  let best: DepthBound = { depth: 0, line: 1, column: 1 };
  const reach = (depth: number, line: number, column: number) => {
    if (depth > best.depth) best = { depth, line, column };
  };
  const leading = /[ \t]*(?:[-?:](?:[ \t]+|$))*/my;
  let flow = 0;
  /** Bound of the block nesting around the current flow collection (of the line it opened on). */
  let block = 0;
  let quote: '"' | "'" | null = null;
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < text.length && best.depth <= stopAbove; i++) {
    if (i === lineStart && quote === null && flow === 0) {
      leading.lastIndex = i;
      block = 2 * (leading.exec(text)![0].length + 1);
      reach(block, line, 1);
    }
    const c = text[i]!;
    if (c === "\n") {
      line++;
      lineStart = i + 1;
      continue;
    }
    if (quote === '"') {
      if (c === "\\") i++;
      else if (c === '"') quote = null;
      continue;
    }
    if (quote === "'") {
      if (c === "'") quote = null; // '' inside single quotes reopens at once: same effect
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === "#" && (i === lineStart || text[i - 1] === " " || text[i - 1] === "\t")) {
      const nl = text.indexOf("\n", i);
      i = (nl < 0 ? text.length : nl) - 1;
    } else if (c === "[" || c === "{") {
      flow++;
      reach(block + flow, line, i - lineStart + 1);
    } else if ((c === "]" || c === "}") && flow > 0) flow--;
  }
  return best;
}

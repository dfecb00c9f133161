/**
 * Reading a TidyBot YAML file with YAML 1.1 merge keys applied. TidyBot's files are written for PyYAML, which
 * reads YAML 1.1: `- <<: *s1` copies scenario s1's fields into the next one. The yaml package reads YAML 1.2 by
 * default, where `<<` is an ordinary key, so a scenario built that way lost every field it took from its anchor
 * ("$[1].receptacles: expected array, received undefined").
 */
import { LineCounter, isAlias, isMap, isScalar, isSeq, parseDocument, visit } from "yaml";
import type { Document, Node } from "yaml";
import { InputError } from "../../sim/errors.ts";
import { parseStructuredText } from "../../sim/files/read-structured.ts";
import { readTextFile } from "../../sim/files/read-text.ts";

/**
 * Parses `file` as the shared reader does (its errors — unreadable file, syntax, nesting, aliases — name the
 * line and column), then, when the text holds a merge key, again with merge keys applied. Throws InputError.
 */
export function readTidybotYaml(file: string): unknown {
  const text = readTextFile(file);
  // the shared reader first, so every problem it knows is reported as for any other file
  const plain = parseStructuredText(text, file);
  // no `<<` in the text, no merge key: the shared reader's value is the answer (and a file without merge keys
  // reads exactly as before)
  if (!text.includes("<<")) return plain;
  const lineCounter = new LineCounter();
  const doc = parseDocument(text.replace(/^\ufeff/, ""), { lineCounter, merge: true, prettyErrors: false });
  try {
    return doc.toJS();
  } catch (err) {
    // the shared reader took this text, so what fails now is a merge: `<<` given something that is not a mapping
    const bad = badMerge(doc);
    const pos = lineCounter.linePos(bad?.at ?? 0);
    const reason = bad ? `a merge key (<<) takes a mapping or a list of mappings, found ${bad.found}` : (err as Error).message.split("\n")[0]!;
    throw new InputError(file, `line ${pos.line}, column ${pos.col}`, `invalid YAML: ${reason}`);
  }
}

/** The first merge key whose value is not a mapping (nor a list of mappings): where its value starts, and what it is. */
function badMerge(doc: Document): { at: number; found: string } | null {
  let bad: { at: number; found: string } | null = null;
  visit(doc, {
    Pair(_, pair) {
      const key = pair.key;
      // with merge keys on, the parser gives a plain `<<` key a symbol value
      if (!isScalar(key) || typeof key.value !== "symbol") return undefined;
      const value = pair.value as Node | null;
      const sources = isSeq(value) ? (value.items as Node[]) : [value];
      const wrong = sources.find((s) => !isMap(isAlias(s) ? s.resolve(doc) : s));
      if (wrong === undefined) return undefined;
      bad = { at: (wrong ?? key).range?.[0] ?? 0, found: describeNode(isAlias(wrong) ? wrong.resolve(doc) : wrong) };
      return visit.BREAK;
    },
  });
  return bad;
}

/** A node's kind in words: "a list", "a number (5)", "nothing". */
function describeNode(node: Node | null | undefined): string {
  if (node === null || node === undefined) return "nothing";
  if (isSeq(node)) return "a list";
  if (isScalar(node)) return node.value === null ? "nothing" : `a ${typeof node.value} (${JSON.stringify(node.value)})`;
  return "something else";
}

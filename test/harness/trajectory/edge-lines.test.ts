import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineNumberAt, readEdgeLines } from "../../../harness/trajectory/edge-lines.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "edge-lines-"));
let n = 0;
function fileWith(text: string): string {
  const file = path.join(dir, `f${n++}.jsonl`);
  writeFileSync(file, text);
  return file;
}

/** What readEdgeLines answers, computed from the whole text: the first and last non-blank lines. */
function reference(text: string): { first: string | null; last: string | null } {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  const first = lines[0] ?? null;
  // the last line counts only when the file ends with its newline (blanks after it allowed)
  const last = text.endsWith("\n") && text.trimEnd() !== "" ? text.trimEnd().split("\n").pop()!.replace(/^\s+/, "") : null;
  return { first: first === null ? null : first.replace(/^\s+/, ""), last };
}

const lineNo = (text: string, offset: number) => Buffer.from(text).subarray(0, offset).toString("utf8").split("\n").length;

describe("readEdgeLines", () => {
  it("agrees with reading the whole file, for any text of lines, blanks and multi-byte characters", () => {
    const line = fc.oneof(fc.constant(""), fc.constant(" \r"), fc.string({ unit: "grapheme", maxLength: 30 }).map((s) => s.replace(/\n/g, "")), fc.constant('{"type":"end","é":"日本"}'));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), fc.boolean(), (lines, newline) => {
        const text = lines.join("\n") + (newline && lines.length ? "\n" : "");
        const file = fileWith(text);
        const got = readEdgeLines(file);
        const want = reference(text);
        // trim(): the reader cuts at newlines only; blanks inside a line's edges are the JSON parser's business
        expect(got.first?.text.trim() ?? null).toBe(want.first?.trim() ?? null);
        expect(got.last?.text.trim() ?? null).toBe(want.last?.trim() ?? null);
        if (got.last) expect(lineNumberAt(file, got.last.offset)).toBe(lineNo(text, got.last.offset));
      }),
      { numRuns: 300 },
    );
  });

  it("finds lines longer than its read size at both ends, and counts the lines before the last", () => {
    const big = (c: string) => `{"x":"${c.repeat(150_000)}"}`;
    const middle = Array.from({ length: 1000 }, (_, i) => `{"t":${i}}`).join("\n");
    const text = `${big("a")}\n${middle}\n${big("é")}\n\n`;
    const file = fileWith(text);
    const { first, last } = readEdgeLines(file);
    expect(first).toEqual({ text: big("a"), offset: 0 });
    expect(last!.text).toBe(big("é"));
    expect(lineNumberAt(file, last!.offset)).toBe(1002);
    expect(readEdgeLines(fileWith(text.trimEnd())).last).toBeNull();
  });

  it("an empty or blank file has no lines; a one-line file is its own first and last line", () => {
    expect(readEdgeLines(fileWith(""))).toEqual({ first: null, last: null });
    expect(readEdgeLines(fileWith("\n \n"))).toEqual({ first: null, last: null });
    expect(readEdgeLines(fileWith('{"type":"episode"}\n'))).toEqual({ first: { text: '{"type":"episode"}', offset: 0 }, last: { text: '{"type":"episode"}', offset: 0 } });
    expect(readEdgeLines(fileWith('{"type":"episode"}'))).toEqual({ first: { text: '{"type":"episode"}', offset: 0 }, last: null });
  });
});

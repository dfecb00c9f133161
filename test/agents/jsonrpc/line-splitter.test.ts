import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LineSplitter } from "../../../harness/agents/jsonrpc/line-splitter.ts";

function collect(max: number, chunks: Array<string | Uint8Array>): Array<[string, boolean]> {
  const out: Array<[string, boolean]> = [];
  const s = new LineSplitter(max, (l, t) => out.push([l, t]));
  for (const c of chunks) s.push(c);
  s.end();
  return out;
}

describe("LineSplitter", () => {
  it("delivers complete lines, strips \\r, and the unterminated last line at end", () => {
    expect(collect(100, ["a\r\nb", "c\n", "", "tail"])).toEqual([
      ["a", false],
      ["bc", false],
      ["tail", false],
    ]);
  });

  it("truncates a long line and keeps the next one intact", () => {
    expect(collect(4, ["abcdefgh", "ij\nok\n"])).toEqual([
      ["abcd", true],
      ["ok", false],
    ]);
  });

  it("decodes UTF-8 split across chunks", () => {
    const bytes = new TextEncoder().encode("é→ü\n");
    expect(collect(100, [bytes.slice(0, 1), bytes.slice(1, 4), bytes.slice(4)])).toEqual([["é→ü", false]]);
  });

  it("gives the same lines however the stream is chunked (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.array(fc.nat(), { maxLength: 8 }), (text, cuts) => {
        const bytes = new TextEncoder().encode(text);
        const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        const chunks: Uint8Array[] = [];
        let prev = 0;
        for (const p of [...points, bytes.length]) {
          chunks.push(bytes.slice(prev, p));
          prev = p;
        }
        const expected = text === "" ? [] : text.replace(/\n$/, "").split("\n").map((l) => [l.replace(/\r$/, ""), false]);
        expect(collect(1e9, chunks)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});

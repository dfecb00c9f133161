import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeRegExp } from "../../harness/escape-regexp.ts";

describe("escapeRegExp", () => {
  it("makes a pattern that matches the text itself and nothing else", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-ascii" }), fc.string({ unit: "grapheme-ascii" }), (text, other) => {
        const re = new RegExp(`^${escapeRegExp(text)}$`);
        expect(re.test(text)).toBe(true);
        expect(re.test(other)).toBe(other === text);
      }),
    );
  });

  it("escapes every character with a meaning in a pattern", () => {
    expect(escapeRegExp("a.b*c+d?e^f$g{h}i(j)k|l[m]n\\o")).toBe("a\\.b\\*c\\+d\\?e\\^f\\$g\\{h\\}i\\(j\\)k\\|l\\[m\\]n\\\\o");
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatJson } from "../../../scenes/builder/json-format.ts";

describe("formatJson", () => {
  it("parses back to the same value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(JSON.parse(formatJson(v))).toEqual(JSON.parse(JSON.stringify(v)));
      }),
    );
  });

  it("keeps small members on one line and breaks big ones", () => {
    const text = formatJson({ id: "a", box: { center: { x: 1, y: 2, z: 3 } }, list: Array.from({ length: 40 }, (_v, i) => `item-${i}`) });
    const lines = text.trimEnd().split("\n");
    expect(lines).toContain('  "box": { "center": { "x": 1, "y": 2, "z": 3 } },');
    expect(lines).toContain('    "item-0",');
    expect(text.endsWith("}\n")).toBe(true);
  });

  it("keeps lines within 120 characters when members are short", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 8 }), fc.array(fc.integer(), { maxLength: 30 })), (v) => {
        for (const line of formatJson(v).split("\n")) expect(line.length).toBeLessThanOrEqual(120);
      }),
      { numRuns: 500 },
    );
  });
});

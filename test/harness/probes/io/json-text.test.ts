import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseJsonText } from "../../../../harness/probes/io/json-text.ts";

describe("parseJsonText", () => {
  it("reads text that starts with a UTF-8 byte-order mark", () => {
    expect(parseJsonText('\ufeff{"a": [1]}')).toEqual({ value: { a: [1] } });
  });

  it("keeps a BOM that is not at the start: it is then part of the text, and JSON refuses it", () => {
    expect(parseJsonText('{"a": 1}\ufeff')).toMatchObject({ where: "line 1" });
  });

  it("names the same line with or without a BOM, and without echoing the input", () => {
    const text = '{\n  "a": 1,\n  "b": x\n}';
    expect(parseJsonText(text)).toEqual({ where: "line 3", reason: "not JSON: Unexpected token 'x'" });
    expect(parseJsonText(`\ufeff${text}`)).toEqual(parseJsonText(text));
    expect(parseJsonText('{\n  "a": 1,\n}')).toEqual({ where: "line 3", reason: "not JSON: Expected double-quoted property name" });
    expect(parseJsonText('\ufeff{\n  "a": [1, 2,\n')).toEqual({ where: "line 2", reason: "not JSON: Unexpected end of JSON input" });
  });

  it("any JSON value, pretty-printed with a BOM before it, reads back as itself; a fault after it is found on its own line", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = JSON.stringify(v, null, 2);
        expect(parseJsonText(`\ufeff${text}`)).toEqual({ value: JSON.parse(text) });
        const lines = text.split("\n").length;
        expect(parseJsonText(`\ufeff${text}\n@`)).toMatchObject({ where: `line ${lines + 1}` });
      }),
    );
  });
});

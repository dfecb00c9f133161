import { describe, expect, it } from "vitest";
import { functionCosts, nameFunction, parsePerfMap, perStepDifference } from "./callgrind-profile.ts";

const MAP = parsePerfMap(
  [
    "7f0000001000 100 JS:*findPlacement file:///work/x/node_modules/.cache/rearrange/b/chunk-AB.mjs:119:23",
    "7f0000000000 80 JS:~step file:///work/x/chunk-CD.mjs:933:7",
    "not a map line",
    "7f0000002000 40 Builtin:JsonStringify",
  ].join("\n"),
);

describe("parsePerfMap and nameFunction", () => {
  it("names an address inside a compiled function by that function, without its tier marker and directory", () => {
    expect(MAP.map((e) => e.start)).toEqual([0x7f0000000000, 0x7f0000001000, 0x7f0000002000]);
    expect(nameFunction("0x00007f0000001000", MAP)).toBe("findPlacement chunk-AB.mjs:119:23");
    expect(nameFunction("0x00007f00000010ff", MAP)).toBe("findPlacement chunk-AB.mjs:119:23");
    expect(nameFunction("0x00007f000000004f'2", MAP)).toBe("step chunk-CD.mjs:933:7");
  });

  it("leaves symbols as they are and says when an address is in no compiled function", () => {
    expect(nameFunction("v8::internal::JsonStringifier::SerializeString(x)", MAP)).toBe("v8::internal::JsonStringifier::SerializeString(x)");
    expect(nameFunction("Builtins_LoadIC'3", MAP)).toBe("Builtins_LoadIC");
    expect(nameFunction("0x00007f0000001100", MAP)).toBe("(JIT code not in the perf map)"); // one past the end
    expect(nameFunction("0x0000000000000010", MAP)).toBe("(JIT code not in the perf map)");
  });
});

describe("functionCosts", () => {
  // main (self 5) calls findPlacement (self 100 + 7, calling itself once for 30 and a builtin for 40), and the builtin
  const out = [
    "events: Ir",
    "fn=(1) main",
    "0 5",
    "cfn=(2) 0x00007f0000001000",
    "calls=1 0",
    "0 177",
    "fn=(2)",
    "12 100",
    "+1 7",
    "cfn=(2)",
    "calls=1 0",
    "0 30",
    "cfn=(3) Builtins_JsonStringify",
    "calls=2 0",
    "0 40",
    "fn=(3)",
    "* 40",
  ].join("\n");

  it("adds cost lines to the function they stand under, and call costs to the caller's inclusive total only", () => {
    const { self, inclusive } = functionCosts(out, MAP);
    expect(Object.fromEntries(self)).toEqual({ main: 5, "findPlacement chunk-AB.mjs:119:23": 107, Builtins_JsonStringify: 40 });
    // a call of findPlacement to itself is not counted again in its own inclusive total
    expect(Object.fromEntries(inclusive)).toEqual({ main: 182, "findPlacement chunk-AB.mjs:119:23": 147, Builtins_JsonStringify: 40 });
  });

  it("per step: the difference of two runs over their difference in steps, for names either run has", () => {
    const a = new Map([
      ["f", 1000],
      ["g", 50],
    ]);
    const b = new Map([
      ["f", 400],
      ["h", 20],
    ]);
    expect(Object.fromEntries(perStepDifference(a, b, 10))).toEqual({ f: 60, g: 5, h: -2 });
  });
});

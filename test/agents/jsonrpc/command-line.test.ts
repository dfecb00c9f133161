import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { quoteWord, splitCommandLine } from "../../../harness/agents/jsonrpc/command-line.ts";
import { InputError } from "../../../sim/errors.ts";

describe("splitCommandLine", () => {
  it("splits on runs of whitespace", () => {
    expect(splitCommandLine("  python3   agent.py\t--x 1 ")).toEqual(["python3", "agent.py", "--x", "1"]);
  });

  it("keeps quoted spaces and strips the quotes", () => {
    expect(splitCommandLine(`python3 'my agent.py' --name "a b"`)).toEqual(["python3", "my agent.py", "--name", "a b"]);
  });

  it("joins adjacent quoted and bare parts into one word", () => {
    expect(splitCommandLine(`--opt='x y'z"w"`)).toEqual(["--opt=x yzw"]);
  });

  it("honours backslash escapes outside quotes and the four escapes inside double quotes", () => {
    expect(splitCommandLine(String.raw`a\ b "c\"d" "e\nf" 'g\h'`)).toEqual(["a b", 'c"d', String.raw`e\nf`, String.raw`g\h`]);
  });

  it("keeps an empty quoted word", () => {
    expect(splitCommandLine(`prog '' ""`)).toEqual(["prog", "", ""]);
  });

  it("does not expand variables, globs or pipes (no shell)", () => {
    expect(splitCommandLine("echo $HOME *.py | cat")).toEqual(["echo", "$HOME", "*.py", "|", "cat"]);
  });

  it.each([
    [`python3 'unterminated`, "column 9", "unterminated single quote"],
    [`python3 "unterminated`, "column 9", "unterminated double quote"],
    ["python3 trailing\\", "column 17", "trailing backslash"],
  ])("rejects %s naming the column", (text, where, reason) => {
    let err: unknown;
    try {
      splitCommandLine(text, "cmd:x");
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).where).toBe(where);
    expect((err as InputError).reason).toContain(reason);
    expect((err as InputError).file).toBe("cmd:x");
  });

  it("gives back any list of words joined with quoteWord (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "grapheme-ascii" }), { minLength: 1, maxLength: 6 }), (words) => {
        expect(splitCommandLine(words.map(quoteWord).join(" "))).toEqual(words);
      }),
      { numRuns: 300 },
    );
  });

  it("never throws anything but InputError (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-ascii" }), (text) => {
        try {
          const words = splitCommandLine(text);
          for (const w of words) expect(typeof w).toBe("string");
        } catch (e) {
          expect(e).toBeInstanceOf(InputError);
        }
      }),
      { numRuns: 300 },
    );
  });
});

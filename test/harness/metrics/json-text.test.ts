import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../sim/errors.ts";
import { jsonErrorMessage, parseJsonText } from "../../../harness/metrics/json-text.ts";

/** The InputError parseJsonText throws for `text`. */
function failure(text: string, firstLine = 1): InputError {
  try {
    parseJsonText(text, "results.json", firstLine);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return e as InputError;
  }
  throw new Error("expected an InputError");
}

describe("parseJsonText (results, resume, trajectories)", () => {
  it("reads a file a Windows editor saved with a byte-order mark", () => {
    expect(parseJsonText('\ufeff{"schemaVersion": 1}', "results.json")).toEqual({ schemaVersion: 1 });
  });

  it("names line and column as in the file, a byte-order mark or not", () => {
    for (const bom of ["", "\ufeff"]) {
      const e = failure(`${bom}{\n  "a": 1,\n  "b": x\n}`);
      expect(e.where).toBe("3:8");
      expect(e.reason).toBe("not valid JSON: Unexpected token 'x'");
    }
  });

  it("leaves V8's echo of the input out of the reason, however long the text", () => {
    fc.assert(
      // digits: text V8's own words never hold, so finding them in the reason means the echo is there
      fc.property(fc.stringMatching(/^[0-9]{4,300}$/), (s) => {
        const e = failure(`{"a": "${s}", "b": nope}`);
        expect(e.reason).not.toContain(s);
        expect(e.reason).toBe("not valid JSON: Unexpected token 'o'");
      }),
      { numRuns: 100 },
    );
  });

  it("jsonErrorMessage keeps what V8 says, without the position", () => {
    let err: unknown;
    try {
      JSON.parse('{"a": ]');
    } catch (e) {
      err = e;
    }
    expect(jsonErrorMessage(err)).not.toMatch(/position|is not valid JSON/);
    expect(jsonErrorMessage(err).length).toBeGreaterThan(0);
  });
});

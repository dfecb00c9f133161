/**
 * A stray token between the sections of a problem file (BEHAVIOR-1K's wash_a_baseball_cap has a `\`
 * after `(:init …)`) is ignored with a warning naming its place, as bddl's parse_problem does; a
 * misspelt or malformed section is still an error.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../../sim/errors.ts";
import { formatWarning, parseProblem } from "../../../sim/bddl/parser.ts";

const CAP = `(define (problem wash_a_cap-0)
    (:domain behavior-1k)
    (:objects
        cap.n.01_1 - cap.n.01
        countertop.n.01_1 - countertop.n.01
        washer.n.03_1 - washer.n.03
        agent.n.01_1 - agent.n.01
    )
    (:init
        (ontop cap.n.01_1 countertop.n.01_1)
        (inroom countertop.n.01_1 utility_room)
        (inroom washer.n.03_1 utility_room)
    )\\
    
    (:goal
        (and (inside ?cap.n.01_1 ?washer.n.03_1))
    )
)`;

describe("parseProblem: stray tokens between sections", () => {
  it("ignores a stray '\\' after (:init …) and says where it was", () => {
    const p = parseProblem(CAP, "cap.bddl");
    expect(p.warnings).toEqual([{ line: 13, column: 6, message: expect.stringContaining("stray token '\\'") }]);
    expect(formatWarning("cap.bddl", p.warnings[0]!)).toMatch(/^cap\.bddl: line 13, column 6: stray token '\\' between sections ignored/);
    // the sections on both sides still parse
    expect(p.init).toHaveLength(3);
    expect(p.goal).toMatchObject({ op: "and", args: [{ op: "atom", pred: "inside", args: ["cap.n.01_1", "washer.n.03_1"] }] });
  });

  it("warns once per stray token, in source order", () => {
    const text = CAP.replace("(:domain", "junk (:domain").replace("(:goal", "; a comment\n    ~ (:goal");
    const p = parseProblem(text, "cap.bddl");
    expect(p.warnings.map((w) => w.message.match(/'(.*?)'/)![1])).toEqual(["junk", "\\", "~"]);
    expect(p.warnings.map((w) => w.line)).toEqual([2, 13, 16]);
  });

  it("a clean file has no warnings", () => {
    expect(parseProblem(CAP.replace(")\\", ")"), "cap.bddl").warnings).toEqual([]);
  });

  it("still rejects a misspelt section, with a suggestion", () => {
    expect(() => parseProblem(CAP.replace("(:goal", "(:gaol"), "cap.bddl")).toThrow(/unknown section ':gaol' \(did you mean ':goal'\?\)/);
  });

  it("still rejects a stray list, and a section missing because its name lost its parentheses", () => {
    expect(() => parseProblem(CAP.replace(")\\", ") (ontop a b)"), "cap.bddl")).toThrow(InputError);
    const e = (() => {
      try {
        parseProblem(CAP.replace("(:goal\n        (and (inside ?cap.n.01_1 ?washer.n.03_1))\n    )", ":goal"), "cap.bddl");
      } catch (err) {
        return err as InputError;
      }
      throw new Error("parsed");
    })();
    expect(e.reason).toBe("missing (:goal …) section");
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { tidybotCases } from "../../../../harness/probes/datasets/tidybot.ts";
import { toJsonl } from "../../../../harness/probes/io/jsonl.ts";
import { probeFileProblems } from "../../../../harness/validate/probe-files.ts";

/** One scenario in the benchmark's list shape. */
const scenario = (fields: Record<string, unknown>) => [{ receptacles: ["shelf", "bin"], ...fields }];

describe("tidybot cases: objects placed twice", () => {
  it("gives a repeated object's placement a case of its own with a suffixed id, and lists the repeat", () => {
    const c = tidybotCases(scenario({ unseen_placements: [["cup", "shelf"], ["cup", "bin"], ["cup", "shelf"]], seen_placements: [["can", "bin"], ["can", "bin"]] }));
    expect(c.unseen.map((u) => u.id)).toEqual(["tidybot/s01/unseen/cup", "tidybot/s01/unseen/cup#2", "tidybot/s01/unseen/cup#3"]);
    expect(c.unseen.map((u) => u.relevance)).toEqual([{ shelf: 1 }, { bin: 1 }, { shelf: 1 }]);
    expect(c.seen.map((u) => u.id)).toEqual(["tidybot/s01/seen/can", "tidybot/s01/seen/can#2"]);
    expect(c.repeats[0]).toEqual({ where: "$[0].unseen_placements[1]", first: "$[0].unseen_placements[0]", object: "cup", id: "tidybot/s01/unseen/cup#2" });
    expect(c.repeats).toHaveLength(3);
  });

  it("keeps ids unique when an object's own name looks like a suffixed id", () => {
    const c = tidybotCases(scenario({ unseen_placements: [["cup", "shelf"], ["cup", "bin"], ["cup#2", "bin"]] }));
    const ids = c.unseen.map((u) => u.id);
    expect(new Set(ids).size).toBe(3);
  });

  // open-ended input: any placements, names drawn from a small pool (so repeats are common, `#2` names too)
  it("property: any placements with repeats → one case per placement, unique ids, a file validate accepts", () => {
    const name = fc.constantFrom("cup", "cup#2", "cup#2#2", "sock", "AC/DC CD", "a b", "#", "1.5");
    const receptacle = fc.constantFrom("shelf", "bin");
    const placements = fc.array(fc.tuple(name, receptacle), { maxLength: 12 });
    fc.assert(
      fc.property(fc.array(fc.record({ unseen: placements, seen: placements }), { minLength: 1, maxLength: 3 }), (scenarios) => {
        const data = scenarios.map((s) => ({ receptacles: ["shelf", "bin"], unseen_placements: s.unseen, seen_placements: s.seen }));
        const c = tidybotCases(data);
        for (const split of ["unseen", "seen"] as const) {
          const cases = c[split];
          expect(cases).toHaveLength(scenarios.reduce((n, s) => n + s[split].length, 0));
          expect(new Set(cases.map((x) => x.id)).size).toBe(cases.length);
          expect(cases.map((x) => [x.object, Object.keys(x.relevance)[0]])).toEqual(scenarios.flatMap((s) => s[split]));
          if (cases.length > 0) expect(probeFileProblems(`ranking.${split}.jsonl`, toJsonl(cases), "ranking-cases")).toEqual([]);
        }
      }),
    );
  });
});

describe("tidybot cases: test objects that are also seen examples", () => {
  it("marks their cases alsoSeen and lists them per scenario; other cases are unchanged", () => {
    const c = tidybotCases(scenario({ seen_placements: [["apple", "bin"], ["jacket", "shelf"]], unseen_placements: [["apple", "bin"], ["pear", "bin"], ["apple", "bin"]] }));
    expect(c.seenTestObjects).toEqual([{ where: "$[0]", group: "s01", objects: ["apple"] }]);
    expect(c.unseen.map((u) => (u.context as { alsoSeen?: boolean }).alsoSeen)).toEqual([true, undefined, true]);
    expect(c.unseen[0]!.context).toMatchObject({ seenPlacements: [{ object: "apple", receptacle: "bin" }, { object: "jacket", receptacle: "shelf" }] });
    // the seen split's own answer stays out of its context, as before
    expect(c.seen.map((s) => (s.context as { alsoSeen?: boolean }).alsoSeen)).toEqual([undefined, undefined]);
  });
});

describe("tidybot cases: robot scenario files (server/scenarios/scenario-NN.yml)", () => {
  // the shape of the real files: one mapping, receptacles as a mapping, a prop without primitive_names
  const robot = parseYaml(
    [
      "annotator_notes: Put fruit in the box.",
      "seen_objects: [apple, jacket]",
      "seen_placements: [[apple, box], [jacket, sofa]]",
      "seen_primitives: [[apple, toss], [jacket, place]]",
      "unseen_objects: [pear]",
      "unseen_placements: [[pear, box]]",
      "receptacles:",
      "  box: {position: [0.1, 0.2], dimensions: [0.3, 0.3], primitive_names: [place, toss]}",
      "  sofa:",
      "    position: [0.115, -1.93]",
      "    dimensions: [1.87, 0.91]",
    ].join("\n"),
  );

  it("reads one scenario: candidates are the receptacles with primitive_names, the prop is listed", () => {
    const c = tidybotCases(robot);
    expect(c.kind).toBe("robot");
    expect(c.scenarios).toBe(1);
    expect(c.unseen).toEqual([expect.objectContaining({ id: "tidybot/s01/unseen/pear", candidates: ["box"], relevance: { box: 1 }, group: "s01" })]);
    expect(c.props).toEqual(["sofa"]);
    // a placement on the prop cannot be a case: its place in the file (a mapping: no list index) and why
    expect(c.skipped).toEqual([{ where: "$.seen_placements[1]", reason: 'receptacle "sofa" is not among the scenario\'s receptacles (it is a prop in this scenario: no primitive_names)' }]);
  });

  it("refuses a robot scenario whose receptacles are all props, saying so", () => {
    const c = tidybotCases({ ...robot, receptacles: { sofa: { position: [0, 0] } } });
    expect(c.skipped).toEqual([{ where: "$.receptacles", reason: expect.stringMatching(/^none of its 1 receptacles has primitive_names/) }]);
  });

  it("refuses a preferences file, naming what it is and what is expected", () => {
    const prefs = { categories: ["light-colored clothing"], placements: { "light-colored clothing": "seagrass laundry basket" }, primitives: { "light-colored clothing": "place" } };
    const [s] = tidybotCases(prefs).skipped;
    expect(s!.where).toBe("$");
    expect(s!.reason).toMatch(/^found a TidyBot preferences file .*not scenarios.*; expected a list of scenarios .* or one scenario as a mapping/);
  });

  it("says what was found when a file holds no scenarios", () => {
    const reason = (data: unknown) => tidybotCases(data).skipped[0]!.reason;
    expect(reason(null)).toMatch(/^found nothing \(the file is empty or holds only comments\); expected a list of scenarios/);
    expect(reason({ scenarios: [] })).toMatch(/^found a mapping with key scenarios, not a scenario/);
    expect(reason("hello")).toMatch(/^found a string \("hello"\); expected/);
  });
});

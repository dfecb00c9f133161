/**
 * placementProblems: objects no sampled house can place (no literal says what they rest on; supports in a cycle),
 * named by their BDDL instance at the literal's line and column; sampleScene refuses them before any attempt,
 * and its own failures name BDDL instances and the literal that placed the item.
 */
import { describe, expect, it } from "vitest";
import { parseProblem } from "../../../sim/bddl/parser.ts";
import { sampleScene, SamplingError } from "../../../sim/sampler/index.ts";
import { placementProblems } from "../../../sim/sampler/placement-check.ts";
import { HAVE_DATA, realProblems } from "../bddl/helpers.ts";
import { predicateProblems } from "../../../sim/task/predicate-check.ts";
import { CYCLE, NEXTTO_ONLY, NO_FACT } from "./placement-fixtures.ts";

const HOW = "give it an ontop, inside, under, onfloor or overlaid fact, or an inroom fact to stand it in a room";

/** A problem with an apple, a `_*` apple and a table in a kitchen, and `init` besides. */
const withApples = (init: string) => `(define (problem t-0) (:domain omnigibson)
 (:objects apple.n.01_1 apple.n.01_* - apple.n.01 table.n.02_1 - table.n.02 floor.n.01_1 - floor.n.01 agent.n.01_1 - agent.n.01)
 (:init ${init} (inroom table.n.02_1 kitchen) (inroom floor.n.01_1 kitchen) (ontop agent.n.01_1 floor.n.01_1))
 (:goal (and (ontop ?apple.n.01_1 ?table.n.02_1))))`;

const problems = (text: string) => placementProblems(parseProblem(text, "p.bddl")).map((e) => e.message);

describe("placementProblems", () => {
  it("names the BDDL instance, the nextto literal's line and column, and why a nextto places nothing", () => {
    const [e, ...rest] = placementProblems(parseProblem(NEXTTO_ONLY, "p.bddl"));
    expect(rest).toEqual([]);
    expect(e).toMatchObject({ file: "p.bddl", where: "line 3, column 9" });
    expect(e!.reason).toBe(
      `cannot place broom.n.01_1: no :init fact says what it rests on: (nextto broom.n.01_1 shelf.n.01_1) does not (nextto and touching say what it is beside, not what it rests on); ${HOW}`,
    );
  });

  it("points at the declaration of an object no :init literal names", () => {
    expect(problems(NO_FACT)).toEqual([`p.bddl: line 2, column 12: cannot place broom.n.01_1: no :init fact says what it rests on (none names it); ${HOW}`]);
  });

  it("tells a cycle of supports once, at its first literal, with every literal of the cycle", () => {
    expect(problems(CYCLE)).toEqual([
      "p.bddl: line 4, column 3: cannot place shelf.n.01_1: its support bag.n.01_1 is never placed (a cycle of supports: (under shelf.n.01_1 bag.n.01_1), (ontop bag.n.01_1 shelf.n.01_1) at line 5, column 3)",
    ]);
    expect(problems(withApples("(ontop apple.n.01_1 apple.n.01_1) (ontop apple.n.01_* table.n.02_1)"))).toEqual([
      "p.bddl: line 3, column 9: cannot place apple.n.01_1: (ontop apple.n.01_1 apple.n.01_1) puts it on itself",
    ]);
  });

  it("refuses a support the house has no one object for: the agent, a _* instance", () => {
    expect(problems(withApples("(ontop apple.n.01_1 agent.n.01_1) (ontop apple.n.01_* table.n.02_1)"))).toEqual([
      `p.bddl: line 3, column 9: cannot place apple.n.01_1: (ontop apple.n.01_1 agent.n.01_1) puts it on agent.n.01_1, the agent, which carries nothing at the start; ${HOW}`,
    ]);
    expect(problems(withApples("(inside apple.n.01_* table.n.02_1) (ontop apple.n.01_1 apple.n.01_*)"))[0]).toMatch(
      /^p\.bddl: line 3, column 44: cannot place apple\.n\.01_1: \(ontop apple\.n\.01_1 apple\.n\.01_\*\) puts it on apple\.n\.01_\*, a _\* instance/,
    );
  });

  it("lists negated and state literals as not placing, and accepts what places: supports, overlaid, inroom, furniture alone", () => {
    expect(problems(withApples("(not (ontop apple.n.01_1 table.n.02_1)) (dusty apple.n.01_1) (ontop apple.n.01_* table.n.02_1)"))).toEqual([
      `p.bddl: line 3, column 9: cannot place apple.n.01_1: no :init fact says what it rests on: (not (ontop apple.n.01_1 table.n.02_1)), (dusty apple.n.01_1) do not; ${HOW}`,
    ]);
    for (const init of [
      "(ontop apple.n.01_1 table.n.02_1) (ontop apple.n.01_* table.n.02_1)",
      "(overlaid apple.n.01_1 table.n.02_1) (under apple.n.01_* table.n.02_1)",
      "(inroom apple.n.01_1 kitchen) (onfloor apple.n.01_* floor.n.01_1)",
      // a nextto beside a placing literal is fine, and so is resting on what rests on the table
      "(nextto apple.n.01_1 table.n.02_1) (ontop apple.n.01_1 table.n.02_1) (ontop apple.n.01_* apple.n.01_1)",
    ]) {
      expect(problems(withApples(init)), init).toEqual([]);
    }
    // furniture with no fact at all stands in the agent's room
    const shelfAlone = `(define (problem shelf-0) (:domain omnigibson)
 (:objects shelf.n.01_1 - shelf.n.01 floor.n.01_1 - floor.n.01 agent.n.01_1 - agent.n.01)
 (:init (inroom floor.n.01_1 garage) (ontop agent.n.01_1 floor.n.01_1))
 (:goal (and (dusty ?shelf.n.01_1))))`;
    expect(problems(shelfAlone)).toEqual([]);
  });

  it.skipIf(!HAVE_DATA)("refuses none of the shared BEHAVIOR-100 / BEHAVIOR-1K activities (the sampler places them all)", () => {
    const refused = realProblems().flatMap((p) => {
      const problem = parseProblem(p.text, p.file);
      return predicateProblems(problem).length ? [] : placementProblems(problem).map((e) => e.message);
    });
    expect(refused).toEqual([]);
  });
});

describe("sampleScene and placement problems", () => {
  it("refuses them at once, before any attempt, with the check's place and reason", () => {
    for (const text of [NEXTTO_ONLY, NO_FACT, CYCLE]) {
      const problem = parseProblem(text, "p.bddl");
      const err = catchError(() => sampleScene(problem, { seed: 0 }));
      expect(err).toBeInstanceOf(SamplingError);
      const e = err as SamplingError;
      expect(e.reasons).toEqual([]);
      expect(e.refused).toEqual(placementProblems(problem));
      expect(e.message).toBe(`no scene can be sampled for ${problem.name}, whatever the seed: ${e.refused[0]!.where}: ${e.refused[0]!.reason}`);
    }
  });

  it("fails every attempt the same way when made to try, naming BDDL instances and the literal", () => {
    const tried = (text: string) => {
      const err = catchError(() => sampleScene(parseProblem(text, "p.bddl"), { seed: 0, maxAttempts: 2, precheck: false })) as SamplingError;
      expect(err).toBeInstanceOf(SamplingError);
      expect(err.reasons).toHaveLength(2);
      expect(err.reasons[0]).toBe(err.reasons[1]);
      return err.reasons[0];
    };
    expect(tried(NEXTTO_ONLY)).toBe("line 2, column 12: cannot place broom.n.01_1: it has nothing to rest on");
    expect(tried(CYCLE)).toMatch(/^line (4|5), column 3: cannot place (shelf|bag)\.n\.01_1 \((under|ontop) \S+ \S+\): its support (bag|shelf)\.n\.01_1 is never placed \(a cycle of supports\)$/);
  });

  it("names BDDL instances and the placing literal when a container is too full", () => {
    const bags = Array.from({ length: 8 }, (_, i) => `bag.n.01_${i + 1}`);
    const crowded = `(define (problem crowded-0) (:domain omnigibson)
 (:objects ${bags.join(" ")} - bag.n.01 basket.n.01_5 - basket.n.01 table.n.02_1 - table.n.02 floor.n.01_1 - floor.n.01 agent.n.01_1 - agent.n.01)
 (:init ${bags.map((b) => `(inside ${b} basket.n.01_5)`).join(" ")}
  (ontop basket.n.01_5 table.n.02_1) (inroom table.n.02_1 kitchen) (inroom floor.n.01_1 kitchen) (ontop agent.n.01_1 floor.n.01_1))
 (:goal (and (ontop ?bag.n.01_1 ?floor.n.01_1))))`;
    const problem = parseProblem(crowded, "p.bddl");
    expect(placementProblems(problem)).toEqual([]);
    const err = catchError(() => sampleScene(problem, { seed: 0, maxAttempts: 1 })) as SamplingError;
    expect(err).toBeInstanceOf(SamplingError);
    const m = /^line 3, column (\d+): cannot place (bag\.n\.01_\d) \(inside \2 basket\.n\.01_5\): no spot inside basket\.n\.01_5: /.exec(err.reasons[0]!);
    expect(m, err.reasons[0]).not.toBeNull();
    // the column is that of the item's own inside literal
    expect(crowded.split("\n")[2]!.indexOf(`(inside ${m![2]} `) + 1).toBe(Number(m![1]));
  });
});

function catchError(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

/**
 * Stacked supports: the goal wants an object on (or in) a carrier and in a container at once
 * (`(ontop pie tray) (inside pie oven)`). The oracle puts the carrier in the container, then the object
 * on the carrier, instead of moving the object back and forth between the two.
 */
import { describe, expect, it } from "vitest";
import { holdsAtom } from "../../../../sim/task/atoms.ts";
import { house, runOracle, task, transcript, type OracleRun } from "../fixtures.ts";

function expectSolved(run: OracleRun): void {
  expect(run.steps.at(-1)!.action, transcript(run)).toEqual({ type: "done" });
  run.env.tracker.recheckAll();
  expect(run.env.tracker.allHold(), transcript(run)).toBe(true);
}

const places = (run: OracleRun, object: string) => run.steps.filter((s) => s.action.type === "place" && s.action.object === object);

describe("stacked supports", () => {
  it("puts the book in the fridge, then the apple on the book (ontop + inside)", () => {
    const run = runOracle(
      house(),
      task(
        "apple-on-book-in-fridge",
        ["apple.n.01_1", "book.n.02_1", "electric_refrigerator.n.01_1"],
        "(and (ontop apple.n.01_1 book.n.02_1) (inside apple.n.01_1 electric_refrigerator.n.01_1))",
      ),
    );
    expectSolved(run);
    expect(holdsAtom(run.env.world, "inside", ["book_1", "fridge_1"])).toBe(true);
    // one trip each: no alternating between the book and the fridge
    expect(places(run, "apple_1").length, transcript(run)).toBe(1);
    expect(places(run, "book_1").length, transcript(run)).toBe(1);
    expect(run.steps.every((s) => s.feedback.ok), transcript(run)).toBe(true);
  });

  it("puts the bowl in the fridge, then the apple in the bowl (inside + inside)", () => {
    const run = runOracle(
      house(),
      task(
        "apple-in-bowl-in-fridge",
        ["apple.n.01_1", "bowl.n.01_1", "electric_refrigerator.n.01_1"],
        "(and (inside apple.n.01_1 bowl.n.01_1) (inside apple.n.01_1 electric_refrigerator.n.01_1))",
      ),
    );
    expectSolved(run);
    expect(holdsAtom(run.env.world, "inside", ["bowl_1", "fridge_1"])).toBe(true);
    expect(places(run, "apple_1").length, transcript(run)).toBe(1);
  });
});

/**
 * Things narrower than an open container's opening cannot rest on top of it (they would fall in), and the
 * simulator refuses that place every time: the oracle does not try it, and takes the goal's other way.
 */
import { describe, expect, it } from "vitest";
import { holdsAtom } from "../../../../sim/task/atoms.ts";
import { house, runOracle, task, transcript } from "../fixtures.ts";

describe("placing on an open container", () => {
  it("takes (inside book basket) when (ontop book basket) would fall in, without a failed action", () => {
    const run = runOracle(
      house(),
      task("book-on-or-in-basket", ["book.n.02_1", "basket.n.01_1"], "(or (ontop book.n.02_1 basket.n.01_1) (inside book.n.02_1 basket.n.01_1))"),
    );
    run.env.tracker.recheckAll();
    expect(run.env.tracker.allHold(), transcript(run)).toBe(true);
    expect(holdsAtom(run.env.world, "inside", ["book_1", "basket_1"])).toBe(true);
    expect(run.steps.filter((s) => !s.feedback.ok), transcript(run)).toEqual([]);
  });

  it("gives up a goal that needs it at once instead of repeating a place that cannot succeed", () => {
    const run = runOracle(house(), task("book-on-basket", ["book.n.02_1", "basket.n.01_1"], "(ontop book.n.02_1 basket.n.01_1)"));
    expect(run.steps.at(-1)!.action, transcript(run)).toEqual({ type: "done" });
    expect(run.steps.filter((s) => !s.feedback.ok), transcript(run)).toEqual([]);
    expect(run.steps).toHaveLength(1);
  });

  it("still stacks what spans the opening (a tray-sized book on a small bowl)", () => {
    const run = runOracle(
      house((s) => {
        const book = s.objects.find((o) => o.id === "book_1")!;
        book.box = { ...book.box, size: [0.3, 0.22, 0.04] };
      }),
      task("book-on-bowl", ["book.n.02_1", "bowl.n.01_1"], "(ontop book.n.02_1 bowl.n.01_1)"),
    );
    run.env.tracker.recheckAll();
    expect(run.env.tracker.allHold(), transcript(run)).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { computeEpisodeMetrics } from "../../../harness/metrics/episode-metrics.ts";
import { episode } from "../trajectory/builders.ts";

/**
 * SPEC §5 edge cases on hand-written trajectories. Each expectation pins a definition: SR needs
 * done() with every condition holding; TTC looks at states after steps; TP is the end state;
 * rTP divides by observed conditions, rTPSeedFormula by completed ones.
 */
const score = (b: ReturnType<typeof episode>) => computeEpisodeMetrics(b.lines());
const pick = { type: "pick", object: "obj_0" } as const;
const place = { type: "place", object: "obj_0", relation: "inside", target: "fridge" } as const;

describe("done() with goals unmet", () => {
  const m = score(
    episode({ conditions: 2 })
      .look(["obj_0", "obj_1"])
      .act(place, { satisfied: [0] })
      .done()
      .end("done"),
  );
  it("fails SR, counts a premature done, keeps partial progress", () => {
    expect(m).toMatchObject({ SR: 0, TTC: 0, TP: 0.5, doneCalled: true, prematureDone: 1, steps: 3 });
  });
  it("rTP divides by observed conditions, rTPSeedFormula by completed ones", () => {
    expect(m.rTP).toBe(0.5); // 1 satisfied-and-observed of 2 observed
    expect(m.rTPSeedFormula).toBe(1); // 1 satisfied-and-observed of 1 completed
    expect(m.conditions).toEqual({ total: 2, satisfied: 1, observed: 2 });
  });
});

describe("goals met, then undone", () => {
  it("keeps TTC but not SR, and TP reads the end state", () => {
    const m = score(
      episode({ conditions: 2 })
        .act(pick, { satisfied: [0] })
        .act(place, { satisfied: [0, 1] })
        .act(pick, { satisfied: [1] })
        .end("budget"),
    );
    expect(m).toMatchObject({ SR: 0, TTC: 1, TP: 0.5, stepsAfterCompletion: 1, doneCalled: false, prematureDone: 0 });
  });
  it("done() after undoing is premature although TTC = 1", () => {
    const m = score(episode({ conditions: 1 }).act(place, { satisfied: [0] }).act(pick, { satisfied: [] }).done().end("done"));
    expect(m).toMatchObject({ SR: 0, TTC: 1, TP: 0, prematureDone: 1, stepsAfterCompletion: 1 });
  });
});

describe("observation", () => {
  it("no condition observed: rTP = 0 even with every condition met, SR and TP unaffected", () => {
    const m = score(episode({ conditions: 2 }).act(place, { satisfied: [0, 1] }).done().end("done"));
    expect(m).toMatchObject({ SR: 1, TP: 1, rTP: 0, rTPSeedFormula: 0 });
    expect(m.conditions.observed).toBe(0);
  });
  it("a condition is observed only once all of its objects are (initially observed ones count)", () => {
    const b = episode({ conditions: [["apple", "fridge"], ["can"]], initiallyObserved: ["fridge"] })
      .look(["apple"])
      .act(place, { satisfied: [0, 1] })
      .done()
      .end("done");
    const m = score(b);
    expect(m.conditions.observed).toBe(1); // can never seen
    expect(m.rTP).toBe(1); // 1 of the 1 observed condition holds
    expect(m.rTPSeedFormula).toBe(0.5); // 1 observed of 2 completed
  });
  it("three observed conditions, one met: rTP 1/3 but the seed formula says 1", () => {
    const m = score(episode({ conditions: 3 }).look(["obj_0", "obj_1", "obj_2"]).act(place, { satisfied: [2] }).end("budget"));
    expect(m.rTP).toBeCloseTo(1 / 3, 12);
    expect(m.rTPSeedFormula).toBe(1);
    expect(m.TP).toBeCloseTo(1 / 3, 12);
  });
});

describe("forall over zero instances (no condition)", () => {
  it("done(): SR = 1, TTC = 1, TP = 1, rTP = 0 because nothing is observed", () => {
    const m = score(episode({ conditions: 0 }).done().end("done"));
    expect(m).toMatchObject({ SR: 1, TTC: 1, TP: 1, rTP: 0, rTPSeedFormula: 0, prematureDone: 0, stepsAfterCompletion: 0 });
    expect(m.conditions).toEqual({ total: 0, satisfied: 0, observed: 0 });
  });
  it("without done(): SR = 0, TTC = 1 after one step, TP = 1", () => {
    const m = score(episode({ conditions: 0 }).look([]).end("budget"));
    expect(m).toMatchObject({ SR: 0, TTC: 1, TP: 1, rTP: 0 });
  });
  it("with no step at all: TTC = 0 (no step was taken)", () => {
    const m = score(episode({ conditions: 0 }).end("agent_error", { category: "crash", message: "boom" }));
    expect(m).toMatchObject({ SR: 0, TTC: 0, TP: 1, steps: 0 });
  });
});

describe("a condition already true at the start", () => {
  it("counts in TP at the end without any action on it", () => {
    const m = score(episode({ conditions: 2, initiallySatisfied: [1] }).look(["obj_0", "obj_1"]).end("budget"));
    expect(m).toMatchObject({ TP: 0.5, TTC: 0, rTP: 0.5, rTPSeedFormula: 1 });
  });
  it("a task complete at the start and done() at once: SR = 1, TTC = 1, completed at step 1", () => {
    const m = score(episode({ conditions: 2, initiallySatisfied: [0, 1] }).done().end("done"));
    expect(m).toMatchObject({ SR: 1, TTC: 1, TP: 1, stepsAfterCompletion: 0, steps: 1 });
  });
  it("the initial state alone does not count for TTC: the first action breaks it", () => {
    const m = score(episode({ conditions: 1, initiallySatisfied: [0] }).act(pick, { satisfied: [] }).end("budget"));
    expect(m).toMatchObject({ TTC: 0, TP: 0 });
  });
  it("nor when the agent fails before its first action", () => {
    const m = score(episode({ conditions: 1, initiallySatisfied: [0] }).end("timeout", { category: "timeout", message: "120 s" }));
    expect(m).toMatchObject({ SR: 0, TTC: 0, TP: 1, steps: 0 });
  });
});

describe("budget exhausted without done()", () => {
  it("SR = 0 even with every condition held; extra steps after completion are counted", () => {
    const m = score(
      episode({ conditions: 1 })
        .act(place, { satisfied: [0] })
        .look([], 2)
        .look([], 3)
        .end("budget"),
    );
    expect(m).toMatchObject({ SR: 0, TTC: 1, TP: 1, doneCalled: false, prematureDone: 0, stepsAfterCompletion: 2, steps: 3, pathLength: 5 });
  });
  it("done() right after completion adds no step after completion; a wasted step does", () => {
    const m = score(episode({ conditions: 1 }).act(place, { satisfied: [0] }).look([]).done().end("done"));
    expect(m).toMatchObject({ SR: 1, stepsAfterCompletion: 1, steps: 3 });
  });
});

describe("agent error mid-episode", () => {
  it("scores the steps taken; the agent error is not an action error", () => {
    const m = score(
      episode({ conditions: 2 })
        .look(["obj_0"], 4)
        .act(place, { satisfied: [0] })
        .end("agent_error", { category: "exception", message: "TypeError in act()" }),
    );
    expect(m).toMatchObject({ SR: 0, TTC: 0, TP: 0.5, rTP: 1, steps: 2, pathLength: 4, doneCalled: false });
    expect(m.actionErrors).toEqual({});
  });
  it("a trajectory cut off without an end line scores the same as far as it goes", () => {
    const b = episode({ conditions: 1 }).act(place, { satisfied: [0] });
    expect(computeEpisodeMetrics(b.lines())).toMatchObject({ SR: 0, TTC: 1, TP: 1, steps: 1 });
  });
});

describe("action errors and stored metrics", () => {
  it("counts failed actions by category, in taxonomy order", () => {
    const m = score(
      episode({ conditions: 1 })
        .fail({ type: "pick", object: "ghost" }, "hallucination")
        .fail({ type: "invalid", raw: "pick the apple" }, "parse")
        .fail({ type: "pick", object: "ghost" }, "hallucination")
        .fail({ type: "open", object: "fridge" }, "additional_step")
        .end("budget"),
    );
    expect(m.actionErrors).toEqual({ parse: 1, hallucination: 2, additional_step: 1 });
    expect(Object.keys(m.actionErrors)).toEqual(["parse", "hallucination", "additional_step"]);
    expect(m.steps).toBe(4);
  });
  it("ignores the metrics stored in the end line (rescore recomputes them)", () => {
    const b = episode({ conditions: 1 }).done().end("done");
    b.endLine!.metrics.SR = 1;
    expect(score(b).SR).toBe(0);
  });
  it("rejects lines that are not a trajectory", () => {
    const b = episode().done().end("done");
    expect(() => computeEpisodeMetrics(b.lines().slice(1))).toThrow(/header/);
    expect(() => computeEpisodeMetrics([...b.lines(), b.steps[0]!])).toThrow(/after its end/);
  });
});

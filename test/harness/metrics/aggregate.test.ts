import { describe, expect, it } from "vitest";
import { aggregateMetrics } from "../../../harness/metrics/aggregate.ts";
import { computeEpisodeMetrics } from "../../../harness/metrics/episode-metrics.ts";
import { episode } from "../trajectory/builders.ts";

const place = { type: "place", object: "obj_0", relation: "ontop", target: "table" } as const;
const success = (id: string, repeat = 0) => ({ id, repeat, error: null, ...computeEpisodeMetrics(episode({ conditions: 1 }).act(place, { satisfied: [0] }).done().lines()) });
const failure = (id: string, repeat = 0) => ({
  id,
  repeat,
  error: null,
  ...computeEpisodeMetrics(episode({ conditions: 1 }).fail(place, "missing_step").fail(place, "missing_step").done().lines()),
});

describe("aggregateMetrics", () => {
  it("averages repeats of an episode before averaging episodes", () => {
    // e1 succeeds in 1 of 2 repeats (0.5), e2 always fails (0): mean 0.25, not 1/3 over the rows.
    const agg = aggregateMetrics([success("e1", 0), failure("e1", 1), failure("e2", 0)]);
    expect(agg.SR).toBe(0.25);
    expect(agg.episodes).toBe(2);
    expect(agg.episodeRuns).toBe(3);
    expect(agg.steps).toBe(2.75); // e1: (2 + 3) / 2 steps, e2: 3 steps
  });
  it("counts errors, premature done() calls and action errors over all rows", () => {
    const crashed = { ...failure("e3"), error: { category: "timeout", message: "slow" } };
    const agg = aggregateMetrics([success("e1"), failure("e2"), crashed]);
    expect(agg.errors).toBe(1);
    expect(agg.prematureDone).toBe(2);
    expect(agg.actionErrors).toEqual({ missing_step: 4 });
    expect(agg.doneCalled).toBe(1);
    expect(agg.SR).toBeCloseTo(1 / 3, 12);
  });
  it("gives zeros, not NaN, for an empty run", () => {
    const agg = aggregateMetrics([]);
    expect(agg).toMatchObject({ SR: 0, TTC: 0, TP: 0, rTP: 0, episodes: 0, errors: 0 });
    expect(JSON.stringify(agg)).not.toContain("null");
  });
});

import { describe, expect, it } from "vitest";
import { usageMeasure, sumUsage } from "../../../harness/metrics/measures/usage.ts";
import { aggregateMetrics } from "../../../harness/metrics/aggregate.ts";
import type { EpisodeHeader, StepEvent } from "../../../harness/trajectory/events.ts";

const step = (info?: Record<string, unknown>): StepEvent => ({
  type: "step", t: 1, action: { type: "done" }, feedback: { ok: true, error: null, message: "" }, satisfied: [], observed: [],
  agent: { room: "k", position: { x: 0, y: 0 }, holding: null }, distance: 0, changed: {}, ...(info ? { info } : {}),
});

describe("usage measure", () => {
  it("sums the numeric fields of info.llm over steps and ignores the rest", () => {
    const m = usageMeasure();
    m.reset({} as EpisodeHeader);
    m.update(step({ llm: { promptTokens: 100, completionTokens: 7, via: "tool" } }), { get: () => { throw new Error(); } });
    m.update(step(), { get: () => { throw new Error(); } });
    m.update(step({ llm: { promptTokens: 50, completionTokens: 3, retries: 1 } }), { get: () => { throw new Error(); } });
    expect(m.value()).toEqual({ promptTokens: 150, completionTokens: 10, retries: 1 });
  });
  it("adds the end line's info.llm (a failed act's cost) in finish, and rescoring a trajectory does the same", () => {
    const m = usageMeasure();
    const deps = { get: () => { throw new Error(); } };
    m.reset({} as EpisodeHeader);
    m.update(step({ llm: { calls: 1, totalTokens: 110 } }), deps);
    m.finish({ reason: "stuck", error: { category: "stuck", message: "same" }, info: { llm: { calls: 3, totalTokens: 330, via: "invalid" } } }, deps);
    expect(m.value()).toEqual({ calls: 4, totalTokens: 440 });
    // an episode whose only act failed still has its usage
    m.reset({} as EpisodeHeader);
    m.finish({ reason: "agent_error", error: { category: "agent_error", message: "x" }, info: { llm: { calls: 1, retries: 2 } } }, deps);
    expect(m.value()).toEqual({ calls: 1, retries: 2 });
    m.reset({} as EpisodeHeader);
    m.finish({ reason: "agent_error", error: { category: "agent_error", message: "x" } }, deps);
    expect(m.value()).toBeNull();
  });
  it("is null for an agent that reports no usage, and the aggregate then has no usage", () => {
    const m = usageMeasure();
    m.reset({} as EpisodeHeader);
    m.update(step(), { get: () => { throw new Error(); } });
    expect(m.value()).toBeNull();
    const row = { SR: 1, TTC: 1, TP: 1, rTP: 1, steps: 1, doneCalled: true, actionErrors: {} };
    expect(aggregateMetrics([row]).usage).toBeUndefined();
    expect(aggregateMetrics([{ ...row, id: "a", usage: { totalTokens: 5 } } as never, { ...row, id: "b", usage: { totalTokens: 7 } } as never]).usage).toEqual({ totalTokens: 12 });
    expect(sumUsage([{ usage: null }])).toBeNull();
  });
});

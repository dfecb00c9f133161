import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { globToRegExp, parseShard, planEpisodes, shardOf } from "../../../harness/runner/plan.ts";
import type { EpisodeSpec } from "../../../harness/suite/schema.ts";

const ep = (id: string, seed = 0): EpisodeSpec => ({ id, scene: "s.json", task: "t.json", seed, maxSteps: 10 });
const base = { seed: null, maxSteps: null, episodes: null, repeat: 1, shard: null };

describe("planEpisodes", () => {
  it("keeps suite order and seeds by default", () => {
    const p = planEpisodes([ep("b", 3), ep("a", 7)], base);
    expect(p.map((x) => [x.key, x.seed])).toEqual([["b", 3], ["a", 7]]);
  });
  it("filters by glob alternatives", () => {
    const p = planEpisodes([ep("flat-a"), ep("house-b"), ep("flat-c")], { ...base, episodes: "flat-*,house-??" });
    expect(p.map((x) => x.key)).toEqual(["flat-a", "flat-c"]);
    expect(globToRegExp("a.b").test("axb")).toBe(false);
  });
  it("repeats with distinct derived seeds; repeat 0 keeps the base seed", () => {
    const p = planEpisodes([ep("a", 5)], { ...base, repeat: 3 });
    expect(p.map((x) => x.key)).toEqual(["a", "a~r1", "a~r2"]);
    expect(p[0]!.seed).toBe(5);
    expect(new Set(p.map((x) => x.seed)).size).toBe(3);
  });
  it("--seed changes seeds deterministically", () => {
    const a = planEpisodes([ep("a", 5)], { ...base, seed: 1 });
    const b = planEpisodes([ep("a", 5)], { ...base, seed: 1 });
    const c = planEpisodes([ep("a", 5)], { ...base, seed: 2 });
    expect(a[0]!.seed).toBe(b[0]!.seed);
    expect(a[0]!.seed).not.toBe(c[0]!.seed);
  });
  it("shards partition the episodes, independent of order", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.stringMatching(/^[a-z0-9-]{1,12}$/), { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 6 }), (ids, n) => {
        const specs = ids.map((id) => ep(id));
        const parts = Array.from({ length: n }, (_, i) => planEpisodes(specs, { ...base, shard: { index: i + 1, total: n } }).map((x) => x.key));
        const all = parts.flat().sort();
        expect(all).toEqual([...ids].sort());
        const reversed = planEpisodes([...specs].reverse(), { ...base, shard: { index: 1, total: n } }).map((x) => x.key).sort();
        expect(reversed).toEqual([...parts[0]!].sort());
        for (const id of ids) expect(shardOf(id, n)).toBeGreaterThanOrEqual(1);
      }),
    );
  });
  it("parses I/N shards and rejects nonsense", () => {
    expect(parseShard("2/3")).toEqual({ index: 2, total: 3 });
    for (const bad of ["0/3", "4/3", "1/0", "a/b", "1-3"]) expect(parseShard(bad)).toBeNull();
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { PriorProbeBaseline, examplesFromCases } from "../../../../harness/probes/baselines/prior.ts";
import { RandomProbeBaseline } from "../../../../harness/probes/baselines/random.ts";
import { HousekeepAnnotationsSchema, HousekeepEpisodesSchema, housekeepDetectionCases, housekeepRankingCases } from "../../../../harness/probes/datasets/housekeep.ts";
import { tidybotCases } from "../../../../harness/probes/datasets/tidybot.ts";
import { confusionOf, detectionMetrics } from "../../../../harness/probes/detection/metrics.ts";
import { scoreRankingRows } from "../../../../harness/probes/ranking/score.ts";
import type { ProbeAgent } from "../../../../harness/probes/baselines/probe-agent.ts";
import type { RankingCase, RankingSummary } from "../../../../harness/probes/types.ts";
import { SHARED_DATA, dataSuiteTitle, describeWithData, hasSharedData } from "../shared-data.ts";

function rankAll(agent: ProbeAgent, cases: RankingCase[]): RankingSummary {
  const rows = cases.map((c, i) => ({ line: i + 1, value: c }));
  const preds = cases.map((c, i) => ({ line: i + 1, value: { id: c.id, ranking: agent.rankPlacements!(c) as string[] } }));
  return scoreRankingRows({ rows, file: "cases" }, { rows: preds, file: "answers" }, { seed: 0 });
}

describe("built-in baselines on small hand cases", () => {
  it("random ranks every candidate exactly once, the same way for the same seed", () => {
    const q = { id: "q", object: "cup", candidates: ["a", "b", "c", "d", "e"] };
    const r = new RandomProbeBaseline({ seed: 1 }).rankPlacements(q);
    expect([...r].sort()).toEqual(q.candidates);
    expect(new RandomProbeBaseline({ seed: 1 }).rankPlacements(q)).toEqual(r);
  });

  it("prior generalises from seen placements through WordNet", () => {
    const prior = new PriorProbeBaseline();
    const context = { seenPlacements: [{ object: "apple", receptacle: "fruit bowl" }, { object: "toy car", receptacle: "toy box" }] };
    expect(prior.rankPlacements({ id: "1", object: "peach", candidates: ["toy box", "fruit bowl"], context })[0]).toBe("fruit bowl");
    expect(prior.rankPlacements({ id: "2", object: "doll", candidates: ["fruit bowl", "toy box"], context })[0]).toBe("toy box");
  });

  it("prior flags objects far from where training put similar ones", () => {
    const prior = new PriorProbeBaseline({
      examples: [
        { object: "apple", candidate: "kitchen|counter", gain: 9 },
        { object: "apple", candidate: "bathroom|sink", gain: 0 },
        { object: "towel", candidate: "kitchen|counter", gain: 1 },
        { object: "towel", candidate: "bathroom|sink", gain: 8 },
      ],
    });
    const flagged = prior.detectMisplaced({
      id: "ep",
      objects: [
        { id: "pear_1", label: "pear", room: "bathroom", receptacle: "sink" },
        { id: "pear_2", label: "pear", room: "kitchen", receptacle: "counter" },
      ],
    });
    expect(flagged).toEqual(["pear_1"]);
  });
});

describeWithData("housekeep", "prior vs random on held-out Housekeep objects", () => {
  const dir = path.join(SHARED_DATA, "housekeep");
  const annotations = HousekeepAnnotationsSchema.parse(JSON.parse(readFileSync(path.join(dir, "housekeep_train_val.json"), "utf8")));
  const { cases } = housekeepRankingCases(annotations, { seed: 0 });
  const prior = new PriorProbeBaseline({ examples: examplesFromCases([...cases.train, ...cases.val]) });

  it("keeps test objects out of training", () => {
    const train = new Set([...cases.train, ...cases.val].map((c) => c.object));
    expect(cases.test.length).toBeGreaterThan(100);
    expect(cases.test.some((c) => train.has(c.object))).toBe(false);
  });

  it("prior's NDCG@8 interval lies wholly above random's", () => {
    const random = rankAll(new RandomProbeBaseline({ seed: 0 }), cases.test);
    const learnt = rankAll(prior, cases.test);
    expect(learnt.ci95[0]).toBeGreaterThan(random.ci95[1]);
    expect(learnt.accuracy).toBeGreaterThan(random.accuracy + 0.2);
  });

  it("prior detects misplaced objects in the episodes far better than random (F1)", () => {
    const episodes = housekeepDetectionCases(HousekeepEpisodesSchema.parse(JSON.parse(readFileSync(path.join(dir, "housekeep_episodes_Ihlen_1_int.json"), "utf8"))));
    const f1 = (agent: ProbeAgent) => {
      const pairs = episodes.flatMap((c) => {
        const flagged = new Set(agent.detectMisplaced!({ id: c.id, context: c.context, objects: c.objects.map(({ misplaced: _m, ...o }) => o) }) as string[]);
        return c.objects.map((o) => ({ truth: o.misplaced, predicted: flagged.has(o.id) }));
      });
      return detectionMetrics(confusionOf(pairs)).f1;
    };
    expect(f1(prior)).toBeGreaterThan(f1(new RandomProbeBaseline({ seed: 0 })) + 0.2);
  });
});

describeWithData("tidybot", "prior vs random on TidyBot unseen objects", () => {
  const { unseen } = tidybotCases(parseYaml(readFileSync(path.join(SHARED_DATA, "tidybot", "scenarios.yml"), "utf8")));

  it("prior's NDCG@8 interval lies wholly above random's, and so does its per-scenario accuracy", () => {
    const random = rankAll(new RandomProbeBaseline({ seed: 0 }), unseen);
    const learnt = rankAll(new PriorProbeBaseline(), unseen);
    expect(learnt.ci95[0]).toBeGreaterThan(random.ci95[1]);
    expect(learnt.groupAccuracy!).toBeGreaterThan(random.groupAccuracy! + 0.2);
  });
});

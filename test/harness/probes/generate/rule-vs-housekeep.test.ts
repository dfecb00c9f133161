import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HousekeepAnnotationsSchema, housekeepRankingCases } from "../../../../harness/probes/datasets/housekeep.ts";
import { FALLBACK_GROUP } from "../../../../harness/probes/generate/placement-table.ts";
import { objectGroup, placeGain, receptacleKind } from "../../../../harness/probes/generate/placement-rule.ts";
import { conceptOf } from "../../../../harness/probes/labels/concepts.ts";
import { ndcgAtK } from "../../../../harness/probes/ranking/ndcg.ts";
import { Rng } from "../../../../sim/rng.ts";
import { SHARED_DATA, dataSuiteTitle, describeWithData, hasSharedData } from "../shared-data.ts";

/**
 * How human-like is the placement rule? Housekeep's annotators voted on where 137 objects belong
 * among the `room|receptacle` places of a house. Ranking every object's places house-wide by the
 * rule's gain (ties in a seeded random order) and scoring that against the votes measures the rule
 * the way generated cases measure agents. Housekeep names are mapped as any label is: the object's
 * and receptacle's WordNet concept (conceptOf), a carpet counting as floor.
 */
describeWithData("housekeep", "the placement rule against Housekeep's annotators", () => {
  const annotations = HousekeepAnnotationsSchema.parse(JSON.parse(readFileSync(path.join(SHARED_DATA, "housekeep", "housekeep_train_val.json"), "utf8")));
  const { cases } = housekeepRankingCases(annotations, { seed: 0 });
  const houseWide = new Map<string, Record<string, number>>();
  for (const c of [...cases.train, ...cases.val, ...cases.test]) {
    const rel = houseWide.get(c.object) ?? {};
    for (const cand of c.candidates) rel[cand] = c.relevance[cand] ?? 0;
    houseWide.set(c.object, rel);
  }
  const kindOf = (receptacle: string) => {
    if (receptacle === "carpet") return "floor";
    const concept = conceptOf(receptacle);
    return concept ? receptacleKind({ category: concept.synset, label: receptacle.replace(/_/g, " ") }) : null;
  };

  it("ranks the annotators' places far better than chance for the objects it has a group for", () => {
    const totals = { grouped: { rule: 0, random: 0, n: 0 }, fallback: { rule: 0, random: 0, n: 0 } };
    for (const [name, relevance] of [...houseWide].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const concept = conceptOf(name);
      const object = { category: concept?.synset ?? "entity.n.01", label: name.replace(/_/g, " ") };
      const candidates = Object.keys(relevance).sort();
      const gain = new Map(candidates.map((c) => {
        const [room, receptacle] = c.split("|") as [string, string];
        const kind = kindOf(receptacle);
        return [c, kind ? placeGain(object, `${room}|${kind}`) : 0];
      }));
      const tie = new Rng(`tie/${name}`);
      const order = new Map(candidates.map((c) => [c, tie.next()]));
      const byRule = [...candidates].sort((a, b) => gain.get(b)! - gain.get(a)! || order.get(a)! - order.get(b)!);
      const byChance = new Rng(`random/${name}`).shuffle([...candidates]);
      const t = objectGroup(object) === FALLBACK_GROUP ? totals.fallback : totals.grouped;
      t.rule += ndcgAtK(byRule, relevance, 8) ?? 0;
      t.random += ndcgAtK(byChance, relevance, 8) ?? 0;
      t.n++;
    }
    const mean = (t: { rule: number; random: number; n: number }) => ({ n: t.n, rule: +(t.rule / t.n).toFixed(3), random: +(t.random / t.n).toFixed(3) });
    console.log("rule vs Housekeep votes, house-wide NDCG@8:", JSON.stringify({ grouped: mean(totals.grouped), fallback: mean(totals.fallback) }));
    expect(totals.grouped.n).toBeGreaterThan(50);
    expect(mean(totals.grouped).rule).toBeGreaterThan(mean(totals.grouped).random + 0.15);
  });
});

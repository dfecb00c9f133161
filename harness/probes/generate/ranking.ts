/**
 * Placement-ranking cases from a scene of ours (SPEC §7): one case per carryable object — "where in
 * this house does it belong?" — whose candidates are every place of the house (`room_type|kind` of
 * each fixed receptacle and floor, places.ts) and whose graded relevance is the placement rule's
 * gain 0–3 (placement-rule.ts). The context names the scene, its rooms and which scene objects each
 * candidate stands for; never where the object lies now (that would hand the answer over whenever
 * the scene keeps it tidy). An object no place suits (all gains 0) has IDCG 0 and gets no case.
 *
 * Split: cases are split by object noun — a hash of the seed and the noun puts a share `testShare`
 * of the nouns in `test`, the rest in `train` — so a prior trained on `train` meets unseen nouns.
 */
import { hashString } from "../../../sim/rng.ts";
import type { RankingCase } from "../types.ts";
import { objectNoun, placeGain } from "./placement-rule.ts";
import type { ScenePlaces } from "./places.ts";

/** Split of a noun: `test` for a share `testShare` of nouns (by hash of seed and noun), else `train`. */
export function splitOfNoun(noun: string, seed: number, testShare: number): "train" | "test" {
  return hashString(`${seed}/${noun}`) / 4294967296 < testShare ? "test" : "train";
}

/** Ranking cases of one scene, and the objects left out because no place suits them. */
export function rankingCasesFromScene(sceneId: string, places: ScenePlaces): { cases: RankingCase[]; noPositive: string[] } {
  const candidates = places.placeIds();
  const context = {
    dataset: "scene",
    scene: sceneId,
    rooms: [...places.world.rooms.values()].map((r) => ({ id: r.id, type: r.type })),
    receptacles: places.placeMembers(),
  };
  const cases: RankingCase[] = [];
  const noPositive: string[] = [];
  for (const o of places.carryables()) {
    const id = `${sceneId}/${o.id}`;
    const relevance: Record<string, number> = {};
    for (const c of candidates) {
      const gain = placeGain(o, c);
      if (gain > 0) relevance[c] = gain;
    }
    if (Object.keys(relevance).length === 0) {
      noPositive.push(id);
      continue;
    }
    cases.push({ id, object: objectNoun(o.category), context, candidates, relevance, group: sceneId });
  }
  return { cases, noPositive };
}

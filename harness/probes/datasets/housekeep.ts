/**
 * Housekeep (Kant et al., ECCV 2022) → probe cases.
 *
 * Annotations: `ranks[object][room|receptacle]` holds 10 annotator ranks (> 0: rank among correct
 * placements, < 0: among misplaced ones, 0: implausible). One ranking case per (object, room):
 * the candidates are that room's `room|receptacle` pairs and a candidate's graded relevance is the
 * number of the 10 annotators who ranked it as a correct placement (rank > 0), 0…10. Rooms where no
 * annotator put the object anywhere have IDCG = 0 and are not written (reported).
 *
 * Split: the file holds Housekeep's train/val objects only, so held-out objects are carved out of it
 * by object name — deterministically, from a hash of the seed and the name: 60% train, 20% val,
 * 20% test — unless a split file `{train:[…], val:[…], test:[…]}` gives the official one. A prior is
 * trained on train (+ val) and evaluated on test: every object of a split is unseen by the others.
 *
 * Episodes: one detection case per episode; an object is misplaced when its start receptacle is not
 * among its goal receptacles. Receptacle keys are `room_N-category_K_L.urdf`; the room type drops
 * the instance number (`bedroom_1` → `bedroom`), `bottom_cabinet_no_top` is Housekeep's
 * `bottom_cabinet`, and receptacles outside any room (`None-…`) have room `none`.
 */
import { z } from "zod";
import { hashString } from "../../../sim/rng.ts";
import type { DetectionCase, RankingCase } from "../types.ts";

export const HousekeepAnnotationsSchema = z.object({
  room_receptacles: z.array(z.string()).optional(),
  ranks: z.record(z.string(), z.record(z.string(), z.array(z.number()))),
});
export type HousekeepAnnotations = z.infer<typeof HousekeepAnnotationsSchema>;

export const HousekeepEpisodesSchema = z.object({
  episodes: z.array(
    z.object({
      episode_id: z.union([z.number(), z.string()]),
      scene_id: z.string(),
      objects: z.array(
        z.object({
          key: z.string(),
          category: z.string(),
          position: z.tuple([z.number(), z.number(), z.number()]).optional(),
          start_receptacle: z.string(),
          goal_receptacles: z.array(z.string()),
        }),
      ),
      receptacles: z.array(z.object({ key: z.string(), category: z.string(), position: z.tuple([z.number(), z.number(), z.number()]).optional() })),
      misplaced_count: z.number().optional(),
    }),
  ),
});
export type HousekeepEpisodes = z.infer<typeof HousekeepEpisodesSchema>;
export type HousekeepEpisode = HousekeepEpisodes["episodes"][number];

export type SplitName = "train" | "val" | "test";
export const SPLITS: readonly SplitName[] = ["train", "val", "test"];

/** Graded relevance of one `room|receptacle` for one object: annotators who ranked it correct. */
export function housekeepGain(ranks: readonly number[]): number {
  return ranks.filter((r) => r > 0).length;
}

/** Deterministic object split by hash of seed and name (60/20/20), or the given split lists. */
export function splitOfObject(name: string, seed: number, given?: Partial<Record<SplitName, string[]>>): SplitName | null {
  if (given) return SPLITS.find((s) => given[s]?.includes(name)) ?? null;
  const u = hashString(`${seed}/${name}`) / 4294967296;
  return u < 0.6 ? "train" : u < 0.8 ? "val" : "test";
}

/** Ranking cases per split, plus the (object, room) pairs left out because no annotator placed it there. */
export function housekeepRankingCases(
  annotations: HousekeepAnnotations,
  options: { seed?: number; split?: Partial<Record<SplitName, string[]>> } = {},
): { cases: Record<SplitName, RankingCase[]>; noPositive: string[]; unsplit: string[] } {
  const cases: Record<SplitName, RankingCase[]> = { train: [], val: [], test: [] };
  const noPositive: string[] = [];
  const unsplit: string[] = [];
  for (const object of Object.keys(annotations.ranks).sort()) {
    const split = splitOfObject(object, options.seed ?? 0, options.split);
    if (!split) {
      unsplit.push(object);
      continue;
    }
    const byRoom = new Map<string, Record<string, number>>();
    for (const [key, ranks] of Object.entries(annotations.ranks[object]!)) {
      const room = key.split("|")[0]!;
      const gains = byRoom.get(room) ?? {};
      gains[key] = housekeepGain(ranks);
      byRoom.set(room, gains);
    }
    for (const room of [...byRoom.keys()].sort()) {
      const relevance = byRoom.get(room)!;
      const id = `housekeep/${object}/${room}`;
      if (!Object.values(relevance).some((g) => g > 0)) {
        noPositive.push(id);
        continue;
      }
      cases[split].push({ id, object, context: { dataset: "housekeep", room }, candidates: Object.keys(relevance).sort(), relevance, group: room });
    }
  }
  return { cases, noPositive, unsplit };
}

/** Room type of a receptacle key: `bedroom_1-chest_12_0.urdf` → `bedroom`; `None-…` → `none`. */
export function housekeepRoomType(key: string): string {
  const room = key.split("-")[0] ?? "";
  return room === "None" || room === "" ? "none" : room.replace(/_\d+$/, "");
}

/** Annotation category of a receptacle category (`bottom_cabinet_no_top` → `bottom_cabinet`). */
export function housekeepReceptacleCategory(category: string): string {
  return category.replace(/_no_top$/, "");
}

/** One detection case per episode (misplaced = start receptacle not among the goal receptacles). */
export function housekeepDetectionCases(episodes: HousekeepEpisodes): DetectionCase[] {
  return episodes.episodes.map((ep) => {
    const category = new Map(ep.receptacles.map((r) => [r.key, housekeepReceptacleCategory(r.category)]));
    const receptacleOf = (key: string) => category.get(key) ?? housekeepReceptacleCategory(key.split("-")[1]?.replace(/_\d+_\d+\.urdf$/, "") ?? key);
    return {
      id: `housekeep/${ep.scene_id}/ep${ep.episode_id}`,
      context: {
        dataset: "housekeep",
        scene: ep.scene_id,
        receptacles: ep.receptacles.map((r) => ({ id: r.key, room: housekeepRoomType(r.key), category: receptacleOf(r.key) })),
      },
      objects: ep.objects.map((o) => ({
        id: o.key,
        label: o.category,
        room: housekeepRoomType(o.start_receptacle),
        receptacle: receptacleOf(o.start_receptacle),
        misplaced: !o.goal_receptacles.includes(o.start_receptacle),
      })),
    };
  });
}

/**
 * BEHAVIOR-1K's cloth states, reproduced small from putting_out_clean_towels, organise_a_linen_closet and
 * set_a_dinner_table: towels lying spread out (`unfolded`) to be folded and put in a closet, a folded napkin to be
 * spread out on a table. `(unfolded ?x)` reads as `(not (folded ?x))`; towels, napkins and dresses are cloth by
 * WordNet and can be folded. Both baselines solve it in houses sampled with seeds 0 to 3.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ExplorerAgent } from "../../../../agents/explorer/explorer-agent.ts";
import { importActivities, readScene, solveWithOracle } from "./helpers.ts";

const FOLDING = `(define (problem folding_linen-0)
    (:domain omnigibson)
    (:objects
        bath_towel.n.01_1 bath_towel.n.01_2 - bath_towel.n.01
        dress.n.01_1 - dress.n.01
        napkin.n.01_1 - napkin.n.01
        cabinet.n.01_1 - cabinet.n.01
        table.n.02_1 - table.n.02
        floor.n.01_1 floor.n.01_2 - floor.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (ontop bath_towel.n.01_1 floor.n.01_1)
        (ontop bath_towel.n.01_2 floor.n.01_1)
        (unfolded bath_towel.n.01_1)
        (unfolded bath_towel.n.01_2)
        (ontop dress.n.01_1 floor.n.01_1)
        (inside napkin.n.01_1 cabinet.n.01_1)
        (folded napkin.n.01_1)
        (inroom cabinet.n.01_1 bedroom)
        (inroom table.n.02_1 dining_room)
        (inroom floor.n.01_1 bedroom)
        (inroom floor.n.01_2 dining_room)
        (ontop agent.n.01_1 floor.n.01_1)
    )
    (:goal (and
        (forall (?bath_towel.n.01 - bath_towel.n.01) (and (folded ?bath_towel.n.01) (inside ?bath_towel.n.01 ?cabinet.n.01_1)))
        (folded ?dress.n.01_1)
        (unfolded ?napkin.n.01_1)
        (ontop ?napkin.n.01_1 ?table.n.02_1)))
)`;

const SEEDS = 4;

describe("folding and unfolding cloth (BEHAVIOR-1K folded / unfolded)", () => {
  const { out, imported, episodes } = importActivities({ folding_linen: FOLDING }, SEEDS, "bddl-fold-");

  it("imports at every seed: the cloth can be folded, the napkin starts folded and the towels spread out", async () => {
    const summary = await imported;
    expect(summary.skipped).toEqual([]);
    for (let seed = 0; seed < SEEDS; seed++) {
      const scene = readScene(path.join(out, "scenes", `folding_linen-0-s${seed}.scene.json`));
      const byId = new Map(scene.objects.map((o) => [o.id, o]));
      for (const id of ["bath_towel_1", "bath_towel_2", "dress_1", "napkin_1"]) expect(byId.get(id)!.abilities).toContain("foldable");
      expect(byId.get("cabinet_1")!.abilities).not.toContain("foldable");
      expect(byId.get("napkin_1")!.states.folded).toBe(true);
      expect(byId.get("bath_towel_1")!.states.folded ?? false).toBe(false);
    }
  });

  it("the oracle folds and unfolds its way to the goal at every seed", async () => {
    for (const episode of await episodes()) {
      const run = solveWithOracle(out, episode);
      expect(run.success, episode.id).toBe(true);
      expect(run.actions.filter((a) => a === "fold")).toHaveLength(3);
      expect(run.actions.filter((a) => a === "unfold")).toHaveLength(1);
    }
  });

  it("the explorer, which finds things by looking, does too", async () => {
    for (const episode of await episodes()) {
      const run = solveWithOracle(out, episode, new ExplorerAgent({}));
      expect(run.success, episode.id).toBe(true);
      expect(run.actions).toContain("fold");
      expect(run.actions).toContain("unfold");
    }
  });
});

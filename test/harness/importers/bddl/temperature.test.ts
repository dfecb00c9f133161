/**
 * BEHAVIOR-1K's `hot`, reproduced from cook_a_frozen_pie and cool_cakes: a frozen pie in the fridge to be hot and
 * thawed (heated in the oven), a hot cake in the oven to be cool on a cookie sheet. Both baselines solve them in
 * houses sampled with seeds 0 to 3.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ExplorerAgent } from "../../../../agents/explorer/explorer-agent.ts";
import { importActivities, readScene, solveWithOracle } from "./helpers.ts";

const ACTIVITIES: Record<string, string> = {
  frozen_pie: `(define (problem frozen_pie-0)
    (:domain omnigibson)
    (:objects
        apple_pie.n.01_1 - apple_pie.n.01
        oven.n.01_1 - oven.n.01
        electric_refrigerator.n.01_1 - electric_refrigerator.n.01
        floor.n.01_1 - floor.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (inside apple_pie.n.01_1 electric_refrigerator.n.01_1)
        (frozen apple_pie.n.01_1)
        (inroom oven.n.01_1 kitchen)
        (inroom floor.n.01_1 kitchen)
        (inroom electric_refrigerator.n.01_1 kitchen)
        (ontop agent.n.01_1 floor.n.01_1)
    )
    (:goal (and (hot ?apple_pie.n.01_1) (not (frozen ?apple_pie.n.01_1))))
)`,
  hot_cake: `(define (problem hot_cake-0)
    (:domain omnigibson)
    (:objects
        fruitcake.n.02_1 - fruitcake.n.02
        oven.n.01_1 - oven.n.01
        cookie_sheet.n.01_1 - cookie_sheet.n.01
        countertop.n.01_1 - countertop.n.01
        floor.n.01_1 - floor.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (inside fruitcake.n.02_1 oven.n.01_1)
        (hot fruitcake.n.02_1)
        (ontop cookie_sheet.n.01_1 countertop.n.01_1)
        (inroom countertop.n.01_1 kitchen)
        (inroom oven.n.01_1 kitchen)
        (inroom floor.n.01_1 kitchen)
        (ontop agent.n.01_1 floor.n.01_1)
    )
    (:goal (and (not (hot ?fruitcake.n.02_1)) (ontop ?fruitcake.n.02_1 ?cookie_sheet.n.01_1)))
)`,
};

const SEEDS = 4;

describe("hot and cool (BEHAVIOR-1K hot)", () => {
  const { out, imported, episodes } = importActivities(ACTIVITIES, SEEDS, "bddl-hot-");

  it("imports at every seed: the cake starts hot, the pie frozen and not hot", async () => {
    const summary = await imported;
    expect(summary.skipped).toEqual([]);
    for (let seed = 0; seed < SEEDS; seed++) {
      const cake = readScene(path.join(out, "scenes", `hot_cake-0-s${seed}.scene.json`)).objects.find((o) => o.id === "fruitcake_1")!;
      expect(cake.states.hot).toBe(true);
      const pie = readScene(path.join(out, "scenes", `frozen_pie-0-s${seed}.scene.json`)).objects.find((o) => o.id === "apple_pie_1")!;
      expect(pie.states).toMatchObject({ frozen: true });
      expect(pie.states.hot ?? false).toBe(false);
    }
  });

  it("the oracle heats the pie in the oven and lets the cake cool, at every seed", async () => {
    for (const episode of await episodes()) {
      const run = solveWithOracle(out, episode);
      expect(run.success, episode.id).toBe(true);
      expect(run.actions).toContain(episode.id.startsWith("frozen_pie") ? "heat" : "cool");
    }
  });

  it("so does the explorer", async () => {
    for (const episode of await episodes()) {
      const run = solveWithOracle(out, episode, new ExplorerAgent({}));
      expect(run.success, episode.id).toBe(true);
    }
  });
});

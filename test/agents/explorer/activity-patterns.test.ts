/**
 * The explorer on patterns of BEHAVIOR activity files it used to loop on until its budget ran out, reproduced in
 * small synthetic activities and imported as a user imports them:
 * - a rag that dusts two pieces of furniture and then goes under one of them (polishing_furniture): it put the
 *   rag away first and fetched it again, forever, because dusting the table waited for "placements that need
 *   the table";
 * - shoes of which exactly two go next to a table and two under it, all on the floor of a room not yet seen
 *   (cleaning_sneakers): it took a shoe away from a table it had not found, carried one shoe between the two
 *   `forn`s, and did not see that a shoe under a table stands on the floor;
 * - pairs that go into the fridge next to each other (storing_the_groceries): it took one out to set it
 *   beside the other still on the counter, and back, and a thing set down beside another in the fridge was
 *   recorded as on top of the fridge, so it never believed it inside;
 * - newspapers to go into the bin or at least off the floor (cleaning_garage): carrying one to the bin, it read
 *   the goal as met (a newspaper in hand is not on the floor) and put it down on the floor, again and again;
 * - flowers watered where they grow from a watering can (watering_outdoor_flowers): it called done() at once;
 * - a folder, a book and a backpack each next to the other two (organizing_school_stuff): it believed `nextto`
 *   only of the placements it had made, so it carried the folder from the book to the backpack and back for the
 *   whole budget, both already holding, while the book never went beside the backpack;
 * - a desk where the computer, keyboard, mouse and folder each stand next to the one before (getting_organized_for_work):
 *   no room beside the mouse for the folder, so it put the folder on the floor and stopped; brought over the other
 *   way, the mouse then went to and fro between the keyboard and the folder, far apart on the desk;
 * - a saucer with no room beside the coffee maker on the counter (set_up_a_coffee_station_in_your_kitchen): it put
 *   the saucer on the floor and stopped. These two are BEHAVIOR-1K's text, run in eight houses each.
 * Each is solved in houses sampled with three seeds, done() called once every condition holds.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importBddl } from "../../../harness/importers/bddl/index.ts";
import { runSuite } from "../../../harness/runner/run-suite.ts";
import { scratch } from "../../harness/importers/bddl/helpers.ts";
import { GETTING_ORGANIZED_FOR_WORK, WATERING_FROM_A_CAN } from "../../helpers/bddl-activities.ts";

const ACTIVITIES: Record<string, string> = {
  dust_then_stow_the_rag: `(define (problem dust_then_stow_the_rag_0)
    (:domain igibson)
    (:objects
        shelf.n.01_1 - shelf.n.01
        table.n.02_1 - table.n.02
        rag.n.01_1 - rag.n.01
        floor.n.01_1 - floor.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (dusty shelf.n.01_1)
        (dusty table.n.02_1)
        (ontop rag.n.01_1 table.n.02_1)
        (inroom table.n.02_1 living_room)
        (inroom shelf.n.01_1 living_room)
        (inroom floor.n.01_1 living_room)
        (onfloor agent.n.01_1 floor.n.01_1)
    )
    (:goal (and (not (dusty ?table.n.02_1)) (not (dusty ?shelf.n.01_1)) (under ?rag.n.01_1 ?table.n.02_1)))
)`,
  shoes_by_and_under_a_table: `(define (problem shoes_by_and_under_a_table_0)
    (:domain igibson)
    (:objects
        gym_shoe.n.01_1 gym_shoe.n.01_2 gym_shoe.n.01_3 gym_shoe.n.01_4 - gym_shoe.n.01
        table.n.02_1 - table.n.02
        floor.n.01_1 floor.n.01_2 - floor.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (onfloor gym_shoe.n.01_1 floor.n.01_2)
        (onfloor gym_shoe.n.01_2 floor.n.01_2)
        (onfloor gym_shoe.n.01_3 floor.n.01_2)
        (onfloor gym_shoe.n.01_4 floor.n.01_2)
        (inroom floor.n.01_1 living_room)
        (inroom table.n.02_1 living_room)
        (inroom floor.n.01_2 kitchen)
        (onfloor agent.n.01_1 floor.n.01_2)
    )
    (:goal (and
        (forn (2) (?gym_shoe.n.01 - gym_shoe.n.01) (nextto ?gym_shoe.n.01 ?table.n.02_1))
        (forn (2) (?gym_shoe.n.01 - gym_shoe.n.01) (under ?gym_shoe.n.01 ?table.n.02_1))
        (forall (?gym_shoe.n.01 - gym_shoe.n.01) (onfloor ?gym_shoe.n.01 ?floor.n.01_1))))
)`,
  pairs_side_by_side_in_the_fridge: `(define (problem pairs_side_by_side_in_the_fridge_0)
    (:domain igibson)
    (:objects
        pork.n.01_1 pork.n.01_2 - pork.n.01
        lettuce.n.03_1 lettuce.n.03_2 - lettuce.n.03
        electric_refrigerator.n.01_1 - electric_refrigerator.n.01
        countertop.n.01_1 - countertop.n.01
        floor.n.01_1 - floor.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (ontop pork.n.01_1 countertop.n.01_1)
        (ontop pork.n.01_2 countertop.n.01_1)
        (ontop lettuce.n.03_1 countertop.n.01_1)
        (ontop lettuce.n.03_2 countertop.n.01_1)
        (inroom electric_refrigerator.n.01_1 kitchen)
        (inroom countertop.n.01_1 kitchen)
        (inroom floor.n.01_1 kitchen)
        (onfloor agent.n.01_1 floor.n.01_1)
    )
    (:goal (and
        (inside ?pork.n.01_1 ?electric_refrigerator.n.01_1) (inside ?pork.n.01_2 ?electric_refrigerator.n.01_1) (nextto ?pork.n.01_1 ?pork.n.01_2)
        (inside ?lettuce.n.03_1 ?electric_refrigerator.n.01_1) (inside ?lettuce.n.03_2 ?electric_refrigerator.n.01_1) (nextto ?lettuce.n.03_1 ?lettuce.n.03_2)))
)`,
  papers_in_the_bin_or_off_the_floor: `(define (problem papers_in_the_bin_or_off_the_floor_0)
    (:domain igibson)
    (:objects
        newspaper.n.03_1 newspaper.n.03_2 - newspaper.n.03
        bin.n.01_1 - bin.n.01
        floor.n.01_1 - floor.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (onfloor newspaper.n.03_1 floor.n.01_1)
        (onfloor newspaper.n.03_2 floor.n.01_1)
        (onfloor bin.n.01_1 floor.n.01_1)
        (inroom floor.n.01_1 garage)
        (onfloor agent.n.01_1 floor.n.01_1)
    )
    (:goal (and
        (or (inside ?newspaper.n.03_1 ?bin.n.01_1) (not (onfloor ?newspaper.n.03_1 ?floor.n.01_1)))
        (or (inside ?newspaper.n.03_2 ?bin.n.01_1) (not (onfloor ?newspaper.n.03_2 ?floor.n.01_1)))))
)`,
  watering_from_a_can: WATERING_FROM_A_CAN,
  three_side_by_side_on_the_bed: `(define (problem three_side_by_side_on_the_bed_0)
    (:domain igibson)
    (:objects
        folder.n.02_1 - folder.n.02
        book.n.02_1 - book.n.02
        backpack.n.01_1 - backpack.n.01
        pen.n.01_1 - pen.n.01
        bed.n.01_1 - bed.n.01
        floor.n.01_1 - floor.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (ontop book.n.02_1 bed.n.01_1)
        (ontop folder.n.02_1 bed.n.01_1)
        (onfloor backpack.n.01_1 floor.n.01_1)
        (onfloor pen.n.01_1 floor.n.01_1)
        (inroom floor.n.01_1 bedroom)
        (inroom bed.n.01_1 bedroom)
        (onfloor agent.n.01_1 floor.n.01_1)
    )
    (:goal (and
        (and (nextto ?folder.n.02_1 ?book.n.02_1) (nextto ?folder.n.02_1 ?backpack.n.01_1) (nextto ?book.n.02_1 ?backpack.n.01_1))
        (inside ?pen.n.01_1 ?backpack.n.01_1)
        (ontop ?backpack.n.01_1 ?bed.n.01_1)))
)`,
};

const SEEDS = 3;

/** BEHAVIOR-1K activities where there is no room beside a target, run over more houses: the failures were seed-dependent. */
const CROWDED: Record<string, string> = {
  // the name is the problem's, which seeds its houses
  desk_in_a_chain_of_neighbours: GETTING_ORGANIZED_FOR_WORK.replace("(problem getting_organized_for_work-0)", "(problem desk_in_a_chain_of_neighbours_0)"),
  no_room_beside_the_coffee_maker: `(define (problem no_room_beside_the_coffee_maker_0)
    (:domain omnigibson)

    (:objects
     	coffee_maker.n.01_1 - coffee_maker.n.01
    	countertop.n.01_1 - countertop.n.01
    	bottle__of__coffee.n.01_1 - bottle__of__coffee.n.01
        shelf.n.01_1 - shelf.n.01
    	paper_coffee_filter.n.01_1 - paper_coffee_filter.n.01
    	coffee_cup.n.01_1 - coffee_cup.n.01
    	dishwasher.n.01_1 - dishwasher.n.01
    	saucer.n.02_1 - saucer.n.02
    	electric_kettle.n.01_1 - electric_kettle.n.01
    	floor.n.01_1 - floor.n.01
    	agent.n.01_1 - agent.n.01
    )
    
    (:init 
        (ontop coffee_maker.n.01_1 countertop.n.01_1) 
        (ontop bottle__of__coffee.n.01_1 shelf.n.01_1) 
        (ontop paper_coffee_filter.n.01_1 countertop.n.01_1) 
        (ontop coffee_cup.n.01_1 countertop.n.01_1) 
        (ontop saucer.n.02_1 countertop.n.01_1) 
        (ontop electric_kettle.n.01_1 countertop.n.01_1) 
        (inroom countertop.n.01_1 kitchen) 
        (inroom shelf.n.01_1 kitchen) 
        (inroom dishwasher.n.01_1 kitchen) 
        (inroom floor.n.01_1 kitchen) 
        (ontop agent.n.01_1 floor.n.01_1)
    )
    
    (:goal 
        (and 
            (ontop ?coffee_maker.n.01_1 ?countertop.n.01_1) 
            (nextto ?bottle__of__coffee.n.01_1 ?coffee_maker.n.01_1) 
            (ontop ?paper_coffee_filter.n.01_1 ?coffee_maker.n.01_1) 
            (nextto ?saucer.n.02_1 ?coffee_maker.n.01_1) 
            (ontop ?coffee_cup.n.01_1 ?saucer.n.02_1) 
            (nextto ?electric_kettle.n.01_1 ?coffee_maker.n.01_1)
        )
    )
)`,
};
const CROWDED_SEEDS = 8;

const dir = scratch("explorer-patterns-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface EpisodeRow {
  id: string;
  SR: number;
  TP: number;
  doneCalled: boolean;
  steps: number;
}

/** Imports `activities` as a user would (houses sampled with `seeds` seeds) and runs the explorer on them. */
async function runExplorerOn(name: string, activities: Record<string, string>, seeds: number): Promise<{ skipped: unknown[]; episodes: EpisodeRow[] }> {
  const src = path.join(dir, `${name}-src`);
  for (const [activity, text] of Object.entries(activities)) {
    mkdirSync(path.join(src, activity), { recursive: true });
    writeFileSync(path.join(src, activity, "problem0.bddl"), text);
  }
  const suite = path.join(dir, name);
  const summary = await importBddl(src, { out: suite, seeds });
  const out = path.join(dir, `${name}-run`);
  await runSuite({ suite, agent: "explorer", agentOptions: {}, out, seed: null, maxSteps: null, stepTimeout: 600, episodes: null, repeat: 1, workers: 1, shard: null, resume: false });
  const results = JSON.parse(readFileSync(path.join(out, "results.json"), "utf8")) as { episodes: EpisodeRow[] };
  return { skipped: summary.skipped, episodes: results.episodes };
}

describe("the explorer on activity patterns it used to loop on", () => {
  it("solves each in houses sampled with three seeds, calling done() once every condition holds", { timeout: 300_000 }, async () => {
    const { skipped, episodes } = await runExplorerOn("patterns", ACTIVITIES, SEEDS);
    expect(skipped).toEqual([]);
    expect(episodes).toHaveLength(Object.keys(ACTIVITIES).length * SEEDS);
    const failed = episodes.filter((e) => e.SR !== 1 || !e.doneCalled).map((e) => `${e.id}: TP ${e.TP} in ${e.steps} steps`);
    expect(failed).toEqual([]);
    // solved by working through the chores, not by wandering until the budget runs short
    for (const e of episodes) expect(e.steps, e.id).toBeLessThan(60);
  });

  it("brings the target over when there is no room beside it, and moves a chain of neighbours one by one", { timeout: 300_000 }, async () => {
    const { episodes } = await runExplorerOn("crowded", CROWDED, CROWDED_SEEDS);
    const solved = (prefix: string) => episodes.filter((e) => e.id.startsWith(prefix) && e.SR === 1).length;
    // before: 4 of 8 and 2 of 8 (the target stayed crowded, the object went on the floor, done() came early)
    expect(solved("desk_in_a_chain_of_neighbours")).toBe(CROWDED_SEEDS);
    expect(solved("no_room_beside_the_coffee_maker")).toBeGreaterThanOrEqual(CROWDED_SEEDS - 1);
    // and never by carrying one object to and fro until the budget runs out
    for (const e of episodes) {
      expect(e.doneCalled, e.id).toBe(true);
      expect(e.steps, e.id).toBeLessThan(60);
    }
  });
});

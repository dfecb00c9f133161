/**
 * Patterns of real BEHAVIOR-1K files, reproduced in small synthetic activities: a stray token between
 * sections (wash_a_baseball_cap), bags that must stand on a storage box (packing_meal_for_delivery), a
 * pie that must be on a tray and in the oven (cook_a_frozen_pie), dirt and wetness written as substances
 * (cleaning_barbecue_grill, making_tea) and three things packed into a box sized for them
 * (boxing_food_after_dinner), small appliances put away in a cabinet (rearranging_kitchen_furniture), plants
 * watered from a can (watering_outdoor_flowers), a carton holding four plants (planting_flowers) and two
 * chores that each need their own tool (cleaning_up_the_kitchen_only) and lawn chairs carried out to the
 * lawn (carrying_out_garden_furniture). Each imports, and the oracle solves it in houses sampled with several
 * seeds.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importBddl } from "../../../../harness/importers/bddl/index.ts";
import { readSuite, scratch, solveWithOracle } from "./helpers.ts";
import { WATERING_FROM_A_CAN } from "../../../helpers/bddl-activities.ts";

const ACTIVITIES: Record<string, string> = {
  stray_token_cap: `(define (problem stray_token_cap-0)
    (:domain behavior-1k)
    (:objects
        baseball_cap.n.01_1 - baseball_cap.n.01
        washer.n.03_1 - washer.n.03
        countertop.n.01_1 - countertop.n.01
        floor.n.01_1 - floor.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (ontop baseball_cap.n.01_1 countertop.n.01_1)
        (inroom washer.n.03_1 utility_room)
        (inroom countertop.n.01_1 utility_room)
        (inroom floor.n.01_1 utility_room)
        (ontop agent.n.01_1 floor.n.01_1)
    )\\
    (:goal (and (inside ?baseball_cap.n.01_1 ?washer.n.03_1) (not (open ?washer.n.03_1))))
)`,
  bags_on_a_box: `(define (problem bags_on_a_box-0)
    (:domain behavior-1k)
    (:objects
        wrapped_hamburger.n.01_1 wrapped_hamburger.n.01_2 - wrapped_hamburger.n.01
        storage_container.n.01_1 - storage_container.n.01
        sack.n.01_1 sack.n.01_2 - sack.n.01
        countertop.n.01_1 - countertop.n.01
        floor.n.01_1 - floor.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (ontop wrapped_hamburger.n.01_1 countertop.n.01_1)
        (ontop wrapped_hamburger.n.01_2 countertop.n.01_1)
        (ontop storage_container.n.01_1 countertop.n.01_1)
        (ontop sack.n.01_1 countertop.n.01_1)
        (ontop sack.n.01_2 countertop.n.01_1)
        (inroom floor.n.01_1 kitchen)
        (inroom countertop.n.01_1 kitchen)
        (ontop agent.n.01_1 floor.n.01_1)
    )
    (:goal (and
        (forpairs (?wrapped_hamburger.n.01 - wrapped_hamburger.n.01) (?sack.n.01 - sack.n.01) (inside ?wrapped_hamburger.n.01 ?sack.n.01))
        (forall (?sack.n.01 - sack.n.01) (ontop ?sack.n.01 ?storage_container.n.01_1))))
)`,
  pie_on_a_tray_in_the_oven: `(define (problem pie_on_a_tray_in_the_oven-0)
    (:domain behavior-1k)
    (:objects
        apple_pie.n.01_1 - apple_pie.n.01
        tray.n.01_1 - tray.n.01
        oven.n.01_1 - oven.n.01
        electric_refrigerator.n.01_1 - electric_refrigerator.n.01
        countertop.n.01_1 - countertop.n.01
        floor.n.01_1 - floor.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (inside apple_pie.n.01_1 electric_refrigerator.n.01_1)
        (frozen apple_pie.n.01_1)
        (inroom countertop.n.01_1 kitchen)
        (inroom oven.n.01_1 kitchen)
        (inroom floor.n.01_1 kitchen)
        (inroom electric_refrigerator.n.01_1 kitchen)
        (ontop agent.n.01_1 floor.n.01_1)
        (ontop tray.n.01_1 countertop.n.01_1)
    )
    (:goal (and (ontop apple_pie.n.01_1 tray.n.01_1) (inside apple_pie.n.01_1 oven.n.01_1) (cooked ?apple_pie.n.01_1)))
)`,
  // dirt as particle systems (cleaning_barbecue_grill, cleaning_high_chair): covered with dust and with stains
  covered_grill: `(define (problem covered_grill-0)
    (:domain omnigibson)
    (:objects
        stain.n.01_1 - stain.n.01
        dust.n.01_1 - dust.n.01
        grill.n.02_1 - grill.n.02
        rag.n.01_1 - rag.n.01
        sink.n.01_1 - sink.n.01
        countertop.n.01_1 - countertop.n.01
        floor.n.01_1 floor.n.01_2 - floor.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (inroom floor.n.01_2 garden)
        (ontop grill.n.02_1 floor.n.01_2)
        (covered grill.n.02_1 stain.n.01_1)
        (covered grill.n.02_1 dust.n.01_1)
        (ontop rag.n.01_1 countertop.n.01_1)
        (inroom countertop.n.01_1 kitchen)
        (inroom sink.n.01_1 kitchen)
        (inroom floor.n.01_1 kitchen)
        (ontop agent.n.01_1 floor.n.01_1)
    )
    (:goal (and (not (covered ?grill.n.02_1 ?stain.n.01_1)) (not (covered ?grill.n.02_1 ?dust.n.01_1))))
)`,
  // a wet rag as BEHAVIOR-1K writes it (making_tea's tea bag): saturated with water
  saturated_rag: `(define (problem saturated_rag-0)
    (:domain omnigibson)
    (:objects
        water.n.06_1 - water.n.06
        rag.n.01_1 - rag.n.01
        sink.n.01_1 - sink.n.01
        countertop.n.01_1 - countertop.n.01
        floor.n.01_1 - floor.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (ontop rag.n.01_1 countertop.n.01_1)
        (inroom countertop.n.01_1 kitchen)
        (inroom sink.n.01_1 kitchen)
        (inroom floor.n.01_1 kitchen)
        (ontop agent.n.01_1 floor.n.01_1)
    )
    (:goal (and (saturated ?rag.n.01_1 ?water.n.06_1) (ontop ?rag.n.01_1 ?countertop.n.01_1)))
)`,
  // three things into one box that must then go into the fridge (boxing_food_after_dinner): the box is
  // sized for its load, so the first two must not be set down where they leave no room for the third
  kabobs_in_a_box: `(define (problem kabobs_in_a_box-0)
    (:domain omnigibson)
    (:objects
        breakfast_table.n.01_1 - breakfast_table.n.01
        electric_refrigerator.n.01_1 - electric_refrigerator.n.01
        kabob.n.01_1 kabob.n.01_2 kabob.n.01_3 - kabob.n.01
        tupperware.n.01_1 - tupperware.n.01
        floor.n.01_1 - floor.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (ontop kabob.n.01_1 breakfast_table.n.01_1)
        (ontop kabob.n.01_2 breakfast_table.n.01_1)
        (ontop kabob.n.01_3 breakfast_table.n.01_1)
        (ontop tupperware.n.01_1 breakfast_table.n.01_1)
        (inroom electric_refrigerator.n.01_1 kitchen)
        (inroom breakfast_table.n.01_1 dining_room)
        (inroom floor.n.01_1 kitchen)
        (ontop agent.n.01_1 floor.n.01_1)
    )
    (:goal (and
        (forall (?kabob.n.01 - kabob.n.01) (inside ?kabob.n.01 ?tupperware.n.01_1))
        (inside ?tupperware.n.01_1 ?electric_refrigerator.n.01_1)
        (not (open ?electric_refrigerator.n.01_1))))
)`,
  // small appliances put away (rearranging_kitchen_furniture): a toaster is carried, not built in
  appliances_in_a_cabinet: `(define (problem appliances_in_a_cabinet-0)
    (:domain omnigibson)
    (:objects
        toaster.n.02_1 - toaster.n.02
        coffee_maker.n.01_1 - coffee_maker.n.01
        countertop.n.01_1 - countertop.n.01
        cabinet.n.01_1 cabinet.n.01_* - cabinet.n.01
        floor.n.01_1 - floor.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (ontop toaster.n.02_1 countertop.n.01_1)
        (ontop coffee_maker.n.01_1 countertop.n.01_1)
        (inroom floor.n.01_1 kitchen)
        (inroom countertop.n.01_1 kitchen)
        (inroom cabinet.n.01_1 kitchen)
        (inroom cabinet.n.01_* kitchen)
        (ontop agent.n.01_1 floor.n.01_1)
    )
    (:goal (and (exists (?cabinet.n.01 - cabinet.n.01) (and
        (inside toaster.n.02_1 ?cabinet.n.01) (inside coffee_maker.n.01_1 ?cabinet.n.01) (not (open ?cabinet.n.01))))))
)`,
  // plants watered where they grow, from a watering can that is a source of water (watering_outdoor_flowers)
  watering_from_a_can: WATERING_FROM_A_CAN,
  // four plants in each of two cartons (planting_flowers): the sampler packs them against the carton's sides
  plants_in_cartons: `(define (problem plants_in_cartons-0)
    (:domain omnigibson)
    (:objects
        lawn.n.01_1 - lawn.n.01
        pottable__dahlia.n.01_1 pottable__dahlia.n.01_2 pottable__dahlia.n.01_3 pottable__dahlia.n.01_4 - pottable__dahlia.n.01
        pot.n.04_1 pot.n.04_2 pot.n.04_3 pot.n.04_4 - pot.n.04
        carton.n.02_1 - carton.n.02
        floor.n.01_1 - floor.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (ontop carton.n.02_1 lawn.n.01_1)
        (inside pottable__dahlia.n.01_1 carton.n.02_1)
        (inside pottable__dahlia.n.01_2 carton.n.02_1)
        (inside pottable__dahlia.n.01_3 carton.n.02_1)
        (inside pottable__dahlia.n.01_4 carton.n.02_1)
        (ontop pot.n.04_1 lawn.n.01_1)
        (ontop pot.n.04_2 lawn.n.01_1)
        (ontop pot.n.04_3 lawn.n.01_1)
        (ontop pot.n.04_4 lawn.n.01_1)
        (inroom lawn.n.01_1 garden)
        (inroom floor.n.01_1 garden)
        (ontop agent.n.01_1 floor.n.01_1)
    )
    (:goal (forpairs (?pottable__dahlia.n.01 - pottable__dahlia.n.01) (?pot.n.04 - pot.n.04) (inside ?pottable__dahlia.n.01 ?pot.n.04)))
)`,
  // a dusty cabinet and a stained plate, each cleaned with its own tool (cleaning_up_the_kitchen_only): the
  // nearest tool for one changes as the agent walks to the other's, which must not make it turn back
  two_tools_two_chores: `(define (problem two_tools_two_chores-0)
    (:domain omnigibson)
    (:objects
        dust.n.01_1 - dust.n.01
        stain.n.01_1 - stain.n.01
        water.n.06_1 - water.n.06
        cabinet.n.01_1 cabinet.n.01_2 - cabinet.n.01
        plate.n.04_1 - plate.n.04
        rag.n.01_1 - rag.n.01
        broom.n.01_1 - broom.n.01
        dustpan.n.02_1 - dustpan.n.02
        soap.n.01_1 - soap.n.01
        detergent.n.02_1 - detergent.n.02
        sink.n.01_1 - sink.n.01
        countertop.n.01_1 - countertop.n.01
        floor.n.01_1 - floor.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (covered cabinet.n.01_1 dust.n.01_1)
        (covered cabinet.n.01_2 dust.n.01_1)
        (covered floor.n.01_1 dust.n.01_1)
        (covered plate.n.04_1 stain.n.01_1)
        (inside plate.n.04_1 cabinet.n.01_2)
        (inside rag.n.01_1 cabinet.n.01_1)
        (ontop broom.n.01_1 floor.n.01_1)
        (ontop dustpan.n.02_1 floor.n.01_1)
        (inside soap.n.01_1 cabinet.n.01_1)
        (ontop detergent.n.02_1 countertop.n.01_1)
        (insource sink.n.01_1 water.n.06_1)
        (inroom cabinet.n.01_1 kitchen)
        (inroom cabinet.n.01_2 kitchen)
        (inroom sink.n.01_1 kitchen)
        (inroom countertop.n.01_1 kitchen)
        (inroom floor.n.01_1 kitchen)
        (ontop agent.n.01_1 floor.n.01_1)
    )
    (:goal (and (not (covered ?cabinet.n.01_1 ?dust.n.01_1)) (not (covered ?cabinet.n.01_2 ?dust.n.01_1))
        (not (covered ?floor.n.01_1 ?dust.n.01_1)) (not (covered ?plate.n.04_1 ?stain.n.01_1))
        (inside ?plate.n.04_1 ?cabinet.n.01_2)))
)`,
  // furniture the goal carries out (carrying_out_garden_furniture): small pieces are carried, not built in
  chairs_out_to_the_lawn: `(define (problem chairs_out_to_the_lawn-0)
    (:domain omnigibson)
    (:objects
        lawn_chair.n.01_1 lawn_chair.n.01_2 - lawn_chair.n.01
        floor.n.01_1 - floor.n.01
        lawn.n.01_1 - lawn.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (ontop lawn_chair.n.01_1 floor.n.01_1)
        (ontop lawn_chair.n.01_2 floor.n.01_1)
        (inroom lawn.n.01_1 garden)
        (inroom floor.n.01_1 bedroom)
        (ontop agent.n.01_1 floor.n.01_1)
    )
    (:goal (forall (?lawn_chair.n.01 - lawn_chair.n.01) (ontop ?lawn_chair.n.01 ?lawn.n.01_1)))
)`,
};

describe("activity patterns of BEHAVIOR-1K files", () => {
  const src = scratch("bddl-patterns-src-");
  for (const [name, text] of Object.entries(ACTIVITIES)) {
    mkdirSync(path.join(src, name));
    writeFileSync(path.join(src, name, "problem0.bddl"), text);
  }

  it("imports all of them; the stray token is a warning with file, line and column in the notes", async () => {
    const out = scratch();
    const summary = await importBddl(src, { out, seeds: 2 });
    expect(summary.skipped).toEqual([]);
    const file = path.join(src, "stray_token_cap", "problem0.bddl");
    expect(summary.notes).toContain(`warning: ${file}: line 16, column 6: stray token '\\' between sections ignored (expected a section such as (:goal …))`);
    expect(summary.notes[0]).toBe("coverage: 11 of 11 activities imported, 0 skipped; 22 episodes");
  });

  it("the oracle solves each of them in houses sampled with seeds 0 to 5", async () => {
    const out = scratch();
    await importBddl(src, { out, seeds: 6 });
    const suite = readSuite(path.join(out, `${path.basename(out)}.suite.json`));
    expect(suite.episodes).toHaveLength(66);
    const failed = suite.episodes.map((e) => ({ id: e.id, ...solveWithOracle(out, e) })).filter((r) => !r.success);
    expect(failed.map((f) => `${f.id} (${f.steps} steps: ${f.actions.join(" ")})`)).toEqual([]);
  });
});

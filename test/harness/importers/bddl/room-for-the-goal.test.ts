/**
 * BEHAVIOR-1K activities whose houses left the goal, or the initial facts, no room, reproduced small:
 * - detergent to go under the sink, a toothbrush into a cup (sorting_household_items): the sink stood on the floor
 *   with no space under it, and the cup grew to 20 cm and still could not take the toothbrush lying down; the
 *   oracle failed at every seed;
 * - a stack of newspapers on a letter in a bookcase (sorting_newspapers_for_recycling): every layer grew 2.5 times
 *   for the one above it, until the stack fitted no bookcase;
 * - two apples in a bowl made for them (freeze_fruit): the first, set down mid-bowl, left the second no room;
 * - cartons of milk on a grocery shelf (distributing_groceries_at_food_bank): a "grocery shelf" was a 20 cm
 *   device, and a "carton of milk" a cardboard moving box;
 * - chairs, a mattress and cartons loaded into a van (packing_moving_van): chairs placed by room stayed fixed furniture,
 *   and a mattress was a 20 cm box;
 * - a steak under a sheet of wax paper in one of two food containers (freeze_meat): the steak grew for both
 *   sheets, four times their area, though the goal puts one of them (`exists`) on it, and no container took it.
 * Each imports, and the oracle solves all but the last in houses sampled with seeds 0 to 3. Not the steak: a larger
 * thing goes on a smaller one only centred over it, and the steak, put in the container first, stands in a corner,
 * where a centred sheet cuts into the walls.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bottomZ, topZ } from "../../../../sim/geometry/vertical.ts";
import { importActivities, readScene, readSuite, solveWithOracle } from "./helpers.ts";

const ACTIVITIES: Record<string, string> = {
  under_the_sink: `(define (problem under_the_sink-0)
    (:domain omnigibson)
    (:objects
        bottle__of__detergent.n.01_1 bottle__of__detergent.n.01_2 - bottle__of__detergent.n.01
        basket.n.01_1 - basket.n.01
        toothbrush.n.01_1 - toothbrush.n.01
        cup.n.01_1 - cup.n.01
        sink.n.01_1 - sink.n.01
        floor.n.01_1 floor.n.01_2 - floor.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (inside bottle__of__detergent.n.01_1 basket.n.01_1)
        (inside bottle__of__detergent.n.01_2 basket.n.01_1)
        (inside toothbrush.n.01_1 basket.n.01_1)
        (ontop basket.n.01_1 floor.n.01_1)
        (ontop cup.n.01_1 sink.n.01_1)
        (inroom floor.n.01_1 bedroom)
        (inroom floor.n.01_2 bathroom)
        (inroom sink.n.01_1 bathroom)
        (ontop agent.n.01_1 floor.n.01_1)
    )
    (:goal (and
        (forall (?bottle__of__detergent.n.01 - bottle__of__detergent.n.01) (under ?bottle__of__detergent.n.01 ?sink.n.01_1))
        (inside ?toothbrush.n.01_1 ?cup.n.01_1)
        (ontop ?cup.n.01_1 ?sink.n.01_1)))
)`,
  newspapers_on_a_letter: `(define (problem newspapers_on_a_letter-0)
    (:domain omnigibson)
    (:objects
        newspaper.n.03_1 newspaper.n.03_2 newspaper.n.03_3 - newspaper.n.03
        magazine.n.02_1 - magazine.n.02
        mail.n.04_1 - mail.n.04
        bookcase.n.01_1 - bookcase.n.01
        recycling_bin.n.01_1 - recycling_bin.n.01
        floor.n.01_1 - floor.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (inside mail.n.04_1 bookcase.n.01_1)
        (ontop newspaper.n.03_1 mail.n.04_1)
        (ontop magazine.n.02_1 newspaper.n.03_1)
        (ontop newspaper.n.03_2 magazine.n.02_1)
        (ontop newspaper.n.03_3 newspaper.n.03_2)
        (ontop recycling_bin.n.01_1 floor.n.01_1)
        (inroom bookcase.n.01_1 living_room)
        (inroom floor.n.01_1 living_room)
        (ontop agent.n.01_1 floor.n.01_1)
    )
    (:goal (forall (?newspaper.n.03 - newspaper.n.03) (inside ?newspaper.n.03 ?recycling_bin.n.01_1)))
)`,
  apples_in_a_bowl: `(define (problem apples_in_a_bowl-0)
    (:domain omnigibson)
    (:objects
        bowl.n.01_1 - bowl.n.01
        apple.n.01_1 apple.n.01_2 - apple.n.01
        countertop.n.01_1 - countertop.n.01
        electric_refrigerator.n.01_1 - electric_refrigerator.n.01
        floor.n.01_1 - floor.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (ontop bowl.n.01_1 countertop.n.01_1)
        (inside apple.n.01_1 bowl.n.01_1)
        (inside apple.n.01_2 bowl.n.01_1)
        (inroom countertop.n.01_1 kitchen)
        (inroom electric_refrigerator.n.01_1 kitchen)
        (inroom floor.n.01_1 kitchen)
        (ontop agent.n.01_1 floor.n.01_1)
    )
    (:goal (forall (?apple.n.01 - apple.n.01) (inside ?apple.n.01 ?electric_refrigerator.n.01_1)))
)`,
  milk_on_a_grocery_shelf: `(define (problem milk_on_a_grocery_shelf-0)
    (:domain omnigibson)
    (:objects
        carton__of__milk.n.01_1 carton__of__milk.n.01_2 carton__of__milk.n.01_3 - carton__of__milk.n.01
        grocery_shelf.n.01_1 - grocery_shelf.n.01
        box.n.01_1 - box.n.01
        floor.n.01_1 - floor.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (inside carton__of__milk.n.01_1 grocery_shelf.n.01_1)
        (inside carton__of__milk.n.01_2 grocery_shelf.n.01_1)
        (inside carton__of__milk.n.01_3 grocery_shelf.n.01_1)
        (ontop box.n.01_1 floor.n.01_1)
        (inroom grocery_shelf.n.01_1 grocery_store)
        (inroom floor.n.01_1 grocery_store)
        (ontop agent.n.01_1 floor.n.01_1)
    )
    (:goal (forall (?carton__of__milk.n.01 - carton__of__milk.n.01) (inside ?carton__of__milk.n.01 ?box.n.01_1)))
)`,
  loading_a_van: `(define (problem loading_a_van-0)
    (:domain omnigibson)
    (:objects
        van.n.05_1 - van.n.05
        mattress.n.01_1 - mattress.n.01
        carton.n.02_1 - carton.n.02
        chair.n.01_1 chair.n.01_2 - chair.n.01
        floor.n.01_1 - floor.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (ontop van.n.05_1 floor.n.01_1)
        (ontop mattress.n.01_1 floor.n.01_1)
        (ontop carton.n.02_1 floor.n.01_1)
        (inroom floor.n.01_1 garden)
        (inroom chair.n.01_1 garden)
        (inroom chair.n.01_2 garden)
        (ontop agent.n.01_1 floor.n.01_1)
    )
    (:goal (and (inside ?mattress.n.01_1 ?van.n.05_1) (inside ?carton.n.02_1 ?van.n.05_1)
        (forall (?chair.n.01 - chair.n.01) (inside ?chair.n.01 ?van.n.05_1))))
)`,
  steak_under_wax_paper: `(define (problem steak_under_wax_paper-0)
    (:domain omnigibson)
    (:objects
        steak.n.01_1 - steak.n.01
        tupperware.n.01_1 tupperware.n.01_2 - tupperware.n.01
        wax_paper.n.01_1 wax_paper.n.01_2 - wax_paper.n.01
        plate.n.04_1 - plate.n.04
        countertop.n.01_1 - countertop.n.01
        floor.n.01_1 - floor.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (ontop steak.n.01_1 plate.n.04_1)
        (ontop plate.n.04_1 countertop.n.01_1)
        (ontop tupperware.n.01_1 countertop.n.01_1)
        (ontop tupperware.n.01_2 countertop.n.01_1)
        (ontop wax_paper.n.01_1 countertop.n.01_1)
        (ontop wax_paper.n.01_2 countertop.n.01_1)
        (inroom countertop.n.01_1 kitchen)
        (inroom floor.n.01_1 kitchen)
        (ontop agent.n.01_1 floor.n.01_1)
    )
    (:goal (exists (?tupperware.n.01 - tupperware.n.01) (exists (?wax_paper.n.01 - wax_paper.n.01)
        (and (inside ?steak.n.01_1 ?tupperware.n.01) (ontop ?wax_paper.n.01 ?steak.n.01_1)))))
)`,
};

const SEEDS = 4;

describe("activities whose houses had no room for the goal", () => {
  const { out, imported } = importActivities(ACTIVITIES, SEEDS, "bddl-room-");
  const objectOf = (episode: string, id: string) => {
    const scene = readScene(path.join(out, "scenes", `${episode}.scene.json`));
    return scene.objects.find((o) => o.id === id)!;
  };

  it("imports every one at every seed", async () => {
    const summary = await imported;
    expect(summary.skipped).toEqual([]);
    expect(summary.notes[0]).toBe(`coverage: 6 of 6 activities imported, 0 skipped; ${6 * SEEDS} episodes`);
  });

  it("hangs the sink on the wall with room under it for the bottles, and stands the toothbrush up in a small cup", async () => {
    await imported;
    for (let seed = 0; seed < SEEDS; seed++) {
      const episode = `under_the_sink-0-s${seed}`;
      const sink = objectOf(episode, "sink_1");
      const bottle = objectOf(episode, "bottle_of_detergent_1");
      expect(bottomZ(sink.box)).toBeGreaterThanOrEqual(bottle.box.size.z);
      expect(topZ(sink.box)).toBeCloseTo(0.9, 6);
      const brush = objectOf(episode, "toothbrush_1").box.size;
      expect(brush.z).toBeGreaterThan(Math.max(brush.x, brush.y));
      const cup = objectOf(episode, "cup_1").box.size;
      expect(Math.max(cup.x, cup.y)).toBeLessThan(0.15);
    }
  });

  it("sizes packaged goods as products and a grocery shelf as a shelf, and grows no layer of a stack", async () => {
    await imported;
    const carton = objectOf("milk_on_a_grocery_shelf-0-s0", "carton_of_milk_1").box.size;
    expect(Math.max(carton.x, carton.y)).toBeLessThan(0.1);
    expect(objectOf("milk_on_a_grocery_shelf-0-s0", "grocery_shelf_1").kind).toBe("fixed");
    const letter = objectOf("newspapers_on_a_letter-0-s0", "mail_1").box.size;
    const newspaper = objectOf("newspapers_on_a_letter-0-s0", "newspaper_1").box.size;
    // the letter grows to the size of the newspaper on it, no layer grows for the ones above it
    expect([letter.x, letter.y].sort()).toEqual([0.22, 0.3]);
    expect([newspaper.x, newspaper.y].sort()).toEqual([0.22, 0.3]);
  });

  it("sizes for one of the things an exists names: the steak takes one sheet, and a container takes it under the sheet", async () => {
    await imported;
    for (let seed = 0; seed < SEEDS; seed++) {
      const episode = `steak_under_wax_paper-0-s${seed}`;
      // one sheet's footprint (grown for both sheets' area four times over, it was 0.5 × 0.3)
      const steak = objectOf(episode, "steak_1").box.size;
      expect([steak.x, steak.y]).toEqual([0.3, 0.22]);
      const sheet = objectOf(episode, "wax_paper_1").box.size;
      const box = objectOf(episode, "tupperware_1");
      const inner = [box.box.size.x, box.box.size.y].map((v) => v - 2 * box.wall!).sort();
      expect(inner[0]).toBeGreaterThanOrEqual(Math.min(sheet.x, sheet.y));
      expect(inner[1]).toBeGreaterThanOrEqual(Math.max(sheet.x, sheet.y));
    }
  });

  it("lets chairs placed by room be carried when the goal moves them, and sizes a mattress as one", async () => {
    await imported;
    for (let seed = 0; seed < SEEDS; seed++) {
      const episode = `loading_a_van-0-s${seed}`;
      expect(objectOf(episode, "chair_1").kind).toBe("carryable");
      expect(objectOf(episode, "van_1").kind).toBe("fixed");
      expect(objectOf(episode, "mattress_1").box.size.x).toBeGreaterThan(1.5);
    }
  });

  it("the oracle solves all but the steak at every seed", async () => {
    await imported;
    const suite = readSuite(path.join(out, `${path.basename(out)}.suite.json`));
    expect(suite.episodes).toHaveLength(6 * SEEDS);
    const solvable = suite.episodes.filter((e) => !e.id.startsWith("steak_under_wax_paper"));
    const failed = solvable.map((e) => ({ id: e.id, ...solveWithOracle(out, e) })).filter((r) => !r.success);
    expect(failed.map((f) => `${f.id} (${f.steps} steps: ${f.actions.join(" ")})`)).toEqual([]);
  });
});

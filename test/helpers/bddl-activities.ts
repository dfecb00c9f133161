/**
 * BDDL activity texts that more than one test imports: patterns of real BEHAVIOR-1K files, reproduced small.
 */

/** Plants watered where they grow, from a watering can that is a source of water (watering_outdoor_flowers). */
export const WATERING_FROM_A_CAN = `(define (problem watering_from_a_can-0)
    (:domain omnigibson)
    (:objects
        watering_can.n.01_1 - watering_can.n.01
        water.n.06_1 - water.n.06
        floor.n.01_1 - floor.n.01
        flower.n.02_1 - flower.n.02
        scrub.n.01_1 scrub.n.01_2 - scrub.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (insource watering_can.n.01_1 water.n.06_1)
        (ontop watering_can.n.01_1 floor.n.01_1)
        (inroom floor.n.01_1 garden)
        (inroom flower.n.02_1 garden)
        (inroom scrub.n.01_1 garden)
        (inroom scrub.n.01_2 garden)
        (ontop agent.n.01_1 floor.n.01_1)
    )
    (:goal (and (forall (?scrub.n.01 - scrub.n.01) (saturated ?scrub.n.01 ?water.n.06_1)) (saturated ?flower.n.02_1 ?water.n.06_1)))
)`;

/**
 * BEHAVIOR-1K's getting_organized_for_work as written: the keyboard starts on the notebook, the pen on the folder;
 * the goal puts the pen on the notebook, the notebook on the folder, and a chain of neighbours on the desk.
 */
export const GETTING_ORGANIZED_FOR_WORK = `(define (problem getting_organized_for_work-0)
    (:domain omnigibson)
    (:objects
        mouse.n.04_1 - mouse.n.04
        swivel_chair.n.01_1 - swivel_chair.n.01
        keyboard.n.01_1 - keyboard.n.01
        notebook.n.01_1 - notebook.n.01
        pen.n.01_1 - pen.n.01
        folder.n.02_1 - folder.n.02
        desk.n.01_1 - desk.n.01
        floor.n.01_1 - floor.n.01
        computer.n.01_1 - computer.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (ontop mouse.n.04_1 swivel_chair.n.01_1)
        (ontop keyboard.n.01_1 notebook.n.01_1)
        (ontop pen.n.01_1 folder.n.02_1)
        (ontop notebook.n.01_1 desk.n.01_1)
        (ontop folder.n.02_1 swivel_chair.n.01_1)
        (ontop computer.n.01_1 desk.n.01_1)
        (inroom desk.n.01_1 shared_office)
        (inroom floor.n.01_1 shared_office)
        (inroom swivel_chair.n.01_1 shared_office)
        (ontop agent.n.01_1 floor.n.01_1)
    )
    (:goal
        (and
            (nextto ?keyboard.n.01_1 ?computer.n.01_1)
            (ontop ?keyboard.n.01_1 ?desk.n.01_1)
            (ontop ?computer.n.01_1 ?desk.n.01_1)
            (nextto ?mouse.n.04_1 ?keyboard.n.01_1)
            (ontop ?mouse.n.04_1 ?desk.n.01_1)
            (nextto ?folder.n.02_1 ?mouse.n.04_1)
            (ontop ?notebook.n.01_1 ?folder.n.02_1)
            (ontop ?pen.n.01_1 ?notebook.n.01_1)
        )
    )
)`;

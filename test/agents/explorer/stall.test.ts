/**
 * An explorer that goes round in circles stops: BEHAVIOR-1K's stacking_wood in small, exactly two of three logs
 * on the table (`forn` counts exactly) and every log on it. No state satisfies both; the explorer puts the third
 * log on, takes one off, puts it back… and calls done() long before the step budget runs out.
 */
import { describe, expect, it } from "vitest";
import { ExplorerAgent } from "../../../agents/explorer/explorer-agent.ts";
import { importActivities, solveWithOracle } from "../../harness/importers/bddl/helpers.ts";

const CONTRADICTION = `(define (problem three_logs-0)
    (:domain omnigibson)
    (:objects
        log.n.01_1 log.n.01_2 log.n.01_3 - log.n.01
        table.n.02_1 - table.n.02
        floor.n.01_1 - floor.n.01
        agent.n.01_1 - agent.n.01
    )
    (:init
        (ontop log.n.01_1 floor.n.01_1)
        (ontop log.n.01_2 floor.n.01_1)
        (ontop log.n.01_3 floor.n.01_1)
        (inroom table.n.02_1 garage)
        (inroom floor.n.01_1 garage)
        (ontop agent.n.01_1 floor.n.01_1)
    )
    (:goal (and
        (forn (2) (?log.n.01 - log.n.01) (ontop ?log.n.01 ?table.n.02_1))
        (forall (?log.n.01 - log.n.01) (ontop ?log.n.01 ?table.n.02_1))))
)`;

describe("the explorer's stall rule", () => {
  it("calls done() after maxStallSteps steps without progress, far within the budget", async () => {
    const { out, episodes } = importActivities({ three_logs: CONTRADICTION }, 1, "stall-");
    const [episode] = await episodes();
    const budget = { ...episode!, maxSteps: 1000 };
    const run = solveWithOracle(out, budget, new ExplorerAgent({ maxStallSteps: 40 }));
    expect(run.success).toBe(false);
    expect(run.actions.at(-1)).toBe("done");
    // it worked on the logs, then went round, then stopped: 40 steps of no progress, not 1,000
    expect(run.actions.filter((a) => a === "place").length).toBeGreaterThan(3);
    expect(run.steps).toBeLessThan(200);
    // without the rule it runs to the end of the budget
    const endless = solveWithOracle(out, budget, new ExplorerAgent({ maxStallSteps: 1e9 }));
    expect(endless.steps).toBe(1000);
  });
});

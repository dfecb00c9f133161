/**
 * A chain of neighbours on a desk (BEHAVIOR-1K's getting_organized_for_work: computer, keyboard, mouse, folder, each
 * next to the one before). When the mouse has been set down where nothing more fits beside it, the folder finds no
 * room; moving the mouse to the folder instead takes it away from the keyboard, and the two `nextto`s undo each
 * other. The oracle sets the mouse down again beside the keyboard, elsewhere along it, then brings the folder (and
 * so for every link). At seed 1 the plain ways failed: a link went to and fro between its two neighbours until the
 * oracle gave up.
 */
import { describe, expect, it } from "vitest";
import { OracleAgent } from "../../../../agents/oracle/oracle-agent.ts";
import { GETTING_ORGANIZED_FOR_WORK } from "../../../helpers/bddl-activities.ts";
import { importActivities, solveWithOracle } from "../../../harness/importers/bddl/helpers.ts";

describe("the oracle's reseat-then-move way for a nextto", () => {
  it("builds the desk's chain of neighbours at seeds 0-4", async () => {
    const { out, episodes } = importActivities({ getting_organized_for_work: GETTING_ORGANIZED_FOR_WORK }, 5, "reseat-");
    for (const episode of await episodes()) {
      const agent = new OracleAgent({});
      const ways: string[] = [];
      const act = agent.act.bind(agent);
      agent.act = (obs) => {
        const action = act(obs);
        ways.push(String(agent.lastStepInfo.oracle ?? ""));
        return action;
      };
      const run = solveWithOracle(out, episode, agent);
      expect(run.success, episode.id).toBe(true);
      // at seed 1 a link of the chain had to be reseated (the keyboard beside the mouse, for the computer)
      if (episode.seed === 1) expect(ways.some((w) => w.includes("reseat("))).toBe(true);
    }
  }, 60_000);
});

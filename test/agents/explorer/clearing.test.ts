/**
 * The explorer clears a small top of what is bound elsewhere before it sets something on that top. BEHAVIOR-1K's
 * getting_organized_for_work: the keyboard starts on the notebook, the pen on the folder; the goal puts the pen on
 * the notebook and the notebook on the folder. Each top holds one of them at a time, so the keyboard goes first,
 * then the pen (onto the notebook), then the notebook, carrying the pen, onto the folder.
 */
import { describe, expect, it } from "vitest";
import { ExplorerAgent } from "../../../agents/explorer/explorer-agent.ts";
import type { Action } from "../../../sim/actions.ts";
import { GETTING_ORGANIZED_FOR_WORK } from "../../helpers/bddl-activities.ts";
import { importActivities, solveWithOracle } from "../../harness/importers/bddl/helpers.ts";


/** Index of the first `place` of `object` onto `target` among the actions taken (-1: none). */
const placed = (taken: Action[], object: string, target: string): number =>
  taken.findIndex((a) => a.type === "place" && a.object === object && a.target === target);

describe("the explorer's work order", () => {
  it("clears a small top of what goes elsewhere before setting something on it (seeds 0-3)", async () => {
    const { out, episodes } = importActivities({ getting_organized_for_work: GETTING_ORGANIZED_FOR_WORK }, 4, "clearing-");
    for (const episode of await episodes()) {
      const run = solveWithOracle(out, episode, new ExplorerAgent());
      expect(run.success, `seed ${episode.seed}`).toBe(true);
      const penOnNotebook = placed(run.taken, "pen_1", "notebook_1");
      const notebookOnFolder = placed(run.taken, "notebook_1", "folder_1");
      expect(penOnNotebook, `seed ${episode.seed}`).toBeGreaterThanOrEqual(0);
      // the pen leaves the folder (onto the notebook) before the notebook is set on the folder
      expect(penOnNotebook, `seed ${episode.seed}`).toBeLessThan(notebookOnFolder);
      // and the keyboard is off the notebook before the pen goes on it
      const keyboardMoved = run.taken.findIndex((a) => a.type === "place" && a.object === "keyboard_1");
      expect(keyboardMoved, `seed ${episode.seed}`).toBeLessThan(penOnNotebook);
    }
  }, 60_000);
});

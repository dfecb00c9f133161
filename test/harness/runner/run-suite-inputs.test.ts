/**
 * `rearrange run` checks every input before the first episode (a missing scene fails at once, not halfway):
 * a task with a predicate the simulator does not know, an instance left unbound or bound to an object its
 * scene lacks is an input error naming the task file and the place — never an internal error mid-run.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runSuite } from "../../../harness/runner/run-suite.ts";
import { InputError, InputErrors } from "../../../sim/errors.ts";
import { runOptions, writeTinySuite } from "../../reliability/helpers/tiny-suite.ts";

/** What runSuite rejects with, as a list of InputErrors (anything else fails the test). */
async function inputProblems(run: Promise<unknown>): Promise<InputError[]> {
  try {
    await run;
  } catch (err) {
    if (err instanceof InputErrors) return err.problems;
    if (err instanceof InputError) return [err];
    throw err;
  }
  throw new Error("expected the run to be refused");
}

/** Rewrites the tiny suite's task `id` with `edit`; returns its path. */
function editTask(dir: string, id: string, edit: (t: { bddl: string; bindings: Record<string, string> }) => void): string {
  const file = path.join(dir, "tasks", `${id}.task.json`);
  const t = JSON.parse(readFileSync(file, "utf8"));
  edit(t);
  writeFileSync(file, JSON.stringify(t));
  return file;
}

describe("runSuite refuses tasks it cannot run before any episode", () => {
  it("an unknown goal predicate: an InputError naming the task file, $.bddl, line and column", async () => {
    const s = writeTinySuite({ episodes: 4 });
    const task = editTask(s.dir, "apple-in-basket", (t) => (t.bddl = t.bddl.replace("(inside ", "(insidee ")));
    const out = path.join(s.dir, "out");
    const problems = await inputProblems(runSuite(runOptions(s.suite, out)));
    expect(problems.map((p) => p.message)).toEqual([expect.stringMatching(/^.*apple-in-basket\.task\.json \(\$\.bddl\): line 1, column \d+: predicate "insidee" is not supported by the simulator/)]);
    expect(problems[0]!.file).toContain(path.basename(task));
    expect(existsSync(out)).toBe(false);
  });

  it("an unbound instance and a binding to an object the scene lacks: every problem, each naming its task file", async () => {
    const s = writeTinySuite({ episodes: 4 });
    editTask(s.dir, "apple-in-basket", (t) => delete t.bindings["basket.n.01_1"]);
    editTask(s.dir, "lamp-on", (t) => (t.bindings["lamp.n.02_1"] = "no_such_lamp"));
    const out = path.join(s.dir, "out");
    const messages = (await inputProblems(runSuite(runOptions(s.suite, out)))).map((p) => p.message);
    expect(messages).toEqual([
      expect.stringMatching(/apple-in-basket\.task\.json: \$\.bindings: instance "basket\.n\.01_1" \(basket\.n\.01\) is not bound to a scene object$/),
      expect.stringMatching(/lamp-on\.task\.json: \$\.bindings\["lamp\.n\.02_1"\]: scene .*tiny\.scene\.json has no object "no_such_lamp"$/),
    ]);
    expect(existsSync(out)).toBe(false);
  });
});

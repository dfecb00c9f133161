/**
 * Bad task and suite files: random JSON and valid files with hostile edits (wrong types, missing fields,
 * huge numbers, `__proto__` keys, deep nesting, a BDDL text replaced by garbage). Loading gives the file
 * or InputErrors naming file, place and reason; a task that loads binds to a scene or fails with an
 * InputError, and then steps without the simulator throwing; prototypes stay clean.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { planEpisodes } from "../../../harness/runner/plan.ts";
import { loadSuite } from "../../../harness/suite/load.ts";
import { RearrangeEnv } from "../../../sim/env.ts";
import { loadTaskFile } from "../../../sim/task/load.ts";
import { tinyFlat } from "../../helpers/scenes.ts";
import { jsonPathText, loadOrInputErrors, mutateToText, mutationArb, prototypesClean } from "../helpers/json-mutation.ts";
import { tinyTask } from "../helpers/tiny-suite.ts";
import { FUZZ_RUNS } from "./fuzz-runs.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "task-suite-fuzz-"));
let n = 0;
/** Writes text to a fresh file in the temp folder and returns its path. */
const write = (text: string, ext: string) => {
  const file = path.join(dir, `f${n++}.${ext}`);
  writeFileSync(file, text);
  return file;
};

/** A task with a wildcard category bound to a list: the binding code's hardest case. */
const WILDCARD_TASK = {
  schemaVersion: 1,
  id: "apples-in-basket",
  instruction: "Put every apple in the basket.",
  bddl: "(define (problem apples) (:domain igibson) (:objects apple.n.01_1 apple.n.01_* - apple.n.01 basket.n.01_1 - basket.n.01 agent.n.01_1 - agent.n.01) (:init) (:goal (forall (?a - apple.n.01) (inside ?a ?basket.n.01_1))))",
  bindings: { "apple.n.01_1": "apple_1", "apple.n.01_*": ["apple_2"], "basket.n.01_1": "basket_1", "agent.n.01_1": "agent" },
  family: "wildcard",
  tags: ["forall"],
};
const TASKS = [tinyTask(0), tinyTask(1), WILDCARD_TASK];
const SCENE = tinyFlat();

/** Binds a loaded task to the tiny flat and takes a few steps: InputErrors (bad bindings) are fine, nothing else. */
function bindAndStep(file: string): void {
  const task = loadTaskFile(file);
  const r = loadOrInputErrors(() => {
    const env = new RearrangeEnv({ scene: SCENE, task, seed: 3, maxSteps: 6 });
    env.reset(3);
    return env;
  }, file);
  if (!r.ok) return;
  for (const a of [{ type: "explore", room: "kitchen" }, { type: "navigate", target: "apple_1" }, { type: "pick", object: "apple_1" }, { type: "navigate", target: "basket_1" }, { type: "place", object: "apple_1", relation: "inside", target: "basket_1" }, { type: "done" }]) {
    const step = r.value.step(a);
    expect(step.info.satisfied.every((i) => i >= 0 && i < r.value.tracker.conditions.length)).toBe(true);
    if (step.terminated || step.truncated) break;
  }
}

describe("task loader on hostile input", () => {
  it("random JSON values", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom("json", "yaml"), (value, ext) => {
        const file = write(JSON.stringify(value) ?? "null", `task.${ext}`);
        loadOrInputErrors(() => loadTaskFile(file), file);
        expect(prototypesClean()).toBe(true);
      }),
      { numRuns: FUZZ_RUNS.taskRandomJson },
    );
  });

  it("valid tasks with hostile edits: refused with a place, or loaded, bound and stepped", () => {
    fc.assert(
      fc.property(fc.constantFrom(...TASKS.keys()), fc.array(mutationArb, { minLength: 1, maxLength: 3 }), fc.constantFrom("json", "yaml"), (t, mutations, ext) => {
        const { text, applied } = mutateToText(TASKS[t], mutations);
        const file = write(text, `task.${ext}`);
        const r = loadOrInputErrors(() => loadTaskFile(file), file);
        expect(prototypesClean()).toBe(true);
        if (r.ok) bindAndStep(file);
        const [one] = applied;
        if (applied.length !== 1 || !one || one.path.includes("bindings")) return;
        // an unknown key outside `bindings` is refused, naming it
        if (one.mutation.op === "addKey" && one.before && typeof one.before === "object" && !Array.isArray(one.before) && !Object.hasOwn(one.before, one.mutation.key)) {
          expect(r.ok).toBe(false);
          if (!r.ok) expect(r.errors.some((e) => e.where === jsonPathText(one.path) || (e.where ?? "").startsWith("line "))).toBe(true);
        }
      }),
      { numRuns: FUZZ_RUNS.taskMutations },
    );
  }, 60_000);

  it("a __proto__ binding cannot reach the prototype of bindings or of anything else", () => {
    const text = JSON.stringify(WILDCARD_TASK).replace('"bindings":{', '"bindings":{"__proto__":{"polluted":"apple_1"},');
    for (const ext of ["json", "yaml"]) {
      const file = write(text, `task.${ext}`);
      const r = loadOrInputErrors(() => loadTaskFile(file), file);
      if (r.ok) {
        expect(Object.getPrototypeOf(r.value.task.bindings)).toBe(Object.prototype);
        expect((r.value.task.bindings as Record<string, unknown>).polluted).toBeUndefined();
      }
      expect(prototypesClean()).toBe(true);
    }
  });
});

describe("suite loader on hostile input", () => {
  const SUITE = {
    schemaVersion: 1,
    id: "s",
    description: "d",
    episodes: [
      { id: "a", scene: "tiny.scene.json", task: "t.task.json", seed: 1, maxSteps: 10 },
      { id: "b.2", scene: "tiny.scene.json", task: "u.task.json" },
    ],
  };

  it("random JSON values", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const file = write(JSON.stringify(value) ?? "null", "suite.json");
        loadOrInputErrors(() => loadSuite(file), file);
        expect(prototypesClean()).toBe(true);
      }),
      { numRuns: FUZZ_RUNS.suiteRandomJson },
    );
  });

  it("a valid suite with hostile edits: refused with a place, or loaded and planned with sane episodes", () => {
    fc.assert(
      fc.property(fc.array(mutationArb, { minLength: 1, maxLength: 3 }), fc.constantFrom("json", "yaml"), (mutations, ext) => {
        const { text } = mutateToText(SUITE, mutations);
        const file = write(text, `suite.${ext}`);
        const r = loadOrInputErrors(() => loadSuite(file), file);
        expect(prototypesClean()).toBe(true);
        if (!r.ok) return;
        // what loads is usable as it is: ids name files, seeds and budgets are whole numbers
        const planned = planEpisodes(r.value.suite.episodes, { seed: null, maxSteps: null, episodes: null, repeat: 2, shard: null });
        expect(planned).toHaveLength(2 * r.value.suite.episodes.length);
        for (const p of planned) {
          expect(p.key).toMatch(/^[A-Za-z0-9_.:@+~-]+$/);
          expect(Number.isSafeInteger(p.seed) && p.seed >= 0).toBe(true);
          expect(Number.isSafeInteger(p.maxSteps) && p.maxSteps > 0).toBe(true);
        }
      }),
      { numRuns: FUZZ_RUNS.suiteMutations },
    );
  });
});

/**
 * loadTaskFile checks what the task alone shows before any episode: predicates the simulator evaluates
 * (else `run` died later with "internal error: RangeError: unknown predicate") and bindings for every
 * declared instance (else `run` died at reset). Every problem names the file and the place.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError, InputErrors } from "../../../sim/errors.ts";
import { bindingProblems, sceneObjectIds, TaskBinding } from "../../../sim/task/binding.ts";
import { loadTaskFile } from "../../../sim/task/load.ts";
import { loadWorld } from "../../../sim/world/load-world.ts";
import { tinyFlat } from "../../helpers/scenes.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const TASKS = path.join(ROOT, "scenes/tasks");
const APPLES = JSON.parse(readFileSync(path.join(TASKS, "flat-apples-fridge.task.json"), "utf8")) as { bddl: string; bindings: Record<string, string> };

const dir = mkdtempSync(path.join(os.tmpdir(), "task-load-"));
let n = 0;
const write = (content: string, name = `t${n++}.task.json`) => {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
};
const task = (edit: (t: typeof APPLES) => void) => {
  const t = structuredClone(APPLES);
  edit(t);
  return write(JSON.stringify(t, null, 2));
};

/** Every InputError `fn` throws (one, or the problems of an InputErrors); fails when it throws anything else or nothing. */
function problemsOf(fn: () => unknown): InputError[] {
  try {
    fn();
  } catch (err) {
    if (err instanceof InputErrors) return err.problems;
    if (err instanceof InputError) return [err];
    throw err;
  }
  throw new Error("expected InputError(s)");
}

describe("loadTaskFile", () => {
  it("loads every bundled task", () => {
    for (const f of readdirSync(TASKS).filter((f) => f.endsWith(".task.json"))) expect(() => loadTaskFile(path.join(TASKS, f)), f).not.toThrow();
  });

  it("refuses an unknown predicate in an inline goal, naming the task file, $.bddl, line and column", () => {
    const file = task((t) => (t.bddl = t.bddl.replace("(inside ?apple.n.01 ?electric_refrigerator.n.01_1)", "(insidee ?apple.n.01 ?electric_refrigerator.n.01_1)")));
    const [p, ...rest] = problemsOf(() => loadTaskFile(file));
    expect(rest).toEqual([]);
    expect(p!.file).toBe(`${file} ($.bddl)`);
    expect(p!.where).toMatch(/^line \d+, column \d+$/);
    expect(p!.reason).toMatch(/^predicate "insidee" is not supported by the simulator/);
  });

  it("refuses an unknown predicate in a bddlFile and in a bare .bddl, naming the BDDL file", () => {
    const bddl = write(APPLES.bddl.replace("(not (open electric_refrigerator.n.01_1))", "(not (opened electric_refrigerator.n.01_1))"), "problem0.bddl");
    const { bddl: _inline, ...rest } = APPLES;
    const viaTask = write(JSON.stringify({ ...rest, bddlFile: "problem0.bddl" }));
    for (const file of [bddl, viaTask]) {
      const [p] = problemsOf(() => loadTaskFile(file));
      expect(p!.file).toBe(bddl);
      expect(p!.message).toMatch(/problem0\.bddl: line 16, column \d+: predicate "opened" is not supported/);
    }
  });

  it("refuses a declared instance without a binding, naming the task file and $.bindings", () => {
    const file = task((t) => delete t.bindings["apple.n.01_1"]);
    expect(problemsOf(() => loadTaskFile(file)).map((p) => p.message)).toEqual([`${file}: $.bindings: instance "apple.n.01_1" (apple.n.01) is not bound to a scene object`]);
  });

  it("reports every problem of a task at once: predicates and bindings", () => {
    const file = task((t) => {
      t.bddl = t.bddl.replace("(inside ?apple.n.01 ", "(insidee ?apple.n.01 ").replace("(ontop apple.n.01_1 ", "(on_top apple.n.01_1 ");
      delete t.bindings["stand.n.04_1"];
      t.bindings["pear.n.01_1"] = "apple_counter";
    });
    const messages = problemsOf(() => loadTaskFile(file)).map((p) => p.message);
    expect(messages).toHaveLength(4);
    expect(messages[0]).toMatch(/\(\$\.bddl\): line \d+, column \d+: predicate "on_top" is not supported/);
    expect(messages[1]).toMatch(/\(\$\.bddl\): line \d+, column \d+: predicate "insidee" is not supported/);
    expect(messages[2]).toBe(`${file}: $.bindings["pear.n.01_1"]: "pear.n.01_1" is not declared in the BDDL :objects`);
    expect(messages[3]).toBe(`${file}: $.bindings: instance "stand.n.04_1" (stand.n.04) is not bound to a scene object`);
  });

  it("reports exactly the instances left unbound, whichever they are (property)", () => {
    const instances = Object.keys(APPLES.bindings).filter((k) => !k.startsWith("agent."));
    fc.assert(
      fc.property(fc.subarray(instances, { minLength: 1 }), (removed) => {
        const file = task((t) => removed.forEach((k) => delete t.bindings[k]));
        const named = problemsOf(() => loadTaskFile(file)).map((p) => /instance "([^"]+)"/.exec(p.message)?.[1]);
        expect(named.sort()).toEqual([...removed].sort());
      }),
      { numRuns: 30 },
    );
  });
});

describe("bindingProblems against a scene", () => {
  const scene = tinyFlat();
  const t = { schemaVersion: 1, id: "t", instruction: "Put the apple in the basket.", bindings: { "apple.n.01_1": "apple_1", "basket.n.01_1": "no_such_basket", "floor.n.01_1": "floor_kitchen" } };
  const bddl = "(define (problem p) (:domain igibson) (:objects apple.n.01_1 - apple.n.01 basket.n.01_1 - basket.n.01 floor.n.01_1 - floor.n.01 agent.n.01_1 - agent.n.01) (:init) (:goal (inside ?apple.n.01_1 ?basket.n.01_1)))";

  it("names a bound object the scene lacks (floors the world adds count as objects)", () => {
    expect(sceneObjectIds(scene).has("floor_kitchen")).toBe(true);
    const file = write(JSON.stringify({ ...t, bddl }));
    const loaded = loadTaskFile(file);
    const ids = sceneObjectIds(scene);
    expect(bindingProblems(loaded.problem, loaded.task.bindings, file, (id) => ids.has(id), "tiny.scene.json").map((p) => p.message)).toEqual([
      `${file}: $.bindings["basket.n.01_1"]: scene tiny.scene.json has no object "no_such_basket"`,
    ]);
    // binding to the world refuses the same, as an InputError
    expect(problemsOf(() => new TaskBinding(loaded.problem, loaded.task.bindings, loadWorld(scene, "tiny"), file)).map((p) => p.message)).toEqual([
      `${file}: $.bindings["basket.n.01_1"]: scene has no object "no_such_basket"`,
    ]);
  });
});

/**
 * `rearrange validate` reports what `run` would trip on, and every problem of a file, not the first:
 * unknown predicates and unbound instances in tasks, a suite's schema problems together with its
 * reference checks, every bad line of a trajectory (up to a cap, then a count).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolveRelative } from "../../../harness/suite/load.ts";
import { TRAJECTORY_PROBLEM_LIMIT, validateFiles } from "../../../harness/validate/validate-files.ts";
import { episode } from "../trajectory/builders.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const APPLES = path.join(ROOT, "scenes/tasks/flat-apples-fridge.task.json");
const FLAT = path.join(ROOT, "scenes/houses/flat.scene.json");

const dir = mkdtempSync(path.join(os.tmpdir(), "validate-problems-"));
let n = 0;
/** A fresh sub-folder of the temp folder. */
const folder = () => {
  const d = path.join(dir, `d${n++}`);
  mkdirSync(d);
  return d;
};
const appleTask = (edit: (t: { bddl: string; bindings: Record<string, string> }) => void, where = folder()) => {
  const t = JSON.parse(readFileSync(APPLES, "utf8"));
  edit(t);
  const file = path.join(where, "flat-apples-fridge.task.json");
  writeFileSync(file, JSON.stringify(t, null, 2));
  return file;
};
const insidee = (t: { bddl: string }) => (t.bddl = t.bddl.replace("(inside ?apple.n.01 ?electric_refrigerator.n.01_1)", "(insidee ?apple.n.01 ?electric_refrigerator.n.01_1)"));

describe("validate: tasks and BDDL files the simulator cannot run", () => {
  it("reports a task whose goal uses an unknown predicate, with file, $.bddl, line and column", async () => {
    const file = appleTask(insidee);
    const [r] = await validateFiles([file]);
    expect(r).toMatchObject({ kind: "task", ok: false });
    expect(r!.problems).toHaveLength(1);
    expect(r!.problems[0]).toMatch(new RegExp(`^${escape(file)} \\(\\$\\.bddl\\): line 29, column 17: predicate "insidee" is not supported by the simulator \\(supported: .*\\binside\\b.*\\)$`));
  });

  it("reports unknown predicates of a .bddl file in :init and :goal, each with line and column", async () => {
    const t = JSON.parse(readFileSync(APPLES, "utf8")) as { bddl: string };
    const file = path.join(folder(), "problem0.bddl");
    writeFileSync(file, t.bddl.replace("(ontop apple.n.01_1 countertop.n.01_1)", "(on_top apple.n.01_1 countertop.n.01_1)").replace("(inside ?apple.n.01 ", "(insidee ?apple.n.01 "));
    const [r] = await validateFiles([file]);
    expect(r!.ok).toBe(false);
    expect(r!.problems).toEqual([
      expect.stringMatching(new RegExp(`^${escape(file)}: line 14, column 9: predicate "on_top" is not supported`)),
      expect.stringMatching(new RegExp(`^${escape(file)}: line 29, column 17: predicate "insidee" is not supported`)),
    ]);
  });

  it("reports a goal instance with no binding, naming the task file and $.bindings", async () => {
    const file = appleTask((t) => delete t.bindings["apple.n.01_1"]);
    const [r] = await validateFiles([file]);
    expect(r!.problems).toEqual([`${file}: $.bindings: instance "apple.n.01_1" (apple.n.01) is not bound to a scene object`]);
  });

  it("still passes every bundled scene, task and suite", async () => {
    const files = ["scenes/suites/default.suite.json", "scenes/suites/smoke.suite.json", APPLES, FLAT].map((f) => path.resolve(ROOT, f));
    for (const r of await validateFiles(files)) expect(r.problems, r.file).toEqual([]);
  });
});

describe("validate: a suite", () => {
  const suiteFile = (where: string, episodes: unknown[]) => {
    const file = path.join(where, "s.suite.json");
    writeFileSync(file, JSON.stringify({ schemaVersion: 1, id: "s", episodes }, null, 2));
    return file;
  };

  it("reports a schema problem (duplicate episode id) and a missing scene file, both", async () => {
    const d = folder();
    cpSync(APPLES, path.join(d, "t.task.json"));
    const file = suiteFile(d, [
      { id: "a", scene: FLAT, task: "t.task.json" },
      { id: "a", scene: FLAT, task: "t.task.json" },
      { id: "b", scene: "missing.scene.json", task: "t.task.json" },
    ]);
    const [r] = await validateFiles([file]);
    expect(r!.problems).toEqual([
      `${file}: $.episodes[1].id: duplicate episode id "a"`,
      expect.stringMatching(new RegExp(`^${escape(file)}: \\$\\.episodes\\[2\\]\\.scene: scene file .*missing\\.scene\\.json does not exist$`)),
    ]);
  });

  it("reports what run would refuse in the files it names: a task's unknown predicate, a binding to an object the scene lacks — once each", async () => {
    const d = folder();
    const bad = appleTask(insidee, d);
    const lamp = JSON.parse(readFileSync(path.join(ROOT, "scenes/tasks/flat-bedside-lamp.task.json"), "utf8"));
    const lampKey = Object.keys(lamp.bindings).find((k) => k.startsWith("lamp."))!;
    lamp.bindings[lampKey] = "no_such_lamp";
    writeFileSync(path.join(d, "lamp.task.json"), JSON.stringify(lamp));
    const file = suiteFile(d, [
      { id: "a", scene: FLAT, task: "flat-apples-fridge.task.json" },
      { id: "b", scene: FLAT, task: "flat-apples-fridge.task.json", seed: 1 },
      { id: "c", scene: FLAT, task: "lamp.task.json" },
    ]);
    const [r] = await validateFiles([file]);
    expect(r!.ok).toBe(false);
    expect(r!.problems).toEqual([
      expect.stringMatching(new RegExp(`^${escape(bad)} \\(\\$\\.bddl\\): line 29, column 17: predicate "insidee" is not supported`)),
      // the scene as the suite names it, resolved (cwd-relative under the working folder)
      `${path.join(d, "lamp.task.json")}: $.bindings["${lampKey}"]: scene ${resolveRelative(file, FLAT)} has no object "no_such_lamp"`,
    ]);
  });
});

describe("validate: a trajectory", () => {
  /** A valid trajectory with `steps` steps: header on line 1, steps on lines 2…steps+1, end last. */
  const trajectory = (steps: number) => {
    let b = episode({ id: "e1", conditions: 2 });
    for (let i = 0; i < steps; i++) b = b.act({ type: "navigate", target: "kitchen" });
    return b.done().end("done").jsonl().split("\n");
  };
  const write = (lines: string[]) => {
    const file = path.join(folder(), "e1.jsonl");
    writeFileSync(file, lines.join("\n"));
    return file;
  };
  /** Ways to break a step line, each an error of that line alone. */
  const BREAK: Array<(line: string) => string> = [
    (l) => l.replace('"type":"step",', '"type":"step",,'), // not JSON
    (l) => l.replace(/"distance":\d+/, '"distance":-2'), // schema
    (l) => l.replace('"satisfied":[]', '"satisfied":[7]'), // condition index out of range
    (l) => l.replace('"type":"step"', '"type":"stp"'), // unknown line type
  ];

  it("is ok when nothing is wrong", async () => {
    const [r] = await validateFiles([write(trajectory(5))]);
    expect(r).toMatchObject({ kind: "trajectory", ok: true, problems: [] });
  });

  it("reports every bad line, not only the first; a bad JSON line as `line N, column C: not valid JSON`", async () => {
    const lines = trajectory(10);
    lines[3] = BREAK[1]!(lines[3]!);
    lines[7] = BREAK[0]!(lines[7]!);
    lines[9] = BREAK[2]!(lines[9]!);
    const file = write(lines);
    const [r] = await validateFiles([file]);
    expect(r!.problems).toEqual([`${file}: line 4, $.distance: Too small: expected number to be >=0`, expect.stringMatching(new RegExp(`^${escape(file)}: line 8, column \\d+: not valid JSON: `)), `${file}: line 10, $.satisfied[0]: condition index 7 is out of range: the header lists 2 condition(s)`]);
  });

  it("reports exactly the lines broken, whichever they are (property)", async () => {
    const base = trajectory(25);
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.record({ line: fc.integer({ min: 2, max: 26 }), how: fc.integer({ min: 0, max: BREAK.length - 1 }) }), { selector: (b) => b.line, minLength: 1, maxLength: 25 }), async (breaks) => {
        const lines = [...base];
        for (const b of breaks) lines[b.line - 1] = BREAK[b.how]!(lines[b.line - 1]!);
        const [r] = await validateFiles([write(lines)]);
        const reported = r!.problems.map((p) => Number(/: line (\d+)[,:]/.exec(p)?.[1]));
        expect([...new Set(reported)].sort((a, b) => a - b)).toEqual(breaks.map((b) => b.line).sort((a, b) => a - b));
      }),
      { numRuns: 40 },
    );
  });

  it("lists the first 100 bad lines and counts the rest", async () => {
    const lines = trajectory(130);
    for (let i = 1; i <= 130; i++) lines[i] = BREAK[0]!(lines[i]!);
    const file = write(lines);
    const [r] = await validateFiles([file]);
    expect(TRAJECTORY_PROBLEM_LIMIT).toBe(100);
    expect(r!.problems).toHaveLength(101);
    expect(r!.problems[99]).toMatch(/: line 101, column \d+: not valid JSON/);
    expect(r!.problems[100]).toBe(`${file}: … and 30 more problem(s) not listed (the first 100 are)`);
  });

  it("a header that breaks the schema does not make every later line an error", async () => {
    const lines = trajectory(5);
    lines[0] = lines[0]!.replace('"seed":7', '"seed":"seven"');
    lines[3] = BREAK[0]!(lines[3]!);
    const file = write(lines);
    const [r] = await validateFiles([file]);
    expect(r!.problems).toEqual([`${file}: line 1, $.seed: Invalid input: expected number, received string`, expect.stringMatching(/: line 4, column \d+: not valid JSON/)]);
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

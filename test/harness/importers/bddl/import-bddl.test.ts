import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importBddl, instructionFor, loadInstructions } from "../../../../harness/importers/bddl/index.ts";
import { InputError } from "../../../../sim/errors.ts";
import { loadTaskFile } from "../../../../sim/task/load.ts";
import { B100, B1K, HAVE_DATA, NO_DATA_MESSAGE, readScene, readSuite, scratch } from "./helpers.ts";

const SMALL = `(define (problem tidy_desk_0)
  (:domain igibson)
  (:objects pen.n.01_1 - pen.n.01 desk.n.01_1 - desk.n.01 floor.n.01_1 - floor.n.01 agent.n.01_1 - agent.n.01)
  (:init (onfloor pen.n.01_1 floor.n.01_1) (inroom desk.n.01_1 home_office) (inroom floor.n.01_1 home_office) (onfloor agent.n.01_1 floor.n.01_1))
  (:goal (ontop ?pen.n.01_1 ?desk.n.01_1)))`;

/** A folder tree `<activity>/problem0.bddl` with the given problem texts. */
function tree(files: Record<string, string>): string {
  const dir = scratch("bddl-src-");
  for (const [activity, text] of Object.entries(files)) {
    mkdirSync(path.join(dir, activity));
    writeFileSync(path.join(dir, activity, "problem0.bddl"), text);
  }
  return dir;
}

describe("importBddl on small inputs", () => {
  it("writes a scene, a task and a suite episode per activity and seed", async () => {
    const src = tree({ tidy_desk: SMALL });
    const out = scratch();
    const summary = await importBddl(src, { out, seeds: 2, seed: 10 });
    const suite = readSuite(path.join(out, `${path.basename(out)}.suite.json`));
    expect(suite.episodes.map((e) => [e.id, e.seed])).toEqual([
      ["tidy_desk_0-s10", 10],
      ["tidy_desk_0-s11", 11],
    ]);
    const [a, b] = suite.episodes.map((e) => readScene(path.join(out, e.scene)));
    expect(JSON.stringify(a!.objects.map((o) => o.box))).not.toBe(JSON.stringify(b!.objects.map((o) => o.box)));
    const task = loadTaskFile(path.join(out, suite.episodes[0]!.task));
    expect(task.task.instruction).toBe("Tidy desk.");
    expect(task.task.bindings["pen.n.01_1"]).toBe("pen_1");
    expect(task.problem.name).toBe("tidy_desk_0");
    expect(suite.episodes[0]!.maxSteps).toBeGreaterThanOrEqual(100);
    expect(summary.skipped).toEqual([]);
    expect(summary.notes[0]).toMatch(/1 of 1 activities imported/);
  });

  it("skips an activity with an unsupported predicate, naming the predicate, file, line and column", async () => {
    const filled = SMALL.replace("(:goal (ontop ?pen.n.01_1 ?desk.n.01_1))", "(:goal (and (ontop ?pen.n.01_1 ?desk.n.01_1)\n   (filled ?desk.n.01_1)))");
    const src = tree({ tidy_desk: SMALL, fill_desk: filled });
    const out = scratch();
    const summary = await importBddl(src, { out });
    expect(summary.skipped).toHaveLength(1);
    const skip = summary.skipped[0]!;
    expect(skip.file).toBe(path.join(src, "fill_desk", "problem0.bddl"));
    expect(skip.where).toBe("line 6, column 4");
    expect(skip.reason).toMatch(/predicate "filled" is not supported/);
    expect(readSuite(path.join(out, `${path.basename(out)}.suite.json`)).episodes.map((e) => e.id)).toEqual(["tidy_desk_0-s0"]);
    expect(summary.notes[0]).toMatch(/1 of 2 activities imported, 1 skipped/);
  });

  it("lists every unsupported predicate use of a skipped file, as validate does, not only the first", async () => {
    const twice = SMALL.replace("(:goal (ontop ?pen.n.01_1 ?desk.n.01_1))", "(:goal (and (filled ?desk.n.01_1)\n   (contains ?desk.n.01_1 ?pen.n.01_1)))");
    const src = tree({ fill_desk: twice });
    const summary = await importBddl(src, { out: scratch() });
    expect(summary.skipped.map((s) => [s.where, s.reason.slice(0, 30)])).toEqual([
      ["line 5, column 15", 'predicate "filled" is not supp'],
      ["line 6, column 4", 'predicate "contains" is not su'],
    ]);
    expect(summary.notes[0]).toBe("coverage: 0 of 1 activities imported, 1 skipped; 0 episodes");
  });

  it("counts problem files, not activities, when a folder holds several problems of one activity", async () => {
    const src = tree({ tidy_desk: SMALL });
    writeFileSync(path.join(src, "tidy_desk", "problem1.bddl"), SMALL.replace("tidy_desk_0", "tidy_desk_1"));
    writeFileSync(path.join(src, "tidy_desk", "problem2.bddl"), SMALL.replace("(:goal (ontop", "(:goal (filled ?desk.n.01_1) (ontop"));
    const summary = await importBddl(src, { out: scratch() });
    expect(summary.notes[0]).toBe("coverage: 2 of 3 problem files imported, 1 skipped; 2 episodes");
  });

  it("gives two files that name the same problem distinct task ids (a task id seeds its episodes)", async () => {
    const src = tree({ tidy_desk: SMALL, tidy_desk_again: SMALL });
    const out = scratch();
    await importBddl(src, { out });
    const suite = readSuite(path.join(out, `${path.basename(out)}.suite.json`));
    expect(suite.episodes.map((e) => e.id)).toEqual(["tidy_desk_0-s0", "tidy_desk_0_2-s0"]);
    expect(suite.episodes.map((e) => loadTaskFile(path.join(out, e.task)).task.id)).toEqual(["tidy_desk_0", "tidy_desk_0_2"]);
  });

  it("skips a file that does not parse, with its position", async () => {
    const src = tree({ broken: SMALL.replace("(:init", "(:init (ontop pen.n.01_1)") });
    const summary = await importBddl(src, { out: scratch() });
    expect(summary.skipped[0]).toMatchObject({ where: expect.stringMatching(/^line \d+, column \d+$/) });
  });

  it("imports one problem file given directly, naming the activity by its folder", async () => {
    const src = tree({ tidy_desk: SMALL });
    const out = scratch();
    await importBddl(path.join(src, "tidy_desk", "problem0.bddl"), { out, name: "one" });
    const suite = readSuite(path.join(out, "one.suite.json"));
    expect(suite.id).toBe("one");
    expect(loadTaskFile(path.join(out, suite.episodes[0]!.task)).task.tags).toContain("tidy_desk");
  });

  it("rejects a missing source and a bad instructions file with the file named", async () => {
    await expect(importBddl("/nonexistent/behavior", { out: scratch() })).rejects.toThrow(InputError);
    const bad = path.join(scratch(), "instructions.json");
    writeFileSync(bad, JSON.stringify({ tidy_desk: 3 }));
    expect(() => loadInstructions(bad)).toThrow(/tidy_desk.*non-empty instruction/);
  });
});

describe("instructionFor", () => {
  it("uses the file by activity name, else makes a sentence of the name", () => {
    const m = new Map([["boxing_books", "Put the books in the box."]]);
    expect(instructionFor("boxing_books", "boxing_books_0", m)).toEqual({ text: "Put the books in the box.", fromFile: true });
    expect(instructionFor("x", "boxing_books-0", m).text).toBe("Put the books in the box.");
    expect(instructionFor("hiding_Easter_eggs", "hiding_Easter_eggs-0", m)).toEqual({ text: "Hiding Easter eggs.", fromFile: false });
  });
});

describe.skipIf(!HAVE_DATA)("importBddl on the shared BEHAVIOR data", () => {
  if (!HAVE_DATA) console.warn(NO_DATA_MESSAGE);

  it("imports all 50 BEHAVIOR-100 activities with their instructions", async () => {
    const out = scratch();
    const summary = await importBddl(B100, { out, instructions: path.join(B100, "instructions.json") });
    expect(summary.skipped).toEqual([]);
    const suite = readSuite(path.join(out, `${path.basename(out)}.suite.json`));
    expect(suite.episodes).toHaveLength(50);
    const instructions = JSON.parse(readFileSync(path.join(B100, "instructions.json"), "utf8")) as Record<string, string>;
    for (const e of suite.episodes) {
      const task = loadTaskFile(path.join(out, e.task));
      const activity = task.task.tags[1]!;
      expect(task.task.instruction, activity).toBe(instructions[activity]);
      readScene(path.join(out, e.scene));
    }
  });

  it("imports all 10 BEHAVIOR-1K activities, instructions made from their names", async () => {
    const out = scratch();
    const summary = await importBddl(B1K, { out });
    expect(summary.skipped).toEqual([]);
    const suite = readSuite(path.join(out, `${path.basename(out)}.suite.json`));
    expect(suite.episodes).toHaveLength(10);
    expect(summary.notes).toContain("instructions: made from the activity names (no instructions file)");
    const eggs = suite.episodes.find((e) => e.id.startsWith("hiding_Easter_eggs"))!;
    expect(loadTaskFile(path.join(out, eggs.task)).task.instruction).toBe("Hiding Easter eggs.");
  });
});

/**
 * The committed bundled content is valid and self-consistent: scenes, tasks and suites pass their schemas,
 * suite paths exist, bindings name objects of the instance's category, every carryable object rests on
 * something, and the files are exactly what the builder generates.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SceneSchema, type SceneFile } from "../../sim/scene/schema.ts";
import { TaskSchema, type TaskFile } from "../../sim/task/schema.ts";
import { SuiteSchema, type SuiteFile } from "../../harness/suite/schema.ts";
import { outOfDate } from "../../scenes/builder/build.ts";
import { collisionProblems, doorProblems, restingPlace, roomProblems } from "../../scenes/builder/scene-checks.ts";
import { committed, SCENES_DIR } from "./bundled-files.ts";

const sceneFiles = committed("houses", ".scene.json");
const taskFiles = committed("tasks", ".task.json");
const suiteFiles = committed("suites", ".suite.json");

function parsedScene(json: unknown): SceneFile {
  const r = SceneSchema.safeParse(json);
  if (!r.success) throw new Error(r.error.message);
  return r.data;
}

const scenesById = new Map(sceneFiles.map((f) => [path.resolve(f.absolute), parsedScene(f.json)]));
const tasksByPath = new Map(taskFiles.map((f) => [path.resolve(f.absolute), TaskSchema.parse(f.json) as TaskFile]));

describe("bundled scenes", () => {
  it("ships at least three houses of 40–120 objects, one with outdoor rooms", () => {
    expect(sceneFiles.length).toBeGreaterThanOrEqual(3);
    for (const s of scenesById.values()) {
      expect(s.objects.length, s.id).toBeGreaterThanOrEqual(40);
      expect(s.objects.length, s.id).toBeLessThanOrEqual(120);
    }
    expect([...scenesById.values()].some((s) => s.rooms.some((r) => r.outdoor))).toBe(true);
  });

  it.each(sceneFiles.map((f) => [f.path, f.json] as const))("%s validates with SceneSchema", (_p, json) => {
    const r = SceneSchema.safeParse(json);
    expect(r.success ? [] : r.error.issues).toEqual([]);
  });

  it.each(sceneFiles.map((f) => [f.path, f.absolute] as const))("every carryable object in %s rests on something", (_p, abs) => {
    const scene = scenesById.get(path.resolve(abs))!;
    const floating = scene.objects.filter((o) => o.kind === "carryable" && restingPlace(o, scene) === undefined).map((o) => o.id);
    expect(floating).toEqual([]);
  });

  it.each(sceneFiles.map((f) => [f.path, f.absolute] as const))("objects in %s stay in their rooms and do not interpenetrate", (_p, abs) => {
    const scene = scenesById.get(path.resolve(abs))!;
    expect([...roomProblems(scene), ...collisionProblems(scene), ...doorProblems(scene)]).toEqual([]);
  });

  it("does not define the floor objects the simulator adds", () => {
    for (const s of scenesById.values()) expect(s.objects.filter((o) => o.id.startsWith("floor_") || o.category === "floor.n.01")).toEqual([]);
  });
});

describe("bundled tasks", () => {
  it.each(taskFiles.map((f) => [f.path, f.json] as const))("%s validates with TaskSchema", (_p, json) => {
    const r = TaskSchema.safeParse(json);
    expect(r.success ? [] : r.error.issues).toEqual([]);
  });

  it("do not use the state predicates whose subpolicies are not in the default suite", () => {
    for (const t of tasksByPath.values()) expect(t.bddl, t.id).not.toMatch(/\((dusty|stained|soaked|cooked|frozen|sliced|burnt|dirty)\b/);
  });
});

describe("bundled suites", () => {
  const suites = new Map(suiteFiles.map((f) => [f.path, { file: f, suite: SuiteSchema.safeParse(f.json) }]));

  it.each(suiteFiles.map((f) => [f.path] as const))("%s validates with SuiteSchema", (p) => {
    const r = suites.get(p)!.suite;
    expect(r.success ? [] : r.error.issues).toEqual([]);
  });

  it("has a default suite of at least 32 episodes over three houses and a smoke suite of 3", () => {
    const def = suites.get("suites/default.suite.json")!.suite.data as SuiteFile;
    expect(def.id).toBe("default");
    expect(def.episodes.length).toBeGreaterThanOrEqual(32);
    expect(new Set(def.episodes.map((e) => e.scene)).size).toBeGreaterThanOrEqual(3);
    expect(def.episodes.map((e) => e.seed)).toEqual(def.episodes.map((_e, i) => i));
    const smoke = suites.get("suites/smoke.suite.json")!.suite.data as SuiteFile;
    expect(smoke.episodes).toHaveLength(3);
  });

  for (const f of suiteFiles) {
    const suite = SuiteSchema.parse(f.json);
    describe(f.path, () => {
      it.each(suite.episodes.map((e) => [e.id, e] as const))("episode %s names an existing scene and task", (_id, e) => {
        const dir = path.dirname(f.absolute);
        expect(existsSync(path.resolve(dir, e.scene)), e.scene).toBe(true);
        expect(existsSync(path.resolve(dir, e.task)), e.task).toBe(true);
      });

      it.each(suite.episodes.map((e) => [e.id, e] as const))("episode %s binds every instance to an object of its category", (_id, e) => {
        const dir = path.dirname(f.absolute);
        const scene = scenesById.get(path.resolve(dir, e.scene))!;
        const task = tasksByPath.get(path.resolve(dir, e.task))!;
        expect(bindingProblems(task, scene)).toEqual([]);
      });
    });
  }
});

describe("generated files", () => {
  it("are exactly what scenes/builder/build.ts generates (run it after editing a house or task)", () => {
    expect(outOfDate(SCENES_DIR)).toEqual([]);
  });
});

/**
 * Bindings that do not fit: the instance's category (from its name) must be the bound object's category;
 * `agent.n.01_*` binds to `agent`, `floor.n.01_*` to `floor_<room>` of an existing room.
 */
function bindingProblems(task: TaskFile, scene: SceneFile): string[] {
  const out: string[] = [];
  const objects = new Map(scene.objects.map((o) => [o.id, o]));
  const rooms = new Set(scene.rooms.map((r) => r.id));
  for (const [inst, target] of Object.entries(task.bindings)) {
    const category = /^(.+\.n\.\d+)_(\d+|\*)$/.exec(inst)?.[1];
    for (const id of Array.isArray(target) ? target : [target]) {
      if (category === "agent.n.01") {
        if (id !== "agent") out.push(`${inst} → ${id}: the agent instance binds to "agent"`);
      } else if (category === "floor.n.01") {
        if (!id.startsWith("floor_") || !rooms.has(id.slice("floor_".length))) out.push(`${inst} → ${id}: not the floor of a room of ${scene.id}`);
      } else if (!objects.has(id)) {
        out.push(`${inst} → ${id}: no such object in ${scene.id}`);
      } else if (objects.get(id)!.category !== category) {
        out.push(`${inst} → ${id}: category ${objects.get(id)!.category}, expected ${category}`);
      }
    }
  }
  return out;
}

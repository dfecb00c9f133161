/**
 * Everything `scenes/` ships, generated from the house and task descriptions: scene files, task files and
 * the `default` and `smoke` suites. Paths are relative to the `scenes/` folder.
 */
import type { SceneInput } from "../../sim/scene/schema.ts";
import type { SceneBuilder } from "./scene-builder.ts";
import { buildTask, type TaskInput, type TaskSpec } from "./task-builder.ts";
import { cottage } from "./houses/cottage.ts";
import { familyHouse } from "./houses/family-house.ts";
import { flat } from "./houses/flat.ts";
import { COTTAGE_TASKS } from "./tasks/cottage-tasks.ts";
import { FAMILY_HOUSE_TASKS } from "./tasks/family-house-tasks.ts";
import { FLAT_TASKS } from "./tasks/flat-tasks.ts";

/** A house and the tasks written for it. */
export interface HouseDefinition {
  make: () => SceneBuilder;
  tasks: TaskSpec[];
}

/** The bundled houses, in suite order. */
export const HOUSES: HouseDefinition[] = [
  { make: flat, tasks: FLAT_TASKS },
  { make: familyHouse, tasks: FAMILY_HOUSE_TASKS },
  { make: cottage, tasks: COTTAGE_TASKS },
];

/** Episodes of the quick `smoke` suite (task ids): one switch, one open-before-place, one fetch. */
export const SMOKE_TASKS = ["flat-bedside-lamp", "flat-milk-fridge", "cottage-radio-on"];

/** A generated file: path relative to `scenes/` and its JSON content. */
export interface BundledFile {
  path: string;
  content: SceneInput | TaskInput | SuiteInput;
}

/** Suite file content as written. */
export interface SuiteInput {
  schemaVersion: 1;
  id: string;
  description: string;
  episodes: { id: string; scene: string; task: string; seed: number; maxSteps: number }[];
}

/** Builds every bundled file; throws on the first inconsistent house or task. */
export function bundledFiles(): BundledFile[] {
  const files: BundledFile[] = [];
  const episodes: SuiteInput["episodes"] = [];
  for (const house of HOUSES) {
    const builder = house.make();
    const scene = builder.build();
    const scenePath = `houses/${scene.id}.scene.json`;
    files.push({ path: scenePath, content: scene });
    for (const spec of house.tasks) {
      const { task, maxSteps } = buildTask(builder, spec);
      const taskPath = `tasks/${task.id}.task.json`;
      files.push({ path: taskPath, content: task });
      episodes.push({ id: task.id, scene: `../${scenePath}`, task: `../${taskPath}`, seed: episodes.length, maxSteps });
    }
  }
  files.push({
    path: "suites/default.suite.json",
    content: {
      schemaVersion: 1,
      id: "default",
      description: "Rearrangement tasks in the three bundled houses (flat, family house, cottage): every BDDL predicate and quantifier, ambiguous 'all X' instructions, objects hidden in closed containers, open-before-place.",
      episodes,
    },
  });
  files.push({
    path: "suites/smoke.suite.json",
    content: {
      schemaVersion: 1,
      id: "smoke",
      description: "Three short episodes for quick checks: switch a lamp on, put milk in the closed fridge, turn a radio on.",
      episodes: SMOKE_TASKS.map((id, seed) => {
        const e = episodes.find((x) => x.id === id);
        if (!e) throw new Error(`smoke suite names unknown task ${id}`);
        return { ...e, seed };
      }),
    },
  });
  return files;
}

import { existsSync } from "node:fs";
import path from "node:path";
import { InputError } from "../../sim/errors.ts";
import type { LoadedScene } from "../../sim/scene/load.ts";
import type { LoadedTask } from "../../sim/task/load.ts";
import { FileCache } from "../runner/file-cache.ts";
import type { EpisodeHeader } from "../trajectory/events.ts";
import { PACKAGE_ROOT } from "../version.ts";

/** The scene and task an episode ran on, checked against the hashes its header recorded. */
export interface ReplayInputs {
  scene: LoadedScene;
  task: LoadedTask;
}

/**
 * Finds the scene and task files a trajectory header names and checks that their content is what
 * the run used. Header paths are as the run saw them: absolute, or relative to the folder it ran in;
 * a relative path is looked up in the current folder, then in the package (bundled scenes).
 *
 * @param trajectoryFile named in errors
 * @throws InputError when a file is missing, invalid, or changed since the run (content hash differs)
 */
export function loadReplayInputs(header: EpisodeHeader, trajectoryFile: string, files: FileCache = new FileCache()): ReplayInputs {
  const scenePath = locate(header.scene.path, trajectoryFile, "scene");
  const taskPath = locate(header.task.path, trajectoryFile, "task");
  const scene = files.scene(scenePath);
  const task = files.task(taskPath);
  checkHash("scene", scene.hash, header.scene.hash, scenePath, trajectoryFile);
  checkHash("task", task.hash, header.task.hash, taskPath, trajectoryFile);
  return { scene, task };
}

function locate(recorded: string, trajectoryFile: string, what: "scene" | "task"): string {
  const candidates = path.isAbsolute(recorded) ? [recorded] : [recorded, path.join(PACKAGE_ROOT, recorded)];
  const found = candidates.find((c) => existsSync(c));
  if (found) return found;
  throw new InputError(
    trajectoryFile,
    `line 1, $.${what}.path`,
    `${what} file ${recorded} not found (looked in ${candidates.join(" and ")}); replay needs the ${what} the run used — run replay from the folder the run was started in`,
  );
}

function checkHash(what: "scene" | "task", now: string, recorded: string, file: string, trajectoryFile: string): void {
  if (now === recorded) return;
  throw new InputError(
    trajectoryFile,
    `line 1, $.${what}.hash`,
    `${what} file ${file} changed since the run (content hash ${recorded} in the trajectory, ${now} now); replay needs the original file — restore it (e.g. from version control) or run the episode again`,
  );
}

import { existsSync } from "node:fs";
import path from "node:path";
import { InputError } from "../../../sim/errors.ts";
import { loadReplayInputs, type ReplayInputs } from "../../replay/locate-inputs.ts";
import { FileCache } from "../../runner/file-cache.ts";
import type { EpisodeHeader } from "../../trajectory/events.ts";
import { PACKAGE_ROOT } from "../../version.ts";

/** The scene and task an episode is shown on, and what to tell the viewer about them. */
export interface EpisodeInputs extends ReplayInputs {
  /** Set when a file changed since the run: the picture is then the current file's, not the run's. */
  changed: string[];
}

/**
 * The scene and task files a trajectory header names. `replay` refuses files whose content
 * changed since the run; a viewer should still show the episode (people look at old runs after
 * editing a scene), so here a changed file is used as it is now and reported in `changed`.
 *
 * @throws InputError when a file is missing or invalid
 */
export function loadEpisodeInputs(header: EpisodeHeader, trajectoryFile: string, files: FileCache = new FileCache()): EpisodeInputs {
  try {
    return { ...loadReplayInputs(header, trajectoryFile, files), changed: [] };
  } catch (err) {
    if (!(err instanceof InputError) || !/\.hash$/.test(err.where ?? "")) throw err;
  }
  const scene = files.scene(locate(header.scene.path));
  const task = files.task(locate(header.task.path));
  const changed: string[] = [];
  if (scene.hash !== header.scene.hash) changed.push(`scene file ${scene.path} changed since the run (hash ${header.scene.hash} then, ${scene.hash} now)`);
  if (task.hash !== header.task.hash) changed.push(`task file ${task.path} changed since the run (hash ${header.task.hash} then, ${task.hash} now)`);
  return { scene, task, changed };
}

/** Same lookup as replay: the recorded path, else the same path inside the package (bundled scenes). */
function locate(recorded: string): string {
  if (path.isAbsolute(recorded)) return recorded;
  return existsSync(recorded) ? recorded : path.join(PACKAGE_ROOT, recorded);
}

import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { InputError } from "../../../sim/errors.ts";
import { FileCache } from "../../runner/file-cache.ts";
import { readRun, readTrajectory, type TrajectoryRead } from "../../trajectory/reader.ts";
import { episodeViewOf } from "../model/episode-view.ts";
import { runViewOf } from "../model/run-view.ts";
import { loadSceneView } from "../model/scene-view.ts";
import type { ViewerManifest } from "../model/view-types.ts";

/**
 * What one `rearrange view PATH` shows, as JSON texts by API name. Everything the server can
 * send comes from here: the files given on the command line (and the scene and task files their
 * trajectories name), nothing else.
 */
export interface ViewerSource {
  manifest: ViewerManifest;
  /** The JSON text of an API resource (`scene`, `run`, `episode/3`), or null when there is none. */
  resource(name: string): string | null;
}

/**
 * Opens PATH: a run folder, an episode trajectory (`.jsonl`) or a scene file. Reading and
 * validating happen now, so a bad path fails before the server starts; episodes of a run are
 * re-simulated when first asked for, then kept.
 *
 * @throws InputError for a missing or invalid file
 */
export function openViewerSource(target: string): ViewerSource {
  if (!existsSync(target)) throw new InputError(target, undefined, "no such file or directory");
  if (statSync(target).isDirectory()) return runSource(target);
  if (target.endsWith(".jsonl")) return episodeSource(target);
  if (path.basename(target) === "results.json") throw new InputError(target, undefined, "this is a run's results file: view the run folder that holds it");
  return sceneSource(target);
}

function sceneSource(file: string): ViewerSource {
  const scene = JSON.stringify(loadSceneView(file));
  return {
    manifest: { kind: "scene", title: path.basename(file) },
    resource: (name) => (name === "scene" ? scene : null),
  };
}

function episodeSource(file: string): ViewerSource {
  const trajectory = readTrajectory(file);
  // simulate now: a missing scene file is an error of the command, not of a page
  const episode = JSON.stringify(episodeViewOf(trajectory));
  return {
    manifest: { kind: "episode", title: trajectory.header.episodeId },
    resource: (name) => (name === "episode/0" ? episode : null),
  };
}

function runSource(dir: string): ViewerSource {
  const run = readRun(dir);
  const table = JSON.stringify(runViewOf(run));
  const files = new FileCache();
  const episodes = new Map<number, string>();
  const episodeJson = (t: TrajectoryRead, index: number): string => {
    let text = episodes.get(index);
    if (text === undefined) episodes.set(index, (text = JSON.stringify(episodeViewOf(t, files))));
    return text;
  };
  return {
    manifest: { kind: "run", title: path.basename(path.resolve(dir)), episodes: run.episodes.length },
    resource(name) {
      if (name === "run") return table;
      const m = /^episode\/(0|[1-9]\d{0,8})$/.exec(name);
      if (!m) return null;
      const index = Number(m[1]);
      const t = run.episodes[index];
      return t ? episodeJson(t, index) : null;
    },
  };
}

import { existsSync, statSync, writeFileSync } from "node:fs";
import { InputError } from "../../sim/errors.ts";
import { stateAt } from "../viewer/client/episode-state.js";
import { loadEpisodeView } from "../viewer/model/episode-view.ts";
import { loadSceneView } from "../viewer/model/scene-view.ts";
import { sceneToGltf } from "./gltf/scene-gltf.ts";
import { episodeToMcap } from "./mcap/episode-mcap.ts";
import type { McapCompression } from "./mcap/zstd-chunks.ts";

export const EXPORT_FORMATS = ["mcap", "gltf"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportOptions {
  format: ExportFormat;
  /** Output file (default: beside the input, `.mcap` / `.gltf` instead of its extension). */
  out?: string;
  /** glTF of an episode: the house after this step (default 0, before the first action). */
  step?: number;
  /** MCAP chunk compression (default `zstd`). */
  compression?: McapCompression;
}

/** What was written. */
export interface ExportResult {
  file: string;
  bytes: number;
  /** MCAP: scene updates written (one per step, plus t = 0). glTF: object nodes. */
  count: number;
}

/**
 * Exports an episode trajectory as MCAP (for Foxglove), or a scene — a scene file, or the house
 * of an episode at a step — as glTF.
 * @throws InputError for a missing or invalid input, an input of the wrong kind, a step out of
 *   range, or an output that cannot be written
 */
export async function exportPath(target: string, options: ExportOptions): Promise<ExportResult> {
  if (!existsSync(target)) throw new InputError(target, undefined, "no such file");
  if (statSync(target).isDirectory()) throw new InputError(target, undefined, `export takes one file (an episode .jsonl${options.format === "gltf" ? " or a scene file" : ""}), not a folder`);
  const isEpisode = target.endsWith(".jsonl");
  if (options.format === "mcap") {
    if (!isEpisode) throw new InputError(target, undefined, "MCAP export needs an episode trajectory (.jsonl); a scene has no steps — use --format gltf");
    const episode = loadEpisodeView(target);
    const bytes = await episodeToMcap(episode, { compression: options.compression });
    const file = options.out ?? replaceExtension(target, ".mcap");
    write(file, bytes);
    return { file, bytes: bytes.length, count: episode.steps.length + 1 };
  }
  let json: Record<string, unknown>;
  let objects: number;
  if (isEpisode) {
    const episode = loadEpisodeView(target);
    const step = options.step ?? 0;
    if (!Number.isInteger(step) || step < 0 || step > episode.steps.length) {
      throw new InputError(target, undefined, `--step ${step}: the episode has steps 0 (before the first action) to ${episode.steps.length}`);
    }
    const state = stateAt(episode, step);
    json = await sceneToGltf(episode.scene, { poses: state.poses, goalObjects: episode.goalObjects, agent: state.agent.position });
    objects = episode.scene.objects.length;
  } else {
    const scene = loadSceneView(target);
    json = await sceneToGltf(scene);
    objects = scene.objects.length;
  }
  const text = JSON.stringify(json);
  const file = options.out ?? replaceExtension(target, ".gltf");
  write(file, text);
  return { file, bytes: Buffer.byteLength(text), count: objects };
}

/** `a/b.jsonl` → `a/b.mcap`; `flat.scene.json` → `flat.scene.gltf`. */
export function replaceExtension(file: string, ext: string): string {
  return file.replace(/\.(jsonl|json|ya?ml)$/i, "") + ext;
}

function write(file: string, data: string | Uint8Array): void {
  try {
    writeFileSync(file, data);
  } catch (err) {
    throw new InputError(file, undefined, `cannot write the export (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
}

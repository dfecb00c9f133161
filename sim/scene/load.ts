import { createHash } from "node:crypto";
import { parseStructuredText, validateWith } from "../files/read-structured.ts";
import { readTextFile } from "../files/read-text.ts";
import { SceneSchema, type SceneFile } from "./schema.ts";

/** A scene file as loaded: validated content plus its content hash (trajectories record it). */
export interface LoadedScene {
  path: string;
  hash: string;
  scene: SceneFile;
}

/** Reads and validates a scene file (JSON or YAML). Throws InputError(s) naming file and JSON path. */
export function loadSceneFile(path: string): LoadedScene {
  return loadSceneFileReusing(path, () => undefined);
}

/**
 * {@link loadSceneFile}, except that a scene validated earlier for the same content (`kept(hash)`, the file's
 * content hash) is returned instead of validating the text again.
 */
export function loadSceneFileReusing(path: string, kept: (hash: string) => LoadedScene | undefined): LoadedScene {
  const text = readTextFile(path, "scene file");
  const hash = contentHash(text);
  return kept(hash) ?? { path, hash, scene: parseScene(text, path) };
}

/** Validates scene content given as text. */
export function parseScene(text: string, file: string): SceneFile {
  return validateWith(SceneSchema, parseStructuredText(text, file), file);
}

/** Short, stable content hash (sha256, 16 hex digits). */
export function contentHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

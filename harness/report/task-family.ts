import { existsSync } from "node:fs";
import path from "node:path";
import { FileCache } from "../runner/file-cache.ts";
import type { EpisodeHeader } from "../trajectory/events.ts";
import { PACKAGE_ROOT } from "../version.ts";

/** Where an episode's task family came from. */
export type FamilySource = "task" | "prefix";

/**
 * The task family of an episode, for "success by family": the task file's `family` field when its
 * trajectory names a readable task file that has one, else the episode id up to its first `-`
 * (`flat-milk-fridge` → `flat`), else the whole id.
 */
export function taskFamily(episodeId: string, header: EpisodeHeader | null, files: FileCache): { family: string; source: FamilySource } {
  const file = header ? locateTask(header.task.path) : null;
  if (file) {
    try {
      const family = files.task(file).task.family;
      if (family) return { family, source: "task" };
    } catch {
      // an unreadable or changed task file still has a family by its id; the report says which
    }
  }
  return { family: idPrefix(episodeId), source: "prefix" };
}

/** `flat-milk-fridge` → `flat`; an id without `-` is its own family. */
export function idPrefix(episodeId: string): string {
  const cut = episodeId.indexOf("-");
  return cut > 0 ? episodeId.slice(0, cut) : episodeId;
}

/** As replay looks task files up: absolute, relative to the current folder, or inside the package. */
function locateTask(recorded: string): string | null {
  const candidates = path.isAbsolute(recorded) ? [recorded] : [recorded, path.join(PACKAGE_ROOT, recorded)];
  return candidates.find((c) => existsSync(c)) ?? null;
}

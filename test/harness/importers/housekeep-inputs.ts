/**
 * Small Housekeep inputs for importer tests: a two-room house (a kitchen counter, a living-room sofa) and
 * episodes in it, written to a fresh temporary folder.
 */
import { mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";

/** One Housekeep episode: an apple misplaced on the kitchen counter, whose place is the sofa. */
export function tinyEpisode(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    episode_id: 1,
    scene_id: "Tiny_0_int",
    objects: [{ key: "apple_1", category: "apple", position: [0, 1, 0], start_receptacle: "kitchen_0-counter_1_0.urdf", goal_receptacles: ["living_room_0-sofa_2_0.urdf"] }],
    receptacles: [
      { key: "kitchen_0-counter_1_0.urdf", category: "counter", position: [0, 0.9, 0] },
      { key: "living_room_0-sofa_2_0.urdf", category: "sofa", position: [4, 0.4, 0] },
    ],
    misplaced_count: 1,
    ...overrides,
  };
}

/** A house whose every receptacle is outside any room or not furniture: no room can be made for it. */
export function roomlessEpisode(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return tinyEpisode({
    scene_id: "Roomless_0_int",
    objects: [{ key: "cup_1", category: "cup", start_receptacle: "None-table_1_0.urdf", goal_receptacles: ["bedroom_0-picture_3_0.urdf"] }],
    receptacles: [
      { key: "None-table_1_0.urdf", category: "table", position: [0, 0.7, 0] },
      { key: "bedroom_0-picture_3_0.urdf", category: "picture", position: [1, 1.5, 0] },
      { key: "bedroom_0-bed_4_0.urdf", category: "bed" },
    ],
    ...overrides,
  });
}

/** A fresh folder holding `files` (name → JSON value, or raw text/bytes); returns its path. */
export function sourceFolder(files: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "hk-src-"));
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), typeof content === "string" || Buffer.isBuffer(content) ? content : JSON.stringify(content));
  }
  return dir;
}

/** A fresh, empty output folder. */
export function outFolder(): string {
  return mkdtempSync(path.join(tmpdir(), "hk-out-"));
}

/** Every file under `dir`, relative to it. */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(path.relative(dir, p));
    }
  };
  walk(dir);
  return out.sort();
}

/** Scene ids as people write them: Habitat paths, `..`, separators of both kinds, spaces, any text. */
export const sceneIds = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.array(fc.constantFrom("..", ".", "", "data", "scene_datasets", "Ihlen_1_int.glb", "x.basis.glb", "a b", "C:", "\\..\\", "ESCAPED"), { maxLength: 6 }).map((parts) => parts.join("/")),
);
/** Episode ids: numbers, any text, ones with separators or dots. */
export const episodeIds = fc.oneof(fc.integer(), fc.string({ unit: "grapheme", maxLength: 20 }), fc.constantFrom("val_0", "../0", "1.5", ""));

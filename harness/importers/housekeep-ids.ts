/**
 * Ids of imported Housekeep episodes. An episode's id names its scene and task files
 * (`scenes/<id>.scene.json`), its suite episode and its BDDL problem, and its detection case is
 * `housekeep/<scene>/ep<episode>`; they come from the episode's `scene_id` and `episode_id`, which are
 * anyone's strings: a Habitat path (`data/scene_datasets/igibson/scenes/Ihlen_1_int.glb`), `../..`, spaces.
 * So each part is made safe — letters, digits, `_` and `-` only, hence never a path separator nor `..`,
 * and within what suite episode ids and BDDL names allow — and ids are unique across one import, so
 * that no episode's files overwrite another's. Plain ids (`Ihlen_1_int`, episode `3`) are kept as they are.
 */

/** File extensions of scene assets a Habitat `scene_id` may end with (`.glb`, `.basis.glb`, `.scene_instance.json`). */
const SCENE_FILE_EXTENSION = /(\.(glb|gltf|ply|obj|json|navmesh|basis|scene_instance|stage_config|house|gz))+$/i;
/** Longest a part may be, so that `<id>-tidy.task.json` stays well within a file name's 255 bytes. */
const SCENE_PART_MAX = 60;
const EPISODE_PART_MAX = 40;

/** `text` with every run of characters other than letters, digits, `_` and `-` turned into one `_`, cut to `max`. */
function slug(text: string, max: number): string {
  return text.replace(/[^A-Za-z0-9_-]+/g, "_").slice(0, max);
}

/**
 * The safe name of a house: for a path-like `scene_id`, its file's base name without the scene file extension
 * (`data/…/Ihlen_1_int.glb` → `Ihlen_1_int`, `../../ESCAPED` → `ESCAPED`); otherwise a slug of it.
 */
export function housekeepSceneKey(sceneId: string): string {
  const base = sceneId.split(/[\\/]/).filter((s) => s !== "" && s !== "." && s !== "..").at(-1) ?? "";
  const name = base.replace(SCENE_FILE_EXTENSION, "");
  return slug(name, SCENE_PART_MAX) || "scene";
}

/** The safe name of an episode within its house (`3` → `3`, `val 0` → `val_0`). */
export function housekeepEpisodeKey(episodeId: string | number): string {
  return slug(String(episodeId), EPISODE_PART_MAX) || "_";
}

/** The ids of one imported episode. */
export interface HousekeepEpisodeIds {
  /** Safe house name. */
  scene: string;
  /** Safe episode name, with a suffix when the plain one was taken. */
  episode: string;
  /** `housekeep-<scene>-ep<episode>`: scene file, suite episode; the task is `<id>-tidy`. */
  id: string;
  /** `housekeep/<scene>/ep<episode>`: the detection case. */
  detection: string;
}

/**
 * Hands out episode ids for one import: the same inputs in the same order give the same ids. An id already
 * taken — the same house in two files or splits reusing episode ids, or two scene ids with the same safe name —
 * gets the first free suffix `-2`, `-3`, … on its episode part, and is listed in {@link renamed}. Ids are
 * compared ignoring case, since on a case-insensitive file system `A` and `a` would be one file.
 */
export class HousekeepIdAllocator {
  private readonly taken = new Set<string>();
  /** Episodes whose plain id was taken, with the id they got instead. */
  readonly renamed: Array<{ from: string; to: string }> = [];
  /** Scene ids that were not safe file names, with the name used for them. */
  readonly shortened = new Map<string, string>();

  /** The ids of the next episode. */
  next(sceneId: string, episodeId: string | number): HousekeepEpisodeIds {
    const scene = housekeepSceneKey(sceneId);
    if (scene !== sceneId) this.shortened.set(sceneId, scene);
    const plain = housekeepEpisodeKey(episodeId);
    const idOf = (episode: string) => `housekeep-${scene}-ep${episode}`;
    let episode = plain;
    for (let n = 2; this.taken.has(idOf(episode).toLowerCase()); n++) episode = `${plain}-${n}`;
    const id = idOf(episode);
    this.taken.add(id.toLowerCase());
    if (episode !== plain) this.renamed.push({ from: idOf(plain), to: id });
    // the scene part has no '/', so distinct ids give distinct detection ids
    return { scene, episode, id, detection: `housekeep/${scene}/ep${episode}` };
  }
}

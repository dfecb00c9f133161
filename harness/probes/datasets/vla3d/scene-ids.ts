/**
 * Scene ids of imported VLA-3D folders: `<dataset slug>-<folder slug>` (slug.ts), so `HM3D/00238-j6fHrce9pHR`
 * is `hm3d-00238_j6fhrce9phr`. Slugs are ASCII, so different folder names can share one (`a b` and `a-b`,
 * `Métro` and `metro`, the same scene name under two trees): the first folder (in path order) keeps the id,
 * each later one gets `_<hash of its path>` added, so no import writes one scene over another and the
 * same tree always gets the same ids. Slugs hold no `-`, so `<id>-storeyN` never meets another folder's id.
 */
import path from "node:path";
import { labelSlug, shortHash } from "./slug.ts";

/** A folder to name: its path (relative to the import's source, for the hash), data set and name. */
export interface FolderName {
  dir: string;
  dataset: string;
  name: string;
}

/** Scene base ids of the folders, in their order, all distinct (see module comment); `renamed` says which got a hash. */
export function sceneBaseIds(folders: readonly FolderName[]): { ids: string[]; renamed: Array<{ dir: string; id: string; plain: string }> } {
  const order = folders.map((f, i) => ({ f, i })).sort((a, b) => (a.f.dir < b.f.dir ? -1 : a.f.dir > b.f.dir ? 1 : a.i - b.i));
  const taken = new Set<string>();
  const ids: string[] = new Array(folders.length);
  const renamed: Array<{ dir: string; id: string; plain: string }> = [];
  for (const { f, i } of order) {
    const plain = `${labelSlug(f.dataset)}-${labelSlug(f.name)}`;
    let id = plain;
    for (let n = 0; taken.has(id); n++) id = `${plain}_${shortHash(n === 0 ? f.dir : `${f.dir}#${n}`)}`;
    taken.add(id);
    ids[i] = id;
    if (id !== plain) renamed.push({ dir: f.dir.split(path.sep).join("/"), id, plain });
  }
  return { ids, renamed };
}

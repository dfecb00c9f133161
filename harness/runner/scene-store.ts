import type { LoadedScene } from "../../sim/scene/load.ts";

/** Objects the scenes a {@link SceneStore} keeps may hold together, by default (a 1,000-object scene is ~1 MB of heap). */
export const DEFAULT_SCENE_OBJECT_BUDGET = 50_000;

/**
 * The validated, sealed scenes a thread has read, kept from run to run by path and content hash: a process that
 * runs suite after suite (the library, `rearrange mcp`, the bench's warm runs) reads each scene file again — a
 * missing or changed file is noticed — but validates and seals it only when its content changed. Keeping the same
 * scene object also keeps what hangs off it: the load cache's recipe (its settled poses) and the lane's free world
 * (WorldPool), so a later run restores that world instead of loading and settling the house again, and a worker
 * thread does not pass megabytes of freshly loaded world through its young generation every run.
 *
 * The scenes are sealed (deep-frozen), so sharing them between runs shares nothing a run can change. Bounded:
 * scenes are kept, most recently used last, while they hold at most `objectBudget` objects in all; past it the least
 * recently used go first (the last one used is kept whatever its size).
 */
export class SceneStore {
  /** Path → scene, least recently used first. */
  private readonly scenes = new Map<string, LoadedScene>();

  constructor(readonly objectBudget = DEFAULT_SCENE_OBJECT_BUDGET) {}

  /** The scene kept for `path` if its content hash is `hash` (it becomes the most recently used), else undefined. */
  find(path: string, hash: string): LoadedScene | undefined {
    const kept = this.scenes.get(path);
    if (!kept || kept.hash !== hash) return undefined;
    this.scenes.delete(path);
    this.scenes.set(path, kept);
    return kept;
  }

  /** Keeps a sealed scene as the one for its path (replacing an older content of that path). */
  keep(loaded: LoadedScene): void {
    this.scenes.delete(loaded.path);
    this.scenes.set(loaded.path, loaded);
    let objects = 0;
    for (const s of this.scenes.values()) objects += s.scene.objects.length;
    for (const [path, s] of this.scenes) {
      if (objects <= this.objectBudget || this.scenes.size === 1) break;
      this.scenes.delete(path);
      objects -= s.scene.objects.length;
    }
  }

  /** How many scenes are kept. */
  get size(): number {
    return this.scenes.size;
  }
}

/** This thread's scenes (each worker thread has its own module instance, so its own store). */
export const threadScenes = new SceneStore();

import { loadSceneFileReusing, type LoadedScene } from "../../sim/scene/load.ts";
import { loadTaskFile, type LoadedTask } from "../../sim/task/load.ts";
import { sealScene } from "../../sim/world/load-cache.ts";
import { threadScenes, type SceneStore } from "./scene-store.ts";

/**
 * Loads scene and task files once per run (or once per worker thread). Scenes are sealed (deep-frozen, see
 * sealScene): every episode of a scene file shares one object, and the load cache can trust it unchanged. A scene
 * file whose content an earlier run of this thread validated is not validated again: that run's scene object is
 * used (see {@link SceneStore}).
 */
export class FileCache {
  private readonly scenes = new Map<string, LoadedScene>();
  private readonly tasks = new Map<string, LoadedTask>();

  /** @param store the scenes kept from run to run (this thread's by default) */
  constructor(private readonly store: SceneStore = threadScenes) {}

  /** The scene at `file`: read on first use, and validated unless an earlier run validated the same content. */
  scene(file: string): LoadedScene {
    let s = this.scenes.get(file);
    if (!s) {
      s = this.adopt(loadSceneFileReusing(file, (hash) => this.store.find(file, hash)));
      this.scenes.set(file, s);
    }
    return s;
  }

  /**
   * Adds a scene another thread has already read and validated (it arrives as a structured clone of
   * plain JSON data, equal to what loading the file again would give), so this thread does not read and
   * validate the file again. A scene already here is kept; so is the one an earlier run kept for the same content.
   */
  addScene(loaded: LoadedScene): void {
    if (this.scenes.has(loaded.path)) return;
    this.scenes.set(loaded.path, this.adopt(loaded));
  }

  /**
   * Takes the scene an earlier run of this thread kept for `file` with content hash `hash`, if there is one (or
   * the one this run has already); false when there is none, and nothing changes.
   */
  addKeptScene(file: string, hash: string): boolean {
    const here = this.scenes.get(file);
    if (here) return here.hash === hash;
    const kept = this.store.find(file, hash);
    if (kept) this.scenes.set(file, kept);
    return kept !== undefined;
  }

  /** The store's scene for that path and content if it has one, else `loaded`, sealed and kept in the store. */
  private adopt(loaded: LoadedScene): LoadedScene {
    const kept = this.store.find(loaded.path, loaded.hash);
    if (kept) return kept;
    sealScene(loaded.scene);
    this.store.keep(loaded);
    return loaded;
  }

  /** The scene at `file` if it has been loaded or added, without loading it. */
  loadedScene(file: string): LoadedScene | undefined {
    return this.scenes.get(file);
  }

  /** Adds a task another thread has already read, validated and parsed (a structured clone, as {@link addScene}). */
  addTask(loaded: LoadedTask): void {
    if (!this.tasks.has(loaded.path)) this.tasks.set(loaded.path, loaded);
  }

  /** The task at `file`, read and validated on first use. */
  task(file: string): LoadedTask {
    let t = this.tasks.get(file);
    if (!t) this.tasks.set(file, (t = loadTaskFile(file)));
    return t;
  }
}

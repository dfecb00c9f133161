import { loadSceneFile, type LoadedScene } from "../../sim/scene/load.ts";
import { loadTaskFile, type LoadedTask } from "../../sim/task/load.ts";
import { sealScene } from "../../sim/world/load-cache.ts";

/**
 * Loads scene and task files once per run (or once per worker thread). Scenes are sealed (deep-frozen, see
 * sealScene): every episode of a scene file shares one object, and the load cache can trust it unchanged.
 */
export class FileCache {
  private readonly scenes = new Map<string, LoadedScene>();
  private readonly tasks = new Map<string, LoadedTask>();

  /** The scene at `file`, read and validated on first use. */
  scene(file: string): LoadedScene {
    let s = this.scenes.get(file);
    if (!s) {
      s = loadSceneFile(file);
      sealScene(s.scene);
      this.scenes.set(file, s);
    }
    return s;
  }

  /**
   * Adds a scene another thread has already read and validated (it arrives as a structured clone of
   * plain JSON data, equal to what loading the file again would give), so this thread does not read and
   * validate the file again. A scene already here is kept.
   */
  addScene(loaded: LoadedScene): void {
    if (this.scenes.has(loaded.path)) return;
    sealScene(loaded.scene);
    this.scenes.set(loaded.path, loaded);
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

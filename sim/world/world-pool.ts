import type { SceneFile } from "../scene/schema.ts";
import { cachedRecipe, type LoadRecipe } from "./load-cache.ts";
import { loadWorldWithRecipe } from "./load-world.ts";
import type { World } from "./world.ts";

/** A world nobody uses, and the recipe it was loaded with (which pins the scene content it was loaded from). */
interface FreeWorld {
  world: World;
  recipe: LoadRecipe;
}

/**
 * Worlds kept between the episodes of one lane of a run, so that an episode's reset puts back the world
 * of the previous episode of the same scene ({@link World.restore}: the size of that episode's changes)
 * instead of building every object, frame and index bucket again (a 1,000-object house is megabytes that
 * live long enough to be promoted, which is what made the young-generation collections expensive).
 *
 * Ownership is exclusive: {@link take} hands a world to one user and forgets it; {@link give} takes it
 * back once nothing will read it any more (the episode has ended and its events are out). A world is
 * restored only for the very scene object it was loaded from, and only while that scene's content is
 * still what it was loaded from (the load cache's content check: a scene edited in place since loads in full).
 */
export class WorldPool {
  /** Scene → its free world, least recently given first. */
  private readonly free = new Map<SceneFile, FreeWorld>();
  /** The recipe each world handed out was loaded with. */
  private readonly recipes = new WeakMap<World, LoadRecipe>();

  /**
   * Free worlds are kept, one per scene, while there are at most `capacity` of them holding at most `objectBudget`
   * objects in all (a world takes ~3 KB of heap an object: 20,000 objects are ~60 MB); past either, the least
   * recently given goes first. The last world given is kept whatever its size: a lane that runs one large scene
   * again and again restores it rather than loading it each time.
   * @param capacity most free worlds kept
   * @param objectBudget most objects in the free worlds together
   */
  constructor(
    readonly capacity = DEFAULT_CAPACITY,
    readonly objectBudget = DEFAULT_OBJECT_BUDGET,
  ) {}

  /** A world of `scene` as a fresh load gives it: the free one restored, else a new load. The caller owns it. */
  take(scene: SceneFile): World {
    const kept = this.free.get(scene);
    if (kept) {
      this.free.delete(scene);
      // the same recipe object: the scene's content has not changed since that world was loaded
      if (cachedRecipe(scene) === kept.recipe) {
        kept.world.restore();
        this.recipes.set(kept.world, kept.recipe);
        return kept.world;
      }
    }
    const { world, recipe } = loadWorldWithRecipe(scene);
    world.checkpoint();
    this.recipes.set(world, recipe);
    return world;
  }

  /**
   * Takes back a world from {@link take} that nothing will read again. A world that cannot be restored
   * (its three.js graph was built) or that this pool did not hand out is dropped.
   */
  give(world: World): void {
    const recipe = this.recipes.get(world);
    if (!recipe || !world.restorable) return;
    this.recipes.delete(world);
    // given again: it becomes the most recently given
    this.free.delete(world.scene);
    this.free.set(world.scene, { world, recipe });
    let objects = 0;
    for (const f of this.free.values()) objects += f.world.objects.size;
    for (const [scene, f] of this.free) {
      if (this.free.size <= this.capacity && (objects <= this.objectBudget || this.free.size === 1)) break;
      this.free.delete(scene);
      objects -= f.world.objects.size;
    }
  }
}

/** Free worlds a pool keeps at most, by default. */
export const DEFAULT_CAPACITY = 16;
/** Objects a pool's free worlds hold at most together, by default. */
export const DEFAULT_OBJECT_BUDGET = 20_000;

let threadPool: WorldPool | null = null;

/**
 * The worlds this thread keeps for every run it executes, one after another or side by side (a world is handed to
 * one user at a time): a run of a scene an earlier run of this thread used restores that world instead of loading
 * it (with the same scene object, see harness/runner/scene-store.ts). Each worker thread has its own.
 */
export function threadWorldPool(): WorldPool {
  return (threadPool ??= new WorldPool());
}

import type { LoadedScene } from "../../sim/scene/load.ts";
import { cachedRecipe, rememberRecipe, type LoadRecipe } from "../../sim/world/load-cache.ts";

/**
 * A message that carries a scene's load recipe (settled poses and supports, see sim/world/load-cache.ts)
 * from the lane that computed it to the others: `[RECIPE_MESSAGE, scenePath, recipe]`.
 */
export const RECIPE_MESSAGE = "recipe";
export type RecipeMessage = [typeof RECIPE_MESSAGE, string, LoadRecipe];

/** Whether a message on a lane's port is a {@link RecipeMessage} (the other messages are `[index, event]`). */
export function isRecipeMessage(m: unknown): m is RecipeMessage {
  return Array.isArray(m) && m[0] === RECIPE_MESSAGE;
}

/**
 * Shares what loading a scene computed between the lanes of a parallel run, so that each scene is settled
 * once per run instead of once per lane. Settling a 1,000-object house is most of a load and, in a thread
 * whose code is still cold, several times a warm load (hundreds of ms of CPU for the generated houses of the
 * workers bench); a recipe replays to the very world a full load builds (load-cache.test.ts), and it is a
 * pure function of the scene's content, which every lane has identically (the threads get the main
 * thread's validated scenes). A lane offers a scene's recipe once it has one (right after an episode's
 * reset) and takes the others' before it starts an episode.
 */
export class RecipeShare {
  /** Scenes whose recipe this lane has passed on or taken: nothing more to do for them. */
  private readonly done = new Set<string>();

  /** @param sceneAt this lane's copy of the scene at a path, or undefined when the lane has none */
  constructor(private readonly sceneAt: (path: string) => LoadedScene | undefined) {}

  /**
   * The recipe of the scene at `path` to pass on, the first time this lane has one that no other lane sent;
   * otherwise null.
   */
  outgoing(path: string): RecipeMessage | null {
    if (this.done.has(path)) return null;
    const scene = this.sceneAt(path);
    const recipe = scene ? cachedRecipe(scene.scene) : null;
    if (!recipe) return null;
    this.done.add(path);
    return [RECIPE_MESSAGE, path, recipe];
  }

  /**
   * Takes a recipe another lane computed: the next load of that scene here replays it. A recipe this lane
   * made itself meanwhile is kept (the two are the same).
   * @returns whether this lane had neither sent nor taken that scene's recipe before (then it is worth
   *   passing on to the lanes this one relays to)
   */
  incoming([, path, recipe]: RecipeMessage): boolean {
    if (this.done.has(path)) return false;
    this.done.add(path);
    const scene = this.sceneAt(path);
    if (scene && !cachedRecipe(scene.scene)) rememberRecipe(scene.scene, recipe);
    return true;
  }
}

import type { Box, SceneFile } from "../scene/schema.ts";
import type { Support } from "./world.ts";

/**
 * What loading a scene computed beyond building the world: the settled box of every carryable object, in
 * settling order, and the support derived for each, in the order they were applied. Settling and support
 * derivation are a pure function of the scene's content (no randomness, no clock), so replaying these
 * through the same World mutations rebuilds exactly the world a fresh load gives, without the physics and
 * predicate work (about two thirds of a load).
 */
export interface LoadRecipe {
  /** Settling order with each object's final box. */
  settled: { id: string; box: Box }[];
  /** Support derivation order with each object's support. */
  supports: { id: string; support: Support }[];
}

interface Entry {
  recipe: LoadRecipe;
  /** A deep copy of the scene when the recipe was made: a scene edited in place since then misses the cache. Null for a sealed scene. */
  content: SceneFile | null;
}

/**
 * Recipes by scene object. The runner's file cache hands every episode of a scene file the same SceneFile
 * object, so episode resets hit this; a scene that is no longer referenced is dropped with it (WeakMap).
 * A freshly read file is a new object and loads in full (so `loadMs1k` still times a full load).
 */
const recipes = new WeakMap<SceneFile, Entry>();

/**
 * Scenes deep-frozen by {@link sealScene}: their content cannot change, so a recipe for one needs no copy of
 * the content and no comparison with it (on a thousand-object scene the comparison was most of a reset's time).
 */
const sealed = new WeakSet<SceneFile>();

/**
 * Freezes a scene and everything in it, and marks it so the load cache trusts it without comparing content.
 * For scenes the harness itself read (the runner's file cache): nothing edits them after validation.
 * Returns the same object.
 */
export function sealScene(scene: SceneFile): SceneFile {
  if (sealed.has(scene)) return scene;
  deepFreeze(scene);
  sealed.add(scene);
  return scene;
}

function deepFreeze(x: unknown): void {
  if (typeof x !== "object" || x === null || Object.isFrozen(x)) return;
  Object.freeze(x);
  for (const v of Object.values(x)) deepFreeze(v);
}

/** The recipe recorded for this scene object, if its content has not changed since. */
export function cachedRecipe(scene: SceneFile): LoadRecipe | null {
  const e = recipes.get(scene);
  if (!e) return null;
  if (e.content !== null && !sameContent(e.content, scene)) {
    recipes.delete(scene);
    return null;
  }
  return e.recipe;
}

/** Remembers what loading `scene` computed. */
export function rememberRecipe(scene: SceneFile, recipe: LoadRecipe): void {
  recipes.set(scene, { recipe, content: sealed.has(scene) ? null : copyContent(scene) });
}

/** Deep copy of a JSON-like value (plain objects, arrays, primitives): several times faster than structuredClone. */
export function copyContent<T>(x: T): T {
  if (typeof x !== "object" || x === null) return x;
  if (Array.isArray(x)) return x.map(copyContent) as T;
  const out: Record<string, unknown> = {};
  for (const k in x) if (Object.hasOwn(x, k)) out[k] = copyContent((x as Record<string, unknown>)[k]);
  return out as T;
}

/** Deep equality of JSON-like values (plain objects, arrays, primitives; key order ignored), allocation-free. */
export function sameContent(a: unknown, b: unknown): boolean {
  // Object.is: -0 and 0 are different content (a heading of -0 can round differently from 0)
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameContent(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  let n = 0;
  for (const k in ao) {
    if (!Object.hasOwn(ao, k)) continue;
    n++;
    if (!Object.hasOwn(bo, k) || !sameContent(ao[k], bo[k])) return false;
  }
  for (const k in bo) if (Object.hasOwn(bo, k)) n--;
  return n === 0;
}

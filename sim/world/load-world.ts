import { settleScene } from "../physics/settle-scene.ts";
import { inside, ontop, under } from "../predicates/index.ts";
import type { Box, SceneFile } from "../scene/schema.ts";
import { copyBox } from "../geometry/copy.ts";
import type { SimObject } from "./sim-object.ts";
import { cachedRecipe, rememberRecipe, type LoadRecipe } from "./load-cache.ts";
import { World, type Support } from "./world.ts";

/**
 * Builds a world from a validated scene: settles carryable objects with physics, then derives
 * what each rests on or in (from geometry, never stored) and mirrors it in the scene graph.
 * Loading the same scene object again (every episode reset of a scene file) replays what the first load
 * computed through the same world mutations instead of recomputing it: the same world, a third of the work.
 */
export function loadWorld(scene: SceneFile, _file = scene.id): World {
  return loadWorldWithRecipe(scene).world;
}

/**
 * {@link loadWorld}, also giving the recipe the load replayed or recorded: while `cachedRecipe(scene)` still
 * returns that same recipe object, the scene's content is what this world was loaded from.
 */
export function loadWorldWithRecipe(scene: SceneFile): { world: World; recipe: LoadRecipe } {
  const world = new World(scene);
  const cached = cachedRecipe(scene);
  if (cached) {
    replay(world, cached);
    return { world, recipe: cached };
  }
  const settled = settle(world);
  const supports = deriveSupports(world);
  const recipe = { settled, supports };
  rememberRecipe(scene, recipe);
  return { world, recipe };
}

/** Drops carryable objects onto their supports with physics (fixed furniture never moves); returns them in settling order. */
function settle(world: World): LoadRecipe["settled"] {
  const report = settleScene([...world.objects.values()], world.index);
  return report.settled.map((id) => ({ id, box: copyBox(world.get(id).box) }));
}

/**
 * Where each carryable object rests, bottom-up, so containers and supports are placed before their contents.
 * Returns the supports in the order they were applied.
 */
export function deriveSupports(world: World): LoadRecipe["supports"] {
  const carryables = [...world.objects.values()]
    .filter((o) => o.kind === "carryable")
    .sort((a, b) => a.box.center.z - a.box.size.z / 2 - (b.box.center.z - b.box.size.z / 2) || (a.id < b.id ? -1 : 1));
  const applied: LoadRecipe["supports"] = [];
  for (const o of carryables) {
    const support = findSupport(world, o);
    world.setPose(o.id, o.box, support);
    applied.push({ id: o.id, support: { ...support } });
  }
  return applied;
}

/**
 * The mutations a full load makes, with their recorded results: settling sets each box, then the supports are
 * applied with setPose exactly as {@link deriveSupports} does. The index is not told about the settled boxes:
 * setPose re-inserts every carryable object (all that settling moved) afterwards, and a bucket's order is the
 * order of its ids' last insertions, so the index ends as a full load leaves it (load-cache.test.ts compares).
 */
function replay(world: World, recipe: LoadRecipe): void {
  for (const { id, box } of recipe.settled) world.get(id).box = copyBox(box);
  for (const { id, support } of recipe.supports) world.setPose(id, world.get(id).box, { ...support });
}

/**
 * What `o` rests on or in: an object it sits on (highest first; inside a container this is a stacked
 * object), else the innermost container holding it, else what it stands under, else its room's floor.
 */
export function findSupport(world: World, o: SimObject): Support {
  // not what already rests on it: two tags a millimetre thick, overlapping, are each on top of the other
  const near = world.objectsNear(o.box, 0.05).filter((n) => n.id !== o.id && !restsOn(world, n.id, o.id));
  const volume = (x: SimObject) => x.box.size.x * x.box.size.y * x.box.size.z;
  const top = (x: SimObject) => x.box.center.z + x.box.size.z / 2;
  const byId = (a: SimObject, b: SimObject) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const container = near.filter((n) => inside(o, n)).sort((a, b) => volume(a) - volume(b) || byId(a, b))[0];
  const supports = near
    .filter((n) => n.shape !== "floor" && n.id !== container?.id && ontop(o, n))
    .sort((a, b) => top(b) - top(a) || byId(a, b));
  if (supports.length) return { relation: "ontop", target: supports[0]!.id };
  if (container) return { relation: "inside", target: container.id };
  const bottom = (x: SimObject) => x.box.center.z - x.box.size.z / 2;
  // not what rests on or in it: a box on the floor with a puzzle on its lid stands on the floor, not "under" the puzzle
  const over = near.filter((n) => n.shape !== "floor" && under(o, n) && !ontop(n, o) && !inside(n, o)).sort((a, b) => bottom(a) - bottom(b) || byId(a, b))[0];
  if (over) return { relation: "under", target: over.id };
  const floor = world.objects.get(`floor_${o.room}`) ?? [...world.objects.values()].find((f) => f.shape === "floor" && f.room === o.room);
  return { relation: "onfloor", target: floor?.id ?? `floor_${o.room}` };
}

/** True when `id` rests (transitively: on, in or under, through its supports) on `on`. */
function restsOn(world: World, id: string, on: string): boolean {
  for (let cur = world.supports.get(id), guard = 0; cur && guard < 64; cur = world.supports.get(cur.target), guard++) if (cur.target === on) return true;
  return false;
}

import type { World } from "../world/world.ts";
import { TaskBinding } from "./binding.ts";
import { GoalSpec } from "./goal-tracker.ts";
import type { LoadedTask } from "./load.ts";

/** A task bound in one world: its instances resolved to the world's objects, its goal expanded and compiled. */
export interface BoundTask {
  binding: TaskBinding;
  goal: GoalSpec;
}

/** World → task → the task bound in it. Weak both ways: a world or task no longer used takes its entries with it. */
const boundByWorld = new WeakMap<World, WeakMap<LoadedTask, BoundTask>>();

/**
 * `task` bound in `world`, made on first use and then kept for as long as both are: a binding and a compiled
 * goal depend on the task and on which objects the world has, never on where they are or what state they are
 * in, and a pooled world ({@link WorldPool}) is the same object episode after episode, restored between them.
 * Neither is changed by an episode (the binding's name lookups only fill a cache of their own answers).
 * @throws InputErrors (or one InputError) when the task's bindings do not fit the world, as TaskBinding does
 */
export function boundTask(world: World, task: LoadedTask): BoundTask {
  let byTask = boundByWorld.get(world);
  if (!byTask) boundByWorld.set(world, (byTask = new WeakMap()));
  let bound = byTask.get(task);
  if (!bound) {
    const binding = new TaskBinding(task.problem, task.task.bindings, world, task.path);
    bound = { binding, goal: new GoalSpec(world, binding) };
    byTask.set(task, bound);
  }
  return bound;
}

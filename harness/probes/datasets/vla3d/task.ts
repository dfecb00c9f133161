/**
 * A rearrangement task for an imported scene, so `rearrange run` has something to do in it:
 * "put <carryable> on <table-like surface>", the object and the surface chosen by a seeded stream
 * (the surface in another room when there is one), written as a task file with an inline BDDL
 * problem whose instances bind to the scene's objects.
 */
import { Rng } from "../../../../sim/rng.ts";
import type { ObjectSpec, SceneFile } from "../../../../sim/scene/schema.ts";

/**
 * A task file (see sim/task/schema.ts), or null when the scene has no carryable object or no surface, or
 * no `attempt`-th choice. Attempt 0 is the seeded pick; later attempts (for when the importer's oracle
 * check rejects one) take the other object–surface pairs in a seeded order, surfaces in other rooms
 * first, and return null once every pair was offered.
 */
export function moveTask(scene: SceneFile, seed: number, attempt = 0): Record<string, unknown> | null {
  const rng = new Rng(`${seed}:${scene.id}`);
  const carryable = scene.objects.filter((o) => o.kind === "carryable").sort((a, b) => (a.id < b.id ? -1 : 1));
  const surfaces = scene.objects.filter((o) => o.kind === "fixed" && o.shape === "table" && o.abilities.includes("surface")).sort((a, b) => (a.id < b.id ? -1 : 1));
  if (carryable.length === 0 || surfaces.length === 0) return null;
  const first = rng.pick(carryable);
  const firstElsewhere = surfaces.filter((s) => s.room !== first.room);
  let item = first;
  let target = rng.pick(firstElsewhere.length > 0 ? firstElsewhere : surfaces);
  if (attempt > 0) {
    const pairs = new Rng(`${seed}:${scene.id}:retry`).shuffle(carryable.flatMap((c) => surfaces.map((s) => [c, s] as const))).filter(([c, s]) => !(c === first && s === target));
    pairs.sort((a, b) => Number(a[1].room === a[0].room) - Number(b[1].room === b[0].room));
    const pair = pairs[attempt - 1];
    if (!pair) return null;
    [item, target] = pair;
  }
  const label = (o: ObjectSpec) => o.label ?? o.category.replace(/\.n\.\d+$/, "").replace(/_/g, " ");
  const roomType = (id: string) => scene.rooms.find((r) => r.id === id)!.type.replace(/_/g, " ");
  const id = `${scene.id}-move-${item.id}`;
  const a = `${item.category}_1`;
  const b = item.category === target.category ? `${target.category}_2` : `${target.category}_1`;
  const bddl = [
    `(define (problem ${id})`,
    "    (:domain igibson)",
    "    (:objects",
    `        ${a}${item.category === target.category ? ` ${b}` : ""} - ${item.category}`,
    ...(item.category === target.category ? [] : [`        ${b} - ${target.category}`]),
    "        agent.n.01_1 - agent.n.01",
    "    )",
    "    (:init",
    `        (inroom ${a} ${item.room})`,
    `        (inroom ${b} ${target.room})`,
    "    )",
    "    (:goal",
    "        (and",
    `            (ontop ?${a} ?${b}))`,
    "    )",
    ")",
    "",
  ].join("\n");
  return {
    schemaVersion: 1,
    id,
    instruction: `Put the ${label(item)} from the ${roomType(item.room)} on the ${label(target)} in the ${roomType(target.room)}.`,
    bddl,
    bindings: { [a]: item.id, [b]: target.id, "agent.n.01_1": "agent" },
    family: "move",
    tags: ["imported", "ontop"],
  };
}

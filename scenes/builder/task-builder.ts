/**
 * Turns a short task description (instruction, the instances a goal names and their scene objects, the
 * goal expression) into a task file whose BDDL `:objects` and `:init` are derived from the built scene,
 * so the initial facts are true by construction: each bound object is anchored to what holds it up
 * (which is declared and bound too), fixed things and floors get `inroom`, openable and toggleable
 * things get their `open` / `toggled_on` state.
 */
import type { TaskSchema } from "../../sim/task/schema.ts";
import type { z } from "zod";
import type { SceneBuilder } from "./scene-builder.ts";

/** What a task author writes. */
export interface TaskSpec {
  id: string;
  instruction: string;
  /** Task family, e.g. `collect-all`, `open-before-place`, `switch`. */
  family: string;
  /** BDDL instance → scene object id; floors bind to `floor_<room>`. `agent.n.01_1` is added. */
  bind: Record<string, string>;
  /** The `:goal` expression (usually one `(and …)`), written with `?`-prefixed instance names. */
  goal: string;
  /** Rough length of an optimal plan in actions; the episode budget is derived from it. */
  optimalSteps: number;
  /** Extra tags (predicates and operators used by the goal are added automatically). */
  tags?: string[];
}

/** Task file content as written. */
export type TaskInput = z.input<typeof TaskSchema>;

/** A built task with its derived budget. */
export interface BuiltTask {
  task: TaskInput;
  maxSteps: number;
}

/** A task description that does not fit its scene. */
export class TaskBuildError extends Error {
  constructor(taskId: string, problems: string[]) {
    super(`task "${taskId}" is inconsistent:\n  - ${problems.join("\n  - ")}`);
    this.name = "TaskBuildError";
  }
}

const INSTANCE_REF = /\?([A-Za-z0-9_'.-]+\.n\.\d+_\d+)(?![\w.])/g;
const QUANTIFIED = /\(\?[A-Za-z0-9_'.-]+\s+-\s+([A-Za-z0-9_'.-]+\.n\.\d+)\)/g;

/** Episode budget: three times an optimal plan plus slack for exploration. */
export function budgetFor(optimalSteps: number): number {
  return 3 * optimalSteps + 20;
}

/** Predicates and operators a goal uses, sorted (the task's automatic tags). */
export function goalVocabulary(goal: string): string[] {
  const heads = new Set<string>();
  for (const m of goal.matchAll(/\(\s*([A-Za-z_][\w-]*)/g)) heads.add(m[1]!.toLowerCase());
  return [...heads].sort();
}

/** Builds a task file for `scene` from its description; throws a {@link TaskBuildError} on a mismatch. */
export function buildTask(scene: SceneBuilder, spec: TaskSpec): BuiltTask {
  const problems: string[] = [];
  const bindings = new Map<string, string>(Object.entries(spec.bind));
  const byObject = new Map<string, string>();
  for (const [inst, id] of bindings) {
    if (byObject.has(id)) problems.push(`${id} is bound twice (${byObject.get(id)} and ${inst})`);
    byObject.set(id, inst);
    const cat = categoryOf(inst);
    const actual = categoryOfObject(scene, id);
    if (!cat) problems.push(`instance "${inst}" is not named category_N`);
    else if (actual === undefined) problems.push(`${inst} binds to "${id}", which is not in scene ${scene.meta.id}`);
    else if (actual !== cat) problems.push(`${inst} binds to ${id}, whose category is ${actual}`);
  }
  for (const m of spec.goal.matchAll(INSTANCE_REF)) {
    if (!bindings.has(m[1]!)) problems.push(`the goal names ${m[1]} but it is not bound`);
  }
  const quantified = new Set([...spec.goal.matchAll(QUANTIFIED)].map((m) => m[1]!));
  for (const cat of quantified) {
    if (![...bindings.keys()].some((i) => categoryOf(i) === cat)) problems.push(`the goal quantifies over ${cat} but no instance of it is declared`);
  }
  const explicit = new Set(bindings.keys());

  /** Declares (or finds) the instance bound to a scene object, naming it after its category. */
  const instanceFor = (id: string): string => {
    const known = byObject.get(id);
    if (known) return known;
    const cat = categoryOfObject(scene, id)!;
    let n = 1;
    while (bindings.has(`${cat}_${n}`)) n++;
    const inst = `${cat}_${n}`;
    if (quantified.has(cat)) problems.push(`${id} (${cat}) holds up a bound object; bind it explicitly since the goal quantifies over ${cat}`);
    bindings.set(inst, id);
    byObject.set(id, inst);
    return inst;
  };

  const init: string[] = [];
  const anchored = new Set<string>();
  const anchor = (inst: string): void => {
    if (anchored.has(inst)) return;
    anchored.add(inst);
    const id = bindings.get(inst)!;
    const floorRoom = /^floor_(.+)$/.exec(id)?.[1];
    if (floorRoom !== undefined) {
      init.push(`(inroom ${inst} ${scene.roomType(floorRoom)})`);
      return;
    }
    const o = scene.object(id)!;
    const p = scene.placement(id)!;
    if (p.relation === "onfloor" && o.kind === "carryable") init.push(`(onfloor ${inst} ${need(`floor_${o.room}`)})`);
    else if (p.relation === "onfloor" || p.relation === "mounted") init.push(`(inroom ${inst} ${scene.roomType(o.room)})`);
    else init.push(`(${p.relation} ${inst} ${need(p.target)})`);
    if (o.abilities.includes("openable")) init.push(o.states.open ? `(open ${inst})` : `(not (open ${inst}))`);
    if (o.abilities.includes("toggleable")) init.push(o.states.toggled_on ? `(toggled_on ${inst})` : `(not (toggled_on ${inst}))`);
  };
  const need = (id: string): string => {
    const inst = instanceFor(id);
    anchor(inst);
    return inst;
  };

  for (const inst of explicit) if (categoryOf(inst) && categoryOfObject(scene, bindings.get(inst)!) === categoryOf(inst)) anchor(inst);
  const agentRoom = scene.agentRoom();
  if (agentRoom === undefined) problems.push(`scene ${scene.meta.id} has no agent start`);
  else if (problems.length === 0) init.push(`(onfloor agent.n.01_1 ${need(`floor_${agentRoom}`)})`);
  bindings.set("agent.n.01_1", "agent");
  if (problems.length > 0) throw new TaskBuildError(spec.id, problems);

  const tags = [...new Set([...goalVocabulary(spec.goal), ...(spec.tags ?? [])])];
  return {
    task: {
      schemaVersion: 1,
      id: spec.id,
      instruction: spec.instruction,
      bddl: formatProblem(spec.id, bindings, init, spec.goal),
      bindings: Object.fromEntries(bindings),
      family: spec.family,
      tags,
    },
    maxSteps: budgetFor(spec.optimalSteps),
  };
}

function categoryOf(instance: string): string | undefined {
  return /^(.+\.n\.\d+)_\d+$/.exec(instance)?.[1];
}

function categoryOfObject(scene: SceneBuilder, id: string): string | undefined {
  if (id === "agent") return "agent.n.01";
  const floorRoom = /^floor_(.+)$/.exec(id)?.[1];
  if (floorRoom !== undefined) return scene.roomType(floorRoom) ? "floor.n.01" : undefined;
  return scene.object(id)?.category;
}

function formatProblem(id: string, bindings: Map<string, string>, init: string[], goal: string): string {
  const byCat = new Map<string, string[]>();
  for (const inst of bindings.keys()) {
    const cat = categoryOf(inst)!;
    byCat.set(cat, [...(byCat.get(cat) ?? []), inst]);
  }
  const objects = [...byCat].map(([cat, insts]) => `        ${insts.join(" ")} - ${cat}`);
  return [
    `(define (problem ${id})`,
    "    (:domain igibson)",
    "    (:objects",
    ...objects,
    "    )",
    "    (:init",
    ...init.map((f) => `        ${f}`),
    "    )",
    "    (:goal",
    ...reindent(goal, 8),
    "    )",
    ")",
    "",
  ].join("\n");
}

/** Strips the common indentation of a multi-line expression and indents it by `by` spaces. */
function reindent(text: string, by: number): string[] {
  const lines = text.replace(/^\s*\n/, "").replace(/\s+$/, "").split("\n");
  const common = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length));
  return lines.map((l) => " ".repeat(by) + l.slice(common));
}

import { isWildcardInstance, type BddlProblem } from "../bddl/ast.ts";
import { InputError, oneInputError } from "../errors.ts";
import type { SceneFile } from "../scene/schema.ts";
import { withFloors } from "../world/floors.ts";
import type { World } from "../world/world.ts";

/** The id the agent instance (`agent.n.01_*`) binds to. */
export const AGENT_ID = "agent";

/**
 * How a task's BDDL instances map onto scene objects. Quantifiers range over a category's declared
 * instances; a `_*` wildcard category also ranges over every other scene object of that category
 * (named by its object id).
 */
export class TaskBinding {
  /** instance name → scene object id (or `agent`). */
  readonly toObject = new Map<string, string>();
  private readonly instancesByCategory = new Map<string, string[]>();
  /** Names `toObject` has no entry for, with the declared name of the same letters (or the name itself): {@link findCase} scans every declared object. */
  private readonly caseOf = new Map<string, string>();

  constructor(
    readonly problem: BddlProblem,
    bindings: Record<string, string | string[]>,
    world: World,
    file: string,
  ) {
    const problems = bindingProblems(problem, bindings, file, (id) => world.objects.has(id));
    if (problems.length) throw oneInputError(problems);
    const lower = new Map([...problem.objects.keys()].map((k) => [k.toLowerCase(), k]));
    for (const [inst, target] of Object.entries(bindings)) {
      if (Array.isArray(target)) continue; // explicit wildcard members, handled below
      this.toObject.set(lower.get(inst.toLowerCase())!, target);
    }
    for (const [category, instances] of problem.categories) {
      const concrete = instances.filter((i) => !i.endsWith("_*"));
      for (const i of concrete) {
        if (this.toObject.has(i)) continue;
        this.toObject.set(i, AGENT_ID); // bindingProblems: only an agent instance may be left unbound
      }
      const list = [...concrete];
      if (problem.wildcards.has(category)) {
        const bound = new Set(concrete.map((i) => this.toObject.get(i)));
        const explicit = Object.entries(bindings).find(([k]) => k.toLowerCase() === `${category}_*`.toLowerCase())?.[1];
        const members = Array.isArray(explicit)
          ? explicit
          : [...world.objects.values()].filter((o) => o.category === category).map((o) => o.id);
        for (const id of members) {
          if (bound.has(id)) continue;
          this.toObject.set(id, id);
          list.push(id);
        }
      }
      this.instancesByCategory.set(category, list);
    }
  }

  /** Instances a quantifier over `category` ranges over. */
  instancesOf(category: string): string[] {
    return this.instancesByCategory.get(category) ?? [];
  }

  /** Scene object id of an instance name (case-insensitive fallback), or undefined for a room type. */
  resolve(name: string): string | undefined {
    const hit = this.toObject.get(name);
    if (hit !== undefined) return hit;
    if (this.problem.objects.has(name)) return this.toObject.get(name);
    let declared = this.caseOf.get(name);
    if (declared === undefined) this.caseOf.set(name, (declared = findCase(this.problem, name)));
    return this.toObject.get(declared);
  }
}

/**
 * What is wrong with a task's `bindings`, every problem as an InputError naming `file` (the task file) and
 * the JSON path: a key that is not a declared instance, a list bound to an instance that is not a `_*`
 * wildcard, and a declared instance (other than the agent's) left unbound. These need the task only; with
 * `sceneHas`, bound object ids the scene lacks are reported too (naming `sceneName` when given).
 * {@link TaskBinding} refuses a task with any of them; `loadTaskFile` checks the task-only part and the
 * runner the rest, so `validate` and `run` report them before any episode.
 */
export function bindingProblems(
  problem: BddlProblem,
  bindings: Readonly<Record<string, string | readonly string[]>>,
  file: string,
  sceneHas?: (id: string) => boolean,
  sceneName?: string,
): InputError[] {
  const noObject = (id: string) => `${sceneName ? `scene ${sceneName}` : "scene"} has no object "${id}"`;
  const out: InputError[] = [];
  const lower = new Map([...problem.objects.keys()].map((k) => [k.toLowerCase(), k]));
  const bound = new Set<string>();
  for (const [inst, target] of Object.entries(bindings)) {
    const where = `$.bindings[${JSON.stringify(inst)}]`;
    const declared = lower.get(inst.toLowerCase());
    if (!declared) {
      out.push(new InputError(file, where, `"${inst}" is not declared in the BDDL :objects`));
      continue;
    }
    if (Array.isArray(target)) {
      if (!isWildcardInstance(declared)) {
        out.push(new InputError(file, where, `a list binds a wildcard instance (${problem.objects.get(declared)}_*) only; bind "${declared}" to one scene object id`));
        bound.add(declared); // reported here, not again as unbound
        continue;
      }
      if (sceneHas) {
        target.forEach((id, k) => {
          if (!sceneHas(id)) out.push(new InputError(file, `${where}[${k}]`, noObject(id)));
        });
      }
    } else if (sceneHas && target !== AGENT_ID && !sceneHas(target as string)) {
      out.push(new InputError(file, where, noObject(target as string)));
    }
    bound.add(declared);
  }
  for (const [category, instances] of problem.categories) {
    if (category.startsWith("agent.")) continue; // binds to the agent by default
    for (const i of instances) {
      if (isWildcardInstance(i) || bound.has(i)) continue;
      out.push(new InputError(file, `$.bindings`, `instance "${i}" (${category}) is not bound to a scene object`));
    }
  }
  return out;
}

/** The ids a task can bind to in `scene`: its objects and the `floor_<room>` objects the world adds (as a World built from it has). */
export function sceneObjectIds(scene: SceneFile): Set<string> {
  return new Set(withFloors(scene).map((o) => o.id));
}

function findCase(problem: BddlProblem, name: string): string {
  const l = name.toLowerCase();
  for (const k of problem.objects.keys()) if (k.toLowerCase() === l) return k;
  return name;
}

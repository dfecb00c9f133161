import type { BddlProblem } from "../bddl/ast.ts";
import { InputError } from "../errors.ts";
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
    const lower = new Map([...problem.objects.keys()].map((k) => [k.toLowerCase(), k]));
    for (const [inst, target] of Object.entries(bindings)) {
      const declared = lower.get(inst.toLowerCase());
      if (!declared) throw new InputError(file, `$.bindings["${inst}"]`, `"${inst}" is not declared in the BDDL :objects`);
      if (Array.isArray(target)) continue; // explicit wildcard members, handled below
      if (target !== AGENT_ID && !world.objects.has(target)) {
        throw new InputError(file, `$.bindings["${inst}"]`, `scene has no object "${target}"`);
      }
      this.toObject.set(declared, target);
    }
    for (const [category, instances] of problem.categories) {
      const concrete = instances.filter((i) => !i.endsWith("_*"));
      for (const i of concrete) {
        if (this.toObject.has(i)) continue;
        if (category.startsWith("agent.")) this.toObject.set(i, AGENT_ID);
        else throw new InputError(file, `$.bindings`, `instance "${i}" (${category}) is not bound to a scene object`);
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

function findCase(problem: BddlProblem, name: string): string {
  const l = name.toLowerCase();
  for (const k of problem.objects.keys()) if (k.toLowerCase() === l) return k;
  return name;
}

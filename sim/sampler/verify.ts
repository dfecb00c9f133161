import type { BddlExpr, BddlProblem } from "../bddl/ast.ts";
import { formatExpr } from "../bddl/format.ts";
import { isWildcardInstance } from "../bddl/ast.ts";
import type { SceneFile } from "../scene/schema.ts";
import { holdsAtom } from "../task/atoms.ts";
import { TaskBinding } from "../task/binding.ts";
import { loadWorld } from "../world/load-world.ts";

/** An initial fact that does not hold in a loaded scene. */
export interface UnmetFact {
  text: string;
  line: number;
  column: number;
}

/**
 * Loads the scene the way an episode does (settled with physics), binds the task and checks every
 * `:init` literal with the predicates that judge goals. A literal naming a `_*` instance must hold for
 * every scene object the wildcard stands for. Returns the literals that do not hold.
 */
export function unmetInitFacts(problem: BddlProblem, scene: SceneFile, bindings: Record<string, string | string[]>, file = scene.id): UnmetFact[] {
  const world = loadWorld(scene, file);
  const binding = new TaskBinding(problem, bindings, world, file);
  const membersOf = (name: string): string[] => {
    if (!isWildcardInstance(name)) return [binding.resolve(name) ?? name];
    const list = bindings[name] ?? bindings[Object.keys(bindings).find((k) => k.toLowerCase() === name.toLowerCase()) ?? ""];
    return Array.isArray(list) ? list : [];
  };
  const unmet: UnmetFact[] = [];
  for (const lit of problem.init) {
    const positive = lit.op !== "not";
    const atom: BddlExpr = lit.op === "not" ? lit.arg : lit;
    if (atom.op !== "atom") continue;
    const first = membersOf(atom.args[0]!);
    const second = atom.pred === "inroom" ? [atom.args[1]!] : atom.args[1] !== undefined ? membersOf(atom.args[1]) : [undefined];
    const ok = first.every((a) => second.every((b) => holdsAtom(world, atom.pred, b === undefined ? [a] : [a, b]) === positive));
    if (!ok) unmet.push({ text: formatExpr(lit), line: lit.line, column: lit.column });
  }
  return unmet;
}

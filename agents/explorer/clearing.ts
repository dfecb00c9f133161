import type { Belief } from "./belief.ts";
import type { Literal } from "./literal.ts";

/**
 * The wanted placements that take their object off a carryable thing another wanted placement puts something
 * on (or into), each with how many such placements wait behind it in turn: those go first, deepest first, as a
 * person lifts the keyboard off the notebook before the pen goes on it, and puts the pen on the notebook before
 * the notebook goes onto the folder the pen lay on. Done the other way round, a small top had no room, and
 * the placement was given up. (Furniture has room for both: clearing a desk first is not needed.)
 */
export function clearingDepths(belief: Belief, literals: readonly Literal[]): Map<Literal, number> {
  const depth = new Map<Literal, number>();
  const placements = literals.filter((l) => l.positive && (l.pred === "ontop" || l.pred === "inside"));
  if (placements.length < 2) return depth;
  const onto = new Map<string, Literal[]>();
  for (const l of placements) onto.set(l.args[1]!, [...(onto.get(l.args[1]!) ?? []), l]);
  /** The placements that wait for `l`: others that put something where `l`'s object now rests. */
  const behind = (l: Literal): Literal[] => {
    const on = belief.object(l.args[0]!)?.relation;
    if (!on || on.target === l.args[1] || belief.object(on.target)?.kind !== "carryable") return [];
    return (onto.get(on.target) ?? []).filter((other) => other.args[0] !== l.args[0]);
  };
  // depth-first, each literal once; one met again while its own depth is still being worked out closes a
  // cycle (each on the other's target), which counts nothing
  const measure = (l: Literal): number => {
    const known = depth.get(l);
    if (known !== undefined) return known;
    depth.set(l, 0);
    let d = 0;
    for (const m of behind(l)) d = Math.max(d, 1 + measure(m));
    depth.set(l, d);
    return d;
  };
  for (const l of placements) measure(l);
  for (const [l, d] of depth) if (d === 0) depth.delete(l);
  return depth;
}

import type { AchieverOption } from "./achievers/achiever.ts";
import type { AchieverRegistry } from "./achievers/registry.ts";
import type { OracleContext } from "./context.ts";
import { holdsLiteral, literalKey, type GroundLiteral } from "./literal.ts";
import type { ConditionPlan } from "./planner/goal-planner.ts";

/** A false literal to work on and the ways to make it true, best first. */
export interface AgendaItem {
  lit: GroundLiteral;
  options: AchieverOption[];
}

/**
 * The false literals of unsatisfied conditions, in the order to work on them:
 * 1. those that can be finished with the object in hand (its ways that carry it come first), the one it
 *    was picked up for (`focus`, a literal key) before any other;
 * 2. those whose target is not going to move any more (put the basket on the table before filling it),
 *    the objects most other literals hang on first;
 * 3. the rest (targets that will still move: cycles of `nextto`; targets a cloth is still to be spread over);
 * 4. closing containers last, so that things go in before the door shuts.
 * Ties keep condition order. Literals given up earlier are left out. A literal's ways come best first, those
 * that carry the object in hand before the others, and the way under way (`route`: the literal's key and the
 * way's) before all. The literal under way goes first when it is in the first item's group: ways are ranked
 * by where the agent stands, so walking to the rag for one literal could make the dustpan another's best way
 * and reorder the group, and the agent would walk back and forth between rag and soap without picking either.
 */
export function buildAgenda(plans: readonly ConditionPlan[], ctx: OracleContext, registry: AchieverRegistry, focus?: string, route?: { lit: string; optionKey: string } | null): AgendaItem[] {
  const held = ctx.world.agent.holding;
  const seen = new Set<string>();
  const items: RankedItem[] = [];
  for (const p of plans) {
    if (p.holds || !Number.isFinite(p.choice.cost)) continue;
    for (const lit of p.choice.literals) {
      const key = literalKey(lit);
      if (seen.has(key) || holdsLiteral(ctx.world, lit)) continue;
      seen.add(key);
      if (ctx.failures.isExhausted(key, Infinity)) continue;
      const found = registry.find(lit)?.options(lit, ctx) ?? [];
      const carried = held ? [...found.filter((o) => o.mover === held), ...found.filter((o) => o.mover !== held)] : found;
      const ongoing = route && route.lit === key ? carried.findIndex((o) => o.key === route.optionKey) : -1;
      const options = ongoing > 0 ? [carried[ongoing]!, ...carried.filter((_, i) => i !== ongoing)] : carried;
      // the best way, not the one under way, decides the literal's place (a way under way moves it only within its group)
      items.push({ lit, options, mover: carried[0]?.mover, target: carried[0]?.target, order: items.length, rank: 0, degree: 0 });
    }
  }
  const movers = new Set<string>();
  // what a cloth is still to be spread over: things go on it after the cloth (a pillow on the blanket on the bed)
  const toCover = new Set<string>();
  for (const i of items) {
    if (i.mover !== undefined) movers.add(i.mover);
    if (i.lit.pred === "overlaid" && i.lit.positive) toCover.add(i.lit.args[1]!);
  }
  for (const i of items) {
    i.rank = rankOf(i, held, focus, movers);
    if (i.rank === 1 && i.lit.pred !== "overlaid" && i.target !== undefined && toCover.has(i.target)) i.rank = 2;
    i.degree = i.mover ? ctx.committed.degree(i.mover) : 0;
  }
  // a few items: sorted by insertion in place (the order is total: `order` breaks every tie)
  for (let k = 1; k < items.length; k++) {
    const item = items[k]!;
    let j = k - 1;
    for (; j >= 0 && precedes(item, items[j]!); j--) items[j + 1] = items[j]!;
    items[j + 1] = item;
  }
  const underWay = route ? items.findIndex((i) => literalKey(i.lit) === route.lit) : -1;
  if (underWay > 0 && items[underWay]!.rank === items[0]!.rank) items.unshift(...items.splice(underWay, 1));
  return items;
}

interface RankedItem extends AgendaItem {
  mover?: string;
  target?: string;
  /** Position among the items before sorting (condition order). */
  order: number;
  rank: number;
  /** How many committed relations hang on the mover. */
  degree: number;
}

/** The item's group in the order of {@link buildAgenda}'s list (−1: the literal the object in hand was picked up for). */
function rankOf(i: RankedItem, held: string | null, focus: string | undefined, movers: ReadonlySet<string>): number {
  if (held && i.mover === held) return literalKey(i.lit) === focus ? -1 : 0;
  if (i.lit.pred === "open" && !i.lit.positive) return 3;
  return i.target === undefined || i.target === i.mover || !movers.has(i.target) ? 1 : 2;
}

function precedes(a: RankedItem, b: RankedItem): boolean {
  return (a.rank - b.rank || b.degree - a.degree || a.order - b.order) < 0;
}

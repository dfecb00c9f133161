import { hasInterior, hasLid, interiorOf } from "../../../sim/geometry/shape-model.ts";
import type { Vec3 } from "../../../sim/scene/schema.ts";
import { holdsAtom } from "../../../sim/task/atoms.ts";
import type { OracleContext, Step } from "../context.ts";
import { placeAt } from "../skills/hand.ts";
import type { AchieverOption } from "./achiever.ts";

/**
 * `inside(a, C)` when the plan also wants `a` on or in another carryable object `X` (a pie on a tray in
 * the oven: `(ontop pie tray) (inside pie oven)`). An object has one support, so placing `a` in `C` and
 * on `X` undo each other; but the predicates are geometric: `a` on a tray that stands in the oven is in
 * the oven too. So: put `X` inside `C` (with `a` on it, if it already is), then `a` on/in `X`.
 * Offered only when `X` fits in `C`'s interior with `a` on it.
 */
export function stackedSupportOptions(ctx: OracleContext, a: string, container: string): AchieverOption[] {
  const { world } = ctx;
  const c = world.objects.get(container);
  const ao = world.objects.get(a);
  if (!c || !ao || ao.kind !== "carryable" || !hasInterior(c)) return [];
  const interior = interiorOf(c)!;
  const out: AchieverOption[] = [];
  for (const l of ctx.committed.about(a)) {
    if (!l.positive || l.args[0] !== a || (l.pred !== "ontop" && l.pred !== "inside")) continue;
    const carrier = l.args[1]!;
    const relation = l.pred;
    const x = world.objects.get(carrier);
    if (!x || carrier === container || x.kind !== "carryable" || world.descendants(a).includes(carrier)) continue;
    if (relation === "inside" && !hasInterior(x)) continue;
    const height = relation === "ontop" ? x.box.size.z + ao.box.size.z : x.box.size.z;
    if (!fits(x.box.size, interior.size, hasLid(c) ? interior.size.z : Infinity, height)) continue;
    // what moves next: the carrier until it is in place, then `a` (so that `a` in hand keeps this way first)
    const carrierIn = holdsAtom(world, "inside", [carrier, container]);
    out.push({
      key: `stack(${a} ${relation} ${carrier} inside ${container})`,
      mover: carrierIn ? a : carrier,
      target: carrierIn ? carrier : container,
      next: (cx) => stackStep(cx, a, relation, carrier, container),
    });
  }
  return out;
}

/**
 * Puts `a` inside `container` for a state rule (an oven to cook in, a fridge to freeze in) the way the
 * plan wants it to rest: on its planned carrier in the container when there is one ({@link stackedSupportOptions}),
 * so that finishing the state does not undo `(ontop pie tray)` and the other way round.
 */
export function placeInsideAsPlanned(ctx: OracleContext, a: string, container: string): Step {
  const stacked = stackedSupportOptions(ctx, a, container).find((o) => !ctx.failures.isExhausted(o.key, Infinity));
  if (!stacked) return placeAt(ctx, a, "inside", container);
  // a step on the way to the state, not the one that makes it true
  const step = stacked.next(ctx);
  return step.kind === "act" ? { ...step, final: false } : step;
}

/** Carrier into the container first (final only when `a` already rides on it), then `a` onto the carrier. */
function stackStep(ctx: OracleContext, a: string, relation: "ontop" | "inside", carrier: string, container: string): Step {
  const { world } = ctx;
  if (!holdsAtom(world, "inside", [carrier, container])) {
    const step = placeAt(ctx, carrier, "inside", container);
    const riding = holdsAtom(world, relation, [a, carrier]);
    return step.kind === "act" && !riding ? { ...step, final: false } : step;
  }
  return placeAt(ctx, a, relation, carrier);
}

/** Footprint fits the interior in some aligned orientation, and the stack is lower than a lidded interior. */
function fits(size: Vec3, interior: Vec3, ceiling: number, height: number): boolean {
  if (height > ceiling) return false;
  const [lo, hi] = size.x <= size.y ? [size.x, size.y] : [size.y, size.x];
  const [ilo, ihi] = interior.x <= interior.y ? [interior.x, interior.y] : [interior.y, interior.x];
  return lo <= ilo && hi <= ihi;
}

import type { Relation } from "../../../sim/actions.ts";
import { hasInterior } from "../../../sim/geometry/shape-model.ts";
import { AGENT_ID } from "../../../sim/task/binding.ts";
import { act, blocked, type OracleContext, type Step } from "../context.ts";
import { holdsLiteral, SUPPORT_PREDICATES, type GroundLiteral } from "../literal.ts";
import { holdsAtom } from "../../../sim/task/atoms.ts";
import { placeAt, placeKey } from "../skills/hand.ts";
import { floorOf, footprintArea, roomsByDistance, roomsNamed } from "../skills/world-queries.ts";
import { fallsIntoOpenTop } from "../../../sim/physics/candidate-sets.ts";
import type { Achiever, AchieverOption } from "./achiever.ts";
import { carryEffort, disturbance, moveEffort } from "./effort.ts";
import { stackedSupportOptions } from "./stacked-support.ts";

/**
 * Positive spatial literals, made true by carrying an object and placing it:
 * `inside`/`ontop`/`under`/`nextto` place with that relation; `onfloor x f` places x on floor f;
 * `inroom x type` places x on the floor of a room of that type (nearest first); `touching` places one on
 * the other when it can hold it, else inside, else next to it; `overlaid` spreads a cloth over a thing by
 * placing it on top (the simulator centres something larger than its target). `nextto` and `touching` may
 * move either object. The agent itself (`inroom agent kitchen`) just walks there.
 */
export const placeRelationAchiever: Achiever = {
  name: "place-relation",
  predicates: ["inside", "ontop", "overlaid", "nextto", "under", "touching", "onfloor", "inroom"],
  polarity: "positive",
  estimate(lit, ctx) {
    const opts = placementOptions(lit, ctx);
    if (opts.length === 0) return Infinity;
    if (lit.args[0] === AGENT_ID) return 1;
    let least = Infinity;
    for (const o of opts) least = Math.min(least, o.mover ? moveEffort(ctx, o.mover) + (o.target ? carryEffort(ctx, o.mover, o.target) : 0) + disturbance(ctx, o.mover, lit) : 1);
    return least;
  },
  options: (lit, ctx) => placementOptions(lit, ctx),
};

function placementOptions(lit: GroundLiteral, ctx: OracleContext): AchieverOption[] {
  const { world } = ctx;
  const [a, b] = lit.args as [string, string];
  if (a === AGENT_ID) return agentOptions(lit, ctx);
  const ao = world.objects.get(a);
  if (!ao) return [];
  if (lit.pred === "inroom") {
    return roomsByDistance(world, (r) => roomsNamed(world, b).includes(r))
      .map((r) => floorOf(world, r))
      .filter((f) => f !== undefined)
      .flatMap((f) => move(ctx, a, "ontop", f.id));
  }
  const bo = world.objects.get(b);
  if (!bo) return [];
  switch (lit.pred) {
    case "inside":
      // on a planned carrier in the container first (pie on the tray in the oven), when the plan has one
      return hasInterior(bo) ? [...stackedSupportOptions(ctx, a, b), ...move(ctx, a, "inside", b), ...clearThenMove(ctx, a, "inside", b)] : [];
    case "ontop":
    case "overlaid":
      return [...move(ctx, a, "ontop", b), ...clearThenMove(ctx, a, "ontop", b)];
    case "under":
      return move(ctx, a, "under", b);
    case "onfloor":
      return bo.shape === "floor" ? move(ctx, a, "ontop", b) : [];
    case "nextto": {
      const [m, other] = leastAnchoredFirst(ctx, a, b);
      return [...move(ctx, m, "nextto", other), ...reseatThenMove(ctx, m, other), ...meetOnSupport(ctx, m, other), ...move(ctx, other, "nextto", m)];
    }
    case "touching": {
      const [m, other] = leastAnchoredFirst(ctx, a, b);
      return [...touchingOptions(ctx, m, other), ...touchingOptions(ctx, other, m)];
    }
    default:
      return [];
  }
}

/**
 * Of two objects either of which may move, the one fewer planned relations hang on first: moving the
 * other (a backpack things go in and next to) would undo more.
 */
function leastAnchoredFirst(ctx: OracleContext, a: string, b: string): [string, string] {
  return ctx.committed.degree(b) < ctx.committed.degree(a) ? [b, a] : [a, b];
}

/**
 * Ways to make `mover` touch `other`: on top when it fits on it, inside it, next to it — only next to it when the
 * plan wants `mover` to rest on something else (a backpack on the floor touching the wall: set on top of the
 * wall, it touched it and left the floor, and went up and down for the whole budget).
 */
function touchingOptions(ctx: OracleContext, mover: string, other: string): AchieverOption[] {
  const m = ctx.world.objects.get(mover)!;
  const o = ctx.world.objects.get(other)!;
  const restsElsewhere = ctx.committed.about(mover).some((l) => l.positive && l.args[0] === mover && SUPPORT_PREDICATES.has(l.pred) && l.args[1] !== other);
  const fitsOnTop = o.shape === "floor" || footprintArea(o.box) >= 0.5 * footprintArea(m.box);
  return [
    ...(fitsOnTop && !restsElsewhere ? move(ctx, mover, "ontop", other) : []),
    ...(hasInterior(o) && !restsElsewhere ? move(ctx, mover, "inside", other) : []),
    ...(o.shape === "floor" ? [] : move(ctx, mover, "nextto", other)),
  ];
}

/**
 * Carry `mover` and place it `relation` `target` (nothing when it cannot be carried, or when on top of an
 * open container it would fall in: that place fails every time, so the goal's other ways are taken).
 */
function move(ctx: OracleContext, mover: string, relation: Relation, target: string): AchieverOption[] {
  const m = ctx.world.objects.get(mover);
  if (!m || m.kind !== "carryable") return [];
  const t = ctx.world.objects.get(target);
  if (relation === "ontop" && t && fallsIntoOpenTop(m, t)) return [];
  return [new PlaceOption(mover, relation, target)];
}

/**
 * Carry `mover` and place it `relation` `target`. Made for every estimate of every placement literal, most
 * of them only to read the mover and the target: the key is made when first read, and `next` is a method
 * (no closure per option).
 */
class PlaceOption implements AchieverOption {
  private keyText: string | undefined;

  constructor(
    readonly mover: string,
    private readonly relation: Relation,
    readonly target: string,
  ) {}

  get key(): string {
    return (this.keyText ??= placeKey(this.mover, this.relation, this.target));
  }

  next(ctx: OracleContext): Step {
    return placeAt(ctx, this.mover, this.relation, this.target);
  }
}

/**
 * When there is no room beside `other` where it stands (a cracker among others on a tray), and `other` is
 * planned to stay on its support: put `mover` on that support first, then move `other` next to it — it
 * stays on the same support, so its own relation holds.
 */
function meetOnSupport(ctx: OracleContext, mover: string, other: string): AchieverOption[] {
  const { world } = ctx;
  const o = world.objects.get(other);
  const support = world.supports.get(other);
  if (!o || o.kind !== "carryable" || !support || (support.relation !== "ontop" && support.relation !== "inside")) return [];
  const planned = ctx.committed.about(other).some((l) => l.positive && l.args[0] === other && l.args[1] === support.target && holdsLiteral(world, l));
  if (!planned || world.objects.get(mover)?.kind !== "carryable") return [];
  const relation = support.relation;
  const base = support.target;
  return [
    {
      key: `meet(${mover}, ${other} on ${base})`,
      mover,
      target: base,
      next: (c) =>
        holdsAtom(c.world, relation, [mover, base]) || c.world.agent.holding === other
          ? placeAt(c, other, "nextto", mover)
          : placeAt(c, mover, relation, base),
    },
  ];
}

/**
 * When there is no room beside `other` and it is planned to stay next to a neighbour it is beside now (a mouse
 * set down in a corner of the desk, beside the keyboard, with the notebook on its other side): set `other` down
 * again beside that neighbour, somewhere else along it, then bring `mover` beside it. Moving `mover` to `other`
 * the other way round would take `other` away from its neighbour, and the two literals would undo each other.
 * Offered once the plain placement has failed; the first try of the way reseats, the second places.
 */
function reseatThenMove(ctx: OracleContext, mover: string, other: string): AchieverOption[] {
  if (ctx.failures.none || ctx.failures.count(placeKey(mover, "nextto", other)) === 0) return [];
  if (ctx.world.objects.get(other)?.kind !== "carryable" || ctx.world.objects.get(mover)?.kind !== "carryable") return [];
  // (once `other` is lifted to be reseated, no relation of it holds: the neighbour is then the planned one)
  const lifted = ctx.world.agent.holding === other;
  const anchor = ctx.committed
    .about(other)
    .find((l) => l.positive && l.pred === "nextto" && !l.args.includes(mover) && (lifted || holdsLiteral(ctx.world, l)));
  if (!anchor) return [];
  const neighbour = anchor.args[0] === other ? anchor.args[1]! : anchor.args[0]!;
  const key = `reseat(${other} beside ${neighbour}) then ${placeKey(mover, "nextto", other)}`;
  // the way's own count of failures tells its phase: reseating ends in a placement that leaves the literal false
  const reseating = (c: OracleContext) => c.failures.count(key) === 0 || c.world.agent.holding === other;
  const now = reseating(ctx);
  return [
    {
      key,
      // what it carries now: `other`, held, is the way's mover while it is being reseated (the agenda puts ways
      // that carry what is in hand first)
      mover: now ? other : mover,
      target: now ? neighbour : other,
      next: (c) => (reseating(c) ? placeAt(c, other, "nextto", neighbour) : placeAt(c, mover, "nextto", other)),
    },
  ];
}

/**
 * When the target is taken (a book stacked on the book that should carry the apple, a bin full of things
 * that do not belong there): move what rests on or in it and is not planned to be there onto the floor,
 * then place. Offered once the plain placement has failed; with nothing to clear it is one more try.
 */
function clearThenMove(ctx: OracleContext, mover: string, relation: "ontop" | "inside", target: string): AchieverOption[] {
  const m = ctx.world.objects.get(mover);
  const t = ctx.world.objects.get(target);
  if (!m || m.kind !== "carryable" || !t || t.shape === "floor") return [];
  if (relation === "ontop" && fallsIntoOpenTop(m, t)) return [];
  if (ctx.failures.none || ctx.failures.count(placeKey(mover, relation, target)) === 0) return [];
  const blockers = (c: OracleContext) =>
    [...c.world.supports]
      .filter(([id, s]) => s.relation === relation && s.target === target && id !== mover)
      .map(([id]) => id)
      .filter((id) => !c.committed.about(id).some((l) => l.positive && l.args[0] === id && l.args[1] === target))
      .sort();
  return [
    {
      key: `clear(${target}) then ${placeKey(mover, relation, target)}`,
      mover,
      target,
      next: (c) => {
        const first = blockers(c)[0];
        if (!first) return placeAt(c, mover, relation, target);
        const floor = floorOf(c.world, c.world.objects.get(target)!.room);
        return floor ? placeAt(c, first, "ontop", floor.id) : blocked(`no floor to clear ${target} onto`);
      },
    },
  ];
}

/** `inroom agent room` / `ontop agent floor`: walk into the room. */
function agentOptions(lit: GroundLiteral, ctx: OracleContext): AchieverOption[] {
  const { world } = ctx;
  const target = lit.args[1]!;
  const rooms =
    lit.pred === "inroom"
      ? roomsByDistance(world, (r) => roomsNamed(world, target).includes(r))
      : (lit.pred === "ontop" || lit.pred === "onfloor") && world.objects.get(target)?.shape === "floor"
        ? [world.objects.get(target)!.room]
        : [];
  return rooms.map((room) => ({
    key: `navigate(${room})`,
    next: (c: OracleContext) => {
      if (c.world.agent.room === room) return blocked(`already in ${room}`);
      return act({ type: "navigate", target: room }, true);
    },
  }));
}

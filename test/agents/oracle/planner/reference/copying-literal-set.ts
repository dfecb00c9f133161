/**
 * The oracle's LiteralSet as it was before it shared one log between a set and its extensions (session 20): every
 * `with` copied both maps. Kept unchanged as the reference the shared-log LiteralSet is tested against
 * (test/agents/oracle/planner/literal-set.test.ts): same answers for every operation on every set.
 */
import { SUPPORT_PREDICATES, type GroundLiteral } from "../../../../../agents/oracle/literal.ts";

/** literalKey as it was then: made from the fields every time (a literal's own `key` did not exist). */
function literalKey(lit: GroundLiteral): string {
  return `${lit.positive ? "" : "!"}${lit.pred}(${lit.args.join(",")})`;
}

/**
 * Literals the plan has committed to so far. Used to see that a candidate literal contradicts an earlier
 * choice (its negation is committed, or it gives an object a second support), so the planner prefers
 * choices that do not undo each other. Immutable: `with` returns an extended copy.
 */
export class CopyingLiteralSet {
  private constructor(
    private readonly byKey: ReadonlyMap<string, GroundLiteral>,
    /** Subject object id → its committed positive support literals. */
    private readonly supports: ReadonlyMap<string, readonly GroundLiteral[]>,
  ) {}

  /** The empty set: one instance (a set is never changed). */
  private static readonly EMPTY = new CopyingLiteralSet(new Map(), new Map());

  static empty(): CopyingLiteralSet {
    return CopyingLiteralSet.EMPTY;
  }

  /** This set plus `lits`. */
  with(lits: Iterable<GroundLiteral>): CopyingLiteralSet {
    const byKey = new Map(this.byKey);
    const supports = new Map(this.supports);
    for (const l of lits) {
      const key = literalKey(l);
      if (byKey.has(key)) continue;
      byKey.set(key, l);
      if (l.positive && SUPPORT_PREDICATES.has(l.pred)) supports.set(l.args[0]!, [...(supports.get(l.args[0]!) ?? []), l]);
    }
    return new CopyingLiteralSet(byKey, supports);
  }

  has(lit: GroundLiteral): boolean {
    return this.byKey.has(literalKey(lit));
  }

  /** Every committed literal, in insertion order. */
  all(): GroundLiteral[] {
    return [...this.byKey.values()];
  }

  /** Committed literals about an object (as any argument). */
  about(id: string): GroundLiteral[] {
    return this.all().filter((l) => l.args.includes(id));
  }

  /**
   * How many committed positive relations between two objects mention `id`: objects others are placed
   * relative to (a basket things go in, the table a group stands around) have a high degree and are moved first.
   */
  degree(id: string): number {
    let n = 0;
    for (const l of this.byKey.values()) if (l.positive && l.args.length === 2 && l.pred !== "inroom" && l.args.includes(id)) n++;
    return n;
  }

  /** Number of committed literals `lit` contradicts. */
  conflicts(lit: GroundLiteral): number {
    let n = this.byKey.has(literalKey({ ...lit, positive: !lit.positive })) ? 1 : 0;
    if (lit.positive && SUPPORT_PREDICATES.has(lit.pred)) {
      const target = supportTarget(lit);
      for (const other of this.supports.get(lit.args[0]!) ?? []) if (supportTarget(other) !== target) n++;
    }
    if (lit.positive && lit.pred === "inroom") {
      for (const other of this.byKey.values()) {
        if (other.positive && other.pred === "inroom" && other.args[0] === lit.args[0] && other.args[1] !== lit.args[1]) n++;
      }
    }
    return n;
  }
}

/** `onfloor(x, f)` and `ontop(x, f)` name the same support. */
function supportTarget(lit: GroundLiteral): string {
  return `${lit.pred === "onfloor" ? "ontop" : lit.pred}:${lit.args[1]}`;
}

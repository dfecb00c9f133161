import { literalBody, SUPPORT_PREDICATES, supportRelation, type GroundLiteral } from "../literal.ts";

/**
 * Literals in the order they were committed, each key once, with what the set's questions look up. A set and
 * the sets extended from it share one log: a set is a prefix of it ({@link LiteralSet}).
 */
class LiteralLog {
  readonly lits: GroundLiteral[] = [];
  readonly bodies: string[] = [];
  /** Literal body ({@link literalBody}) → position of the positive literal with it, and of the negative one. */
  readonly positives = new Map<string, number>();
  readonly negatives = new Map<string, number>();
  /** Object id (in any argument) → positions of the literals that mention it, ascending, each literal once. */
  readonly byArg = new Map<string, number[]>();

  get length(): number {
    return this.lits.length;
  }

  /** Position of the literal with this sign and body, if the log holds it. */
  at(positive: boolean, body: string): number | undefined {
    return (positive ? this.positives : this.negatives).get(body);
  }

  append(lit: GroundLiteral, body: string): void {
    const at = this.lits.length;
    this.lits.push(lit);
    this.bodies.push(body);
    (lit.positive ? this.positives : this.negatives).set(body, at);
    const { args } = lit;
    for (let i = 0; i < args.length; i++) {
      const id = args[i]!;
      if (args.indexOf(id) !== i) continue;
      const list = this.byArg.get(id);
      if (list) list.push(at);
      else this.byArg.set(id, [at]);
    }
  }

  /** A new log holding the first `size` literals. */
  prefix(size: number): LiteralLog {
    const log = new LiteralLog();
    for (let i = 0; i < size; i++) log.append(this.lits[i]!, this.bodies[i]!);
    return log;
  }
}

/**
 * Literals the plan has committed to so far. Used to see that a candidate literal contradicts an earlier
 * choice (its negation is committed, or it gives an object a second support), so the planner prefers
 * choices that do not undo each other. Immutable: `with` returns an extended set.
 *
 * Why a shared log: the planner extends a set once per part of every conjunction, and copying the set each
 * time made a plan quadratic in its literals (most of the oracle's allocation). A set is the first `size`
 * literals of a log; extending the set that ends the log appends to it (the shorter sets still see only their
 * prefix), and extending any other set copies its prefix into a new log first — the planner's alternatives
 * do that, seldom.
 */
export class LiteralSet {
  private constructor(
    private readonly log: LiteralLog,
    private readonly size: number,
  ) {}

  /** The empty set: one instance (a set is never changed, and extending it starts a new log). */
  private static readonly EMPTY = new LiteralSet(new LiteralLog(), 0);

  static empty(): LiteralSet {
    return LiteralSet.EMPTY;
  }

  /** This set plus `lits` (this set itself when they are all in it already). */
  with(lits: Iterable<GroundLiteral>): LiteralSet {
    let log: LiteralLog | null = null;
    for (const l of lits) {
      const body = literalBody(l);
      if (this.holds(l.positive, body)) continue;
      if (log === null) log = this.size === 0 ? new LiteralLog() : this.size === this.log.length ? this.log : this.log.prefix(this.size);
      // once appending, `log` ends with what was added: a literal there at all is one of this call's set
      else if (log.at(l.positive, body) !== undefined) continue;
      log.append(l, body);
    }
    return log === null ? this : new LiteralSet(log, log.length);
  }

  has(lit: GroundLiteral): boolean {
    return this.holds(lit.positive, literalBody(lit));
  }

  /** Every committed literal, in insertion order. */
  all(): GroundLiteral[] {
    return this.log.lits.slice(0, this.size);
  }

  /** Committed literals about an object (as any argument), in insertion order. */
  about(id: string): GroundLiteral[] {
    const out: GroundLiteral[] = [];
    const list = this.log.byArg.get(id);
    if (list) for (let i = 0; i < list.length && list[i]! < this.size; i++) out.push(this.log.lits[list[i]!]!);
    return out;
  }

  /**
   * How many committed positive relations between two objects mention `id`: objects others are placed
   * relative to (a basket things go in, the table a group stands around) have a high degree and are moved first.
   */
  degree(id: string): number {
    let n = 0;
    const list = this.log.byArg.get(id);
    if (!list) return 0;
    for (let i = 0; i < list.length && list[i]! < this.size; i++) {
      const l = this.log.lits[list[i]!]!;
      if (l.positive && l.args.length === 2 && l.pred !== "inroom") n++;
    }
    return n;
  }

  /** Number of committed literals `lit` contradicts. */
  conflicts(lit: GroundLiteral): number {
    let n = this.holds(!lit.positive, literalBody(lit)) ? 1 : 0;
    if (!lit.positive) return n;
    const support = SUPPORT_PREDICATES.has(lit.pred);
    if (!support && lit.pred !== "inroom") return n;
    const subject = lit.args[0]!;
    const list = this.log.byArg.get(subject);
    if (!list) return n;
    for (let i = 0; i < list.length && list[i]! < this.size; i++) {
      const other = this.log.lits[list[i]!]!;
      if (!other.positive || other.args[0] !== subject) continue;
      // another support of the same object, or another room for it
      if (support ? SUPPORT_PREDICATES.has(other.pred) && !sameSupport(other, lit) : other.pred === "inroom" && other.args[1] !== lit.args[1]) n++;
    }
    return n;
  }

  /** Whether the set holds the literal with this sign and body. */
  private holds(positive: boolean, body: string): boolean {
    const at = this.log.at(positive, body);
    return at !== undefined && at < this.size;
  }
}

/** Whether two support literals name the same support: `onfloor(x, f)` and `ontop(x, f)` do, and so do `overlaid(x, t)` and `ontop(x, t)`. */
function sameSupport(a: GroundLiteral, b: GroundLiteral): boolean {
  return supportRelation(a.pred) === supportRelation(b.pred) && a.args[1] === b.args[1];
}

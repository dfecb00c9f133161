import fc from "fast-check";
import type { BddlExpr } from "../../../sim/bddl/ast.ts";

/** What random goal expressions are made of. */
export interface ExprVocabulary {
  /** Terms any atom may take, before the variables bound around it (instances; free variables too if wanted). */
  terms: readonly string[];
  /** Names quantifiers bind. */
  variables: readonly string[];
  /** Category → its instances; quantifiers range over the keys. */
  categories: Record<string, string[]>;
  /** Second arguments of `inroom`. */
  rooms: readonly string[];
  /** Predicates with their arities. */
  predicates: ReadonlyArray<[string, number]>;
}

const POS = { line: 0, column: 0 };

/**
 * Random goal expressions `depth` levels deep over `vocab`: atoms, not/and/or/imply and every quantifier
 * (forall, exists, forn, forpairs, fornpairs), each binding a variable that the terms below it may use.
 */
export function bddlExprArb(vocab: ExprVocabulary, depth: number, scope: readonly string[] = []): fc.Arbitrary<BddlExpr> {
  const term = fc.constantFrom(...vocab.terms, ...scope);
  const atom = fc.constantFrom(...vocab.predicates).chain(([pred, arity]) =>
    fc.tuple(fc.array(term, { minLength: arity, maxLength: arity }), fc.constantFrom(...vocab.rooms)).map(
      ([args, room]): BddlExpr => ({ op: "atom", pred, args: pred === "inroom" ? [args[0]!, room] : args, ...POS }),
    ),
  );
  if (depth === 0) return atom;
  const sub = (s: readonly string[]) => bddlExprArb(vocab, depth - 1, s);
  const variable = fc.constantFrom(...vocab.variables);
  const category = fc.constantFrom(...Object.keys(vocab.categories));
  const count = fc.nat({ max: 3 });
  return fc.oneof(
    { arbitrary: atom, weight: 3 },
    sub(scope).map((arg): BddlExpr => ({ op: "not", arg, ...POS })),
    fc.tuple(fc.constantFrom("and" as const, "or" as const), fc.array(sub(scope), { maxLength: 3 })).map(([op, args]): BddlExpr => ({ op, args, ...POS })),
    fc.tuple(sub(scope), sub(scope)).map(([a, b]): BddlExpr => ({ op: "imply", if: a, then: b, ...POS })),
    fc.tuple(fc.constantFrom("forall" as const, "exists" as const), variable, category).chain(([op, v, c]) =>
      sub([...scope, v]).map((body): BddlExpr => ({ op, var: v, category: c, body, ...POS })),
    ),
    fc.tuple(count, variable, category).chain(([n, v, c]) => sub([...scope, v]).map((body): BddlExpr => ({ op: "forn", n, var: v, category: c, body, ...POS }))),
    fc.tuple(fc.option(count, { nil: undefined }), variable, category, variable, category).chain(([n, v1, c1, v2, c2]) =>
      sub([...scope, v1, v2]).map(
        (body): BddlExpr =>
          n === undefined
            ? { op: "forpairs", var1: v1, cat1: c1, var2: v2, cat2: c2, body, ...POS }
            : { op: "fornpairs", n, var1: v1, cat1: c1, var2: v2, cat2: c2, body, ...POS },
      ),
    ),
  );
}

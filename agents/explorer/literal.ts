/**
 * A ground goal literal the explorer works on: a predicate over scene object ids (or, for `inroom`, a
 * room type as the second argument), wanted true (`positive`) or false.
 */
export interface Literal {
  pred: string;
  /** Scene object ids; `inroom`'s second argument is a room type. */
  args: string[];
  positive: boolean;
}

/** Relations the explorer makes true by carrying the first argument to the second. */
export const PLACEMENT_PREDICATES = new Set(["ontop", "inside", "nextto", "under", "onfloor", "touching", "overlaid", "inroom"]);

/** Unary states and the action that makes them true / false. */
export const STATE_ACTIONS: Readonly<Record<string, { on?: string; off?: string }>> = {
  open: { on: "open", off: "close" },
  toggled_on: { on: "toggle_on", off: "toggle_off" },
  cooked: { on: "cook" },
  hot: { on: "heat", off: "cool" },
  frozen: { on: "freeze", off: "unfreeze" },
  sliced: { on: "slice" },
  folded: { on: "fold", off: "unfold" },
  soaked: { on: "soak", off: "dry" },
  dusty: { off: "clean" },
  stained: { off: "clean" },
  dirty: { off: "clean" },
};

/** Stable identity of a literal (used for failure counts and commitment). */
export function literalKey(l: Literal): string {
  return `${l.positive ? "" : "not "}${l.pred}(${l.args.join(",")})`;
}

/** The scene objects a literal needs to have been observed before it can be worked on. */
export function literalObjects(l: Literal): string[] {
  return l.pred === "inroom" ? [l.args[0]!] : l.args;
}

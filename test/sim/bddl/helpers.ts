/** Shared fixtures for the BDDL tests: the real data sets, a fake world, position stripping. */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { BddlExpr } from "../../../sim/bddl/ast.ts";
import type { BddlWorld } from "../../../sim/bddl/evaluate.ts";

/** `../shared/data` relative to the repository root. */
export const DATA_DIR = path.resolve(import.meta.dirname, "../../../../shared/data");

/** One real problem file. */
export interface RealProblem {
  set: string;
  activity: string;
  file: string;
  text: string;
}

/** Every `problem*.bddl` under behavior100 and behavior1k (empty when the data is absent). */
export function realProblems(): RealProblem[] {
  const out: RealProblem[] = [];
  for (const set of ["behavior100", "behavior1k"]) {
    const dir = path.join(DATA_DIR, set);
    if (!existsSync(dir)) continue;
    for (const activity of readdirSync(dir).sort()) {
      const sub = path.join(dir, activity);
      if (!statSync(sub).isDirectory()) continue;
      for (const f of readdirSync(sub).filter((n) => /^problem\d+\.bddl$/.test(n))) {
        const file = path.join(sub, f);
        out.push({ set, activity, file, text: readFileSync(file, "utf8") });
      }
    }
  }
  return out;
}

/** True when the shared data sets are present (tests that need them skip otherwise). */
export const HAVE_DATA = existsSync(path.join(DATA_DIR, "behavior100")) && existsSync(path.join(DATA_DIR, "behavior1k"));
export const NO_DATA_MESSAGE = `BEHAVIOR data absent at ${DATA_DIR}: skipping tests on real problem files`;

/**
 * A world given by the true atoms (written `pred a b`) and category members.
 * Asking about an atom records it, so tests can see what was evaluated.
 */
export class FakeWorld implements BddlWorld {
  readonly asked: string[] = [];
  private readonly truth: Set<string>;
  constructor(
    private readonly members: Record<string, string[]>,
    trueAtoms: Iterable<string>,
  ) {
    this.truth = new Set(trueAtoms);
  }
  holds(pred: string, args: string[]): boolean {
    const key = [pred, ...args].join(" ");
    this.asked.push(key);
    return this.truth.has(key);
  }
  instancesOf(category: string): string[] {
    return this.members[category] ?? [];
  }
}

/** Deep copy of an expression without `line`/`column`, for structural comparison. */
export function stripPositions(expr: BddlExpr): unknown {
  return JSON.parse(JSON.stringify(expr, (k, v) => (k === "line" || k === "column" ? undefined : v)));
}

/** 1-based line and column of character offset `index` in `text`, computed independently of the tokenizer. */
export function positionOf(text: string, index: number): { line: number; column: number } {
  const before = text.slice(0, index).split("\n");
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

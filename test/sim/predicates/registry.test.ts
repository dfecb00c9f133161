import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { evaluatePredicate, PREDICATES } from "../../../sim/predicates/registry.ts";
import { STATES } from "../../../sim/scene/schema.ts";
import { object, restingBox } from "../geometry/fixtures.ts";

const dataDir = path.resolve(__dirname, "../../../../shared/data");
const table = object("table", restingBox(0, 0, 0, 1.2, 0.8, 0.75), { shape: "table", kind: "fixed" });
const cup = object("cup", restingBox(0, 0, 0.75, 0.08, 0.08, 0.1), { states: { dusty: true, open: false } });
const kitchen = { id: "kitchen_0", type: "kitchen", outdoor: false, footprint: { min: { x: -2, y: -2 }, max: { x: 2, y: 2 } } };

describe("PREDICATES", () => {
  it("evaluates relations, rooms and states by name", () => {
    expect(evaluatePredicate("ontop", [cup, table])).toBe(true);
    expect(evaluatePredicate("inside", [cup, table])).toBe(false);
    expect(evaluatePredicate("inroom", [cup, kitchen])).toBe(true);
    expect(evaluatePredicate("dusty", [cup])).toBe(true);
    expect(evaluatePredicate("open", [cup])).toBe(false);
    expect(evaluatePredicate("cooked", [cup])).toBe(false);
  });

  it("has one unary predicate per state, reading the states map", () => {
    for (const state of STATES) {
      expect(PREDICATES[state]?.arity).toBe(1);
      expect(evaluatePredicate(state, [{ ...cup, states: { [state]: true } }])).toBe(true);
      expect(evaluatePredicate(state, [{ ...cup, states: {} }])).toBe(false);
    }
  });

  it("rejects unknown names, wrong arity and wrong operand kinds", () => {
    expect(() => evaluatePredicate("levitating", [cup])).toThrow(/unknown predicate "levitating"/);
    expect(() => evaluatePredicate("toString", [cup])).toThrow(/unknown predicate/);
    expect(() => evaluatePredicate("ontop", [cup])).toThrow(/takes 2 operand/);
    expect(() => evaluatePredicate("inroom", [cup, table])).toThrow(/operand 2 must be a room/);
    expect(() => evaluatePredicate("ontop", [cup, kitchen])).toThrow(/operand 2 must be a object/);
  });

  it.skipIf(!fs.existsSync(dataDir))("covers every predicate in the BEHAVIOR activity files (needs ../shared/data)", () => {
    const used = new Map<string, number>();
    for (const set of ["behavior100", "behavior1k"]) {
      for (const activity of fs.readdirSync(path.join(dataDir, set))) {
        const file = path.join(dataDir, set, activity, "problem0.bddl");
        if (!fs.existsSync(file)) continue;
        const text = fs.readFileSync(file, "utf8");
        // atoms look like (name ?x ?y) or (name obj.n.01_1 obj.n.01_2); connectives and quantifiers are not predicates
        for (const m of text.matchAll(/\(\s*([a-z_]+)((?:\s+[?A-Za-z0-9_.]+)+)\s*\)/g)) {
          const name = m[1]!;
          if (["and", "or", "not", "imply", "forall", "exists", "forn", "forpairs", "fornpairs", "define", "problem", "domain"].includes(name)) continue;
          used.set(name, m[2]!.trim().split(/\s+/).length);
        }
      }
    }
    expect(used.size).toBeGreaterThan(5);
    for (const [name, arity] of used) {
      expect(PREDICATES[name], `predicate ${name}`).toBeDefined();
      expect(PREDICATES[name]!.arity, `arity of ${name}`).toBe(arity);
    }
  });
});

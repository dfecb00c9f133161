/**
 * Bad scene files: random JSON, random text, and valid scenes with hostile edits (wrong types, missing
 * fields, huge numbers, NaN as a string, deep nesting, `__proto__`/`constructor` keys), as JSON and as
 * YAML. Loading gives the scene or InputErrors naming file, place and reason — never another exception,
 * never a polluted prototype; a single edit that breaks the schema is refused at its place; and an
 * edited scene that still validates loads into a world the agent can act in without the simulator
 * throwing or hanging.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseProblem } from "../../../sim/bddl/parser.ts";
import { RearrangeEnv } from "../../../sim/env.ts";
import { parseScene } from "../../../sim/scene/load.ts";
import { MAX_COORDINATE, MAX_OBJECT_SIZE, type SceneFile } from "../../../sim/scene/schema.ts";
import type { LoadedTask } from "../../../sim/task/load.ts";
import { tinyFlatInput } from "../../helpers/scenes.ts";
import { jsonPathText, loadOrInputErrors, mutateToText, mutationArb, nodesOf, prototypesClean, type JsonPath } from "../helpers/json-mutation.ts";
import { FUZZ_RUNS } from "./fuzz-runs.ts";

const REPO = path.resolve(import.meta.dirname, "../../..");
const HOUSES = ["flat", "cottage", "family_house"].map((h) => JSON.parse(readFileSync(path.join(REPO, "scenes/houses", `${h}.scene.json`), "utf8")));
const BASES = [tinyFlatInput(), ...HOUSES];

/** Scene fields that have a default or may be left out. */
const OPTIONAL = new Set(["outdoor", "doors", "shape", "abilities", "states", "controls", "heading", "label", "wall", "name", "description", "source", "position"]);

const jsonType = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
const isPrefix = (a: JsonPath, b: JsonPath) => a.length <= b.length && a.every((s, i) => s === b[i]);
/**
 * An error at `path`, or at an enclosing node (unions and refinements report there), or a syntax error
 * (`line L, column C`: YAML nested too deep never reaches the schema).
 */
const reportedAt = (wheres: string[], path: JsonPath) =>
  wheres.some((w) => w.startsWith("line ") || [...Array(path.length + 1).keys()].some((n) => w === jsonPathText(path.slice(0, n))));

describe("scene loader on hostile input", () => {
  it("random JSON values: a scene or InputErrors with a place", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom("s.scene.json", "s.scene.yaml"), (value, file) => {
        loadOrInputErrors(() => parseScene(JSON.stringify(value) ?? "null", file), file);
        expect(prototypesClean()).toBe(true);
      }),
      { numRuns: FUZZ_RUNS.sceneRandomJson },
    );
  });

  it("random text: InputErrors with a place", () => {
    const text = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: "binary", maxLength: 300 }), fc.string({ unit: fc.constantFrom(..."{}[]:,\"'-#&*!|> \n\t0123456789aeflnrstux".split("")), maxLength: 300 }));
    fc.assert(
      fc.property(text, fc.constantFrom("s.scene.json", "s.scene.yaml"), (t, file) => {
        const r = loadOrInputErrors(() => parseScene(t, file), file);
        expect(r.ok).toBe(false);
        expect(prototypesClean()).toBe(true);
      }),
      { numRuns: FUZZ_RUNS.sceneRandomText },
    );
  });

  it("valid scenes with hostile edits: refused at the edited place, or accepted; prototypes stay clean", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BASES.keys()), fc.array(mutationArb, { minLength: 1, maxLength: 3 }), fc.constantFrom("json", "yaml"), (b, mutations, format) => {
        // YAML parsing is slow on a whole house: the tiny flat goes through both parsers, houses through JSON
        const file = `house.scene.${b === 0 ? format : "json"}`;
        const { text, applied } = mutateToText(BASES[b], mutations);
        const r = loadOrInputErrors(() => parseScene(text, file), file);
        expect(prototypesClean()).toBe(true);
        if (applied.length !== 1) return;
        // one edit that certainly breaks the schema must be refused, naming the edited place (or its parent)
        const [{ mutation: m, path, before }] = applied as [(typeof applied)[0]];
        const wheres = r.ok ? [] : r.errors.map((e) => e.where ?? "");
        const inStates = path.includes("states");
        if (m.op === "addKey" && before && typeof before === "object" && !Array.isArray(before) && !Object.hasOwn(before, m.key) && !(inStates && m.key === "__proto__")) {
          expect(r.ok, `added key ${JSON.stringify(m.key)} at ${jsonPathText(path)}`).toBe(false);
          expect(reportedAt(wheres, [...path, m.key]) || reportedAt(wheres, path)).toBe(true);
        }
        if (m.op === "replace" && path.length > 0 && ["null", "boolean", "number", "string"].includes(jsonType(before))) {
          const after = jsonType(JSON.parse(m.value));
          if (after !== jsonType(before)) {
            expect(r.ok, `${jsonType(before)} at ${jsonPathText(path)} replaced by ${m.value.slice(0, 40)}`).toBe(false);
            expect(reportedAt(wheres, path), `${wheres.join("; ")} vs ${jsonPathText(path)}`).toBe(true);
          }
        }
        if (m.op === "delete" && typeof path.at(-1) === "string" && !OPTIONAL.has(path.at(-1) as string) && !inStates) {
          expect(r.ok, `deleted ${jsonPathText(path)}`).toBe(false);
          expect(reportedAt(wheres, path)).toBe(true);
        }
      }),
      { numRuns: FUZZ_RUNS.sceneMutations },
    );
  });

  it("a __proto__ key anywhere in a scene is refused or dropped, never inherited", () => {
    const base = JSON.stringify(tinyFlatInput());
    const injected = [
      base.replace('{"schemaVersion"', '{"__proto__":{"polluted":true},"schemaVersion"'),
      base.replace('"states":{"open":false}', '"states":{"__proto__":{"polluted":true},"open":false}'),
      base.replace('"kind":"fixed"', '"kind":"fixed","constructor":{"prototype":{"polluted":true}}'),
    ];
    for (const text of injected) {
      for (const file of ["p.scene.json", "p.scene.yaml"]) {
        const r = loadOrInputErrors(() => parseScene(text, file), file);
        if (r.ok) expect(JSON.stringify(r.value)).not.toContain("polluted");
        expect(prototypesClean()).toBe(true);
      }
    }
  });

  it("an object or room named __proto__ is refused at its id (records keyed by id would lose it)", () => {
    const doc = tinyFlatInput() as { rooms: { id: string }[]; objects: { id: string }[] };
    const asObject = structuredClone(doc);
    asObject.objects[1]!.id = "__proto__";
    const asRoom = structuredClone(doc);
    asRoom.rooms[0]!.id = "__proto__";
    for (const [edited, place] of [
      [asObject, "$.objects[1].id"],
      [asRoom, "$.rooms[0].id"],
    ] as const) {
      const r = loadOrInputErrors(() => parseScene(JSON.stringify(edited), "p.scene.json"), "p.scene.json");
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors.some((e) => e.where === place && e.reason.includes("__proto__")), r.errors.map((e) => e.message).join("; ")).toBe(true);
    }
    // other names the Object prototype has are ordinary ids
    const plain = structuredClone(doc);
    plain.objects[1]!.id = "constructor";
    expect(loadOrInputErrors(() => parseScene(JSON.stringify(plain), "p.scene.json"), "p.scene.json").ok).toBe(true);
  });
});

/** A task that only binds the agent: any scene can run it. */
const AGENT_ONLY_TASK: LoadedTask = {
  path: "agent-only.task.json",
  hash: "0",
  task: { schemaVersion: 1, id: "agent-only", instruction: "look around", bindings: {}, tags: [] },
  problem: parseProblem("(define (problem agent-only) (:domain d) (:objects agent.n.01_1 - agent.n.01) (:init) (:goal (and)))", "agent-only.bddl"),
};

/** Edits that keep a scene well-typed, so many survive validation: numbers anywhere, kinds, shapes, removed items. */
function wellTypedEdits(doc: unknown): fc.Arbitrary<Array<{ path: JsonPath; value: unknown } | { path: JsonPath; remove: true }>> {
  const nodes = nodesOf(doc).filter((n) => n.path.length > 0);
  const numbers = nodes.filter((n) => typeof n.value === "number");
  const kinds = nodes.filter((n) => n.path.at(-1) === "kind");
  const elements = nodes.filter((n) => typeof n.path.at(-1) === "number" && (n.path[0] === "objects" || n.path.includes("abilities")));
  // mostly numbers the schema takes (sizes up to MAX_OBJECT_SIZE, coordinates up to MAX_COORDINATE), some it refuses
  const extreme = fc.oneof(
    { arbitrary: fc.double({ min: -50, max: 50, noNaN: true }), weight: 3 },
    { arbitrary: fc.double({ min: 0, max: MAX_OBJECT_SIZE, noNaN: true }), weight: 3 },
    { arbitrary: fc.constantFrom(0, -0, 1e-300, 5e-324, MAX_OBJECT_SIZE, MAX_COORDINATE, -MAX_COORDINATE, 1e6, 1e300, Number.MAX_VALUE), weight: 2 },
  );
  const edit = fc.oneof(
    { arbitrary: fc.tuple(fc.constantFrom(...numbers), extreme).map(([n, value]) => ({ path: n.path, value })), weight: 5 },
    { arbitrary: fc.tuple(fc.constantFrom(...kinds), fc.constantFrom("fixed", "carryable")).map(([n, value]) => ({ path: n.path, value })), weight: 1 },
    { arbitrary: fc.constantFrom(...elements).map((n) => ({ path: n.path, remove: true as const })), weight: 1 },
  );
  return fc.array(edit, { minLength: 1, maxLength: 4 });
}

function applyEdits(doc: unknown, edits: ReadonlyArray<{ path: JsonPath; value?: unknown; remove?: true }>): unknown {
  const copy = structuredClone(doc);
  // removals last and from the back, so earlier paths stay valid
  const ordered = [...edits.filter((e) => !e.remove), ...edits.filter((e) => e.remove).sort((a, b) => Number(b.path.at(-1)) - Number(a.path.at(-1)))];
  for (const e of ordered) {
    const parent = e.path.slice(0, -1).reduce((o: any, k) => o?.[k], copy) as any;
    if (!parent) continue;
    const key = e.path.at(-1)!;
    if (e.remove) Array.isArray(parent) && (key as number) < parent.length && parent.splice(key as number, 1);
    else parent[key] = e.value;
  }
  return copy;
}

/** Walks the agent around a scene: explore every room, visit, open and pick what it sees, place it somewhere. */
function actAround(scene: SceneFile): number {
  const env = new RearrangeEnv({ scene, task: AGENT_ONLY_TASK, seed: 1, maxSteps: 40 });
  let obs = env.reset(1).observation;
  let steps = 0;
  const step = (a: unknown) => {
    if (steps >= 40) return;
    const r = env.step(a);
    steps++;
    expect(typeof r.info.feedback.ok).toBe("boolean");
    obs = r.observation;
  };
  for (const room of obs.rooms) step({ type: "explore", room: room.id });
  const seen = Object.values(obs.objects).filter((o) => o.category !== "floor.n.01").slice(0, 4);
  for (const o of seen) {
    step({ type: "navigate", target: o.id });
    if (o.abilities.includes("openable")) step({ type: "open", object: o.id });
    if (o.kind === "carryable" && !obs.agent.holding) step({ type: "pick", object: o.id });
  }
  const held = obs.agent.holding;
  const target = seen.find((o) => o.id !== held && o.kind === "fixed");
  if (held && target) step({ type: "place", object: held, relation: "ontop", target: target.id });
  return steps;
}

describe("a scene that validates after edits loads into a world the agent can act in", () => {
  it("extreme numbers, swapped kinds and removed items: the simulator never throws or hangs", () => {
    const base = tinyFlatInput();
    let valid = 0;
    fc.assert(
      fc.property(wellTypedEdits(base), (edits) => {
        const text = JSON.stringify(applyEdits(base, edits));
        const r = loadOrInputErrors(() => parseScene(text, "edited.scene.json"), "edited.scene.json");
        if (!r.ok) return;
        valid++;
        expect(actAround(r.value)).toBeGreaterThan(0);
      }),
      { numRuns: FUZZ_RUNS.sceneWorlds },
    );
    // the property exercised the simulator, not only the validator
    expect(valid).toBeGreaterThan(FUZZ_RUNS.sceneWorlds / 4);
  }, 90_000);
});

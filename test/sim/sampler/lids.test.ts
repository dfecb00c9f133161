/**
 * Open containers that an activity must stack things on get a lid (sim/sampler/lids.ts): the simulator
 * lets an object rest on an open container only when it spans the opening.
 */
import { describe, expect, it } from "vitest";
import { parseProblem } from "../../../sim/bddl/parser.ts";
import { atomUses } from "../../../sim/sampler/atom-uses.ts";
import { sampleScene, unmetInitFacts } from "../../../sim/sampler/index.ts";
import { spansOpening } from "../../../sim/physics/candidate-sets.ts";
import { analyzeActivity } from "../../../sim/sampler/activity.ts";

/** Sacks (narrower than the box's opening) must end up on a storage box: `(ontop ?sack ?storage_container)`. */
const PACKING = `(define (problem packing_sacks-0)
  (:domain behavior-1k)
  (:objects
    sack.n.01_1 sack.n.01_2 - sack.n.01
    storage_container.n.01_1 - storage_container.n.01
    apple.n.01_1 - apple.n.01
    countertop.n.01_1 - countertop.n.01
    floor.n.01_1 - floor.n.01
    agent.n.01_1 - agent.n.01)
  (:init
    (ontop sack.n.01_1 countertop.n.01_1)
    (ontop sack.n.01_2 countertop.n.01_1)
    (ontop storage_container.n.01_1 countertop.n.01_1)
    (inside apple.n.01_1 storage_container.n.01_1)
    (inroom countertop.n.01_1 kitchen)
    (inroom floor.n.01_1 kitchen)
    (ontop agent.n.01_1 floor.n.01_1))
  (:goal (forall (?sack.n.01 - sack.n.01) (ontop ?sack.n.01 ?storage_container.n.01_1))))`;

const sampled = (text: string, seed = 0) => {
  const problem = parseProblem(text, "t.bddl");
  const s = sampleScene(problem, { seed });
  return { problem, s, byId: new Map(s.scene.objects.map((o) => [o.id, o])) };
};

describe("lids on open containers that carry things on top", () => {
  it("gives the storage box a lid (closed) when the sacks would fall in, and the initial facts still hold", () => {
    for (const seed of [0, 1, 2]) {
      const { problem, s, byId } = sampled(PACKING, seed);
      const box = byId.get(s.bindings["storage_container.n.01_1"] as string)!;
      expect(box.abilities).toEqual(expect.arrayContaining(["container", "openable"]));
      expect(box.states.open).toBe(false);
      expect(unmetInitFacts(problem, s.scene, s.bindings)).toEqual([]);
      // the sacks are open containers too, but nothing has to go on top of them
      expect(byId.get(s.bindings["sack.n.01_1"] as string)!.abilities).not.toContain("openable");
    }
  });

  it("keeps the open top when what goes on it spans the opening (a tray over a bowl, a box on a box), lids it when not (a bowl on a box)", () => {
    const text = (goal: string) => `(define (problem stacking-0)
      (:domain behavior-1k)
      (:objects storage_container.n.01_1 storage_container.n.01_2 - storage_container.n.01
        tray.n.01_1 - tray.n.01 bowl.n.01_1 - bowl.n.01
        floor.n.01_1 - floor.n.01 agent.n.01_1 - agent.n.01)
      (:init (ontop storage_container.n.01_1 floor.n.01_1) (ontop storage_container.n.01_2 floor.n.01_1)
        (ontop tray.n.01_1 floor.n.01_1) (ontop bowl.n.01_1 floor.n.01_1)
        (inroom floor.n.01_1 garage) (ontop agent.n.01_1 floor.n.01_1))
      (:goal ${goal}))`;
    const tray = sampled(text("(ontop ?tray.n.01_1 ?bowl.n.01_1)"));
    expect(tray.byId.get(tray.s.bindings["bowl.n.01_1"] as string)!.abilities).not.toContain("openable");
    // one box set on another of its size rests on its rim: the box underneath neither grows (sizing.ts) nor gets a lid
    const boxes = sampled(text("(ontop ?storage_container.n.01_1 ?storage_container.n.01_2)"));
    const [upper, lower] = ["storage_container.n.01_1", "storage_container.n.01_2"].map((i) => boxes.byId.get(boxes.s.bindings[i] as string)!);
    expect(lower!.abilities).not.toContain("openable");
    expect(upper!.abilities).not.toContain("openable");
    expect(lower!.box.size).toEqual(upper!.box.size);
    const bowlOnBox = sampled(text("(ontop ?bowl.n.01_1 ?storage_container.n.01_2)"));
    expect(bowlOnBox.byId.get(bowlOnBox.s.bindings["storage_container.n.01_2"] as string)!.abilities).toContain("openable");
  });

  it("keeps the open top when an (or …) lets the thing go inside instead", () => {
    const text = PACKING.replace(
      "(:goal (forall (?sack.n.01 - sack.n.01) (ontop ?sack.n.01 ?storage_container.n.01_1)))",
      "(:goal (forall (?sack.n.01 - sack.n.01) (or (ontop ?sack.n.01 ?storage_container.n.01_1) (inside ?sack.n.01 ?storage_container.n.01_1))))",
    );
    const { s, byId } = sampled(text);
    expect(byId.get(s.bindings["storage_container.n.01_1"] as string)!.abilities).not.toContain("openable");
  });

  it("lists the required ontop uses per target", () => {
    const spec = analyzeActivity(parseProblem(PACKING, "t.bddl"));
    expect([...spec.onTopNeeds]).toEqual([
      ["countertop.n.01_1", new Set(["sack.n.01_1", "sack.n.01_2", "storage_container.n.01_1"])],
      ["storage_container.n.01_1", new Set(["sack.n.01_1", "sack.n.01_2"])],
    ]);
  });
});

describe("atomUses: optional uses", () => {
  const goalOf = (goal: string) =>
    atomUses(parseProblem(PACKING.replace(/\(:goal[\s\S]*\)\)$/, `(:goal ${goal}))`), "t.bddl")).filter((u) => u.goal);

  it("marks atoms under an or, under a wanted-false and, and in an imply as optional", () => {
    const or = goalOf("(or (ontop sack.n.01_1 countertop.n.01_1) (inside sack.n.01_1 storage_container.n.01_1))");
    expect(or.map((u) => u.optional)).toEqual([true, true]);
    const notAnd = goalOf("(not (and (ontop sack.n.01_1 countertop.n.01_1) (ontop sack.n.01_2 countertop.n.01_1)))");
    expect(notAnd.map((u) => [u.sign, u.optional])).toEqual([["negative", true], ["negative", true]]);
    const notOr = goalOf("(not (or (ontop sack.n.01_1 countertop.n.01_1) (ontop sack.n.01_2 countertop.n.01_1)))");
    expect(notOr.map((u) => u.optional)).toEqual([false, false]);
    const imply = goalOf("(imply (ontop sack.n.01_1 countertop.n.01_1) (ontop sack.n.01_2 countertop.n.01_1))");
    expect(imply.map((u) => u.optional)).toEqual([true, true]);
    const plain = goalOf("(and (ontop sack.n.01_1 countertop.n.01_1) (exists (?sack.n.01 - sack.n.01) (ontop ?sack.n.01 countertop.n.01_1)))");
    expect(plain.map((u) => u.optional)).toEqual([false, false]);
  });
});

describe("spansOpening", () => {
  it("is true when the object is wider than the opening in some aligned direction", () => {
    expect(spansOpening({ x: 0.3, y: 0.2, z: 0.45 }, { x: 0.48, y: 0.33, z: 0.28 })).toBe(false);
    expect(spansOpening({ x: 0.5, y: 0.35, z: 0.3 }, { x: 0.48, y: 0.33, z: 0.28 })).toBe(true);
    // turned across, the long side is wider than the short side of the opening (as the simulator tries it)
    expect(spansOpening({ x: 0.4, y: 0.1, z: 0.1 }, { x: 0.48, y: 0.33, z: 0.28 })).toBe(true);
    expect(spansOpening({ x: 0.2, y: 0.2, z: 0.1 }, { x: 0.48, y: 0.33, z: 0.28 })).toBe(false);
  });
});

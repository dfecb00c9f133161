import { describe, expect, it } from "vitest";
import { parseProblem } from "../../../sim/bddl/parser.ts";
import { sampleScene, SamplingError, unmetInitFacts } from "../../../sim/sampler/index.ts";
import { SceneSchema } from "../../../sim/scene/schema.ts";
import { loadWorld } from "../../../sim/world/load-world.ts";

const KITCHEN_PROBLEM = `(define (problem stocking_the_fridge_0)
  (:domain igibson)
  (:objects
    apple.n.01_1 apple.n.01_2 - apple.n.01
    book.n.02_1 - book.n.02
    carton.n.02_1 - carton.n.02
    electric_refrigerator.n.01_1 - electric_refrigerator.n.01
    countertop.n.01_1 - countertop.n.01
    table.n.02_1 - table.n.02
    floor.n.01_1 floor.n.01_2 - floor.n.01
    tree.n.01_1 tree.n.01_* - tree.n.01
    agent.n.01_1 - agent.n.01)
  (:init
    (ontop apple.n.01_1 countertop.n.01_1)
    (inside apple.n.01_2 electric_refrigerator.n.01_1)
    (frozen apple.n.01_2)
    (inside book.n.02_1 carton.n.02_1)
    (onfloor carton.n.02_1 floor.n.01_2)
    (under carton.n.02_1 table.n.02_1)
    (not (open electric_refrigerator.n.01_1))
    (inroom countertop.n.01_1 kitchen)
    (inroom electric_refrigerator.n.01_1 kitchen)
    (inroom table.n.02_1 kitchen)
    (inroom floor.n.01_1 kitchen)
    (inroom floor.n.01_2 dining_room)
    (inroom tree.n.01_1 garden)
    (inroom tree.n.01_* garden)
    (onfloor agent.n.01_1 floor.n.01_1))
  (:goal (and (cooked apple.n.01_1) (inside apple.n.01_1 electric_refrigerator.n.01_1))))`;

const problem = parseProblem(KITCHEN_PROBLEM, "stocking.bddl");

describe("sampleScene", () => {
  const s = sampleScene(problem, { seed: 7 });

  it("builds a valid house where every initial fact holds after loading", () => {
    expect(() => SceneSchema.parse(s.scene)).not.toThrow();
    expect(unmetInitFacts(problem, s.scene, s.bindings)).toEqual([]);
  });

  it("has the rooms the inroom facts name, outdoor ones flagged, all connected to where the agent starts", () => {
    const types = s.scene.rooms.map((r) => r.type);
    expect(types).toEqual(expect.arrayContaining(["kitchen", "dining_room", "garden", "corridor"]));
    expect(types.filter((t) => t === "kitchen")).toHaveLength(1);
    expect(s.scene.rooms.find((r) => r.type === "garden")!.outdoor).toBe(true);
    expect(s.scene.rooms.find((r) => r.type === "kitchen")!.outdoor).toBe(false);
    const world = loadWorld(s.scene);
    for (const r of s.scene.rooms) expect(world.graph.path(s.scene.agent.room, world.graph.center(s.scene.agent.room), r.id, world.graph.center(r.id)), r.id).not.toBeNull();
    expect(s.bindings["floor.n.01_1"]).toBe(`floor_${s.scene.agent.room}`);
  });

  it("binds instances to readable ids and a wildcard to 1–3 extra objects of its category in its room", () => {
    expect(s.bindings["apple.n.01_2"]).toBe("apple_2");
    expect(s.bindings["agent.n.01_1"]).toBe("agent");
    const members = s.bindings["tree.n.01_*"] as string[];
    expect(members.length).toBeGreaterThanOrEqual(1);
    expect(members.length).toBeLessThanOrEqual(3);
    for (const m of members) {
      const o = s.scene.objects.find((x) => x.id === m)!;
      expect(o.category).toBe("tree.n.01");
      expect(s.scene.rooms.find((r) => r.id === o.room)!.type).toBe("garden");
    }
  });

  it("sets initial states and adds the tool the goal needs (a stove to cook on)", () => {
    const byId = new Map(s.scene.objects.map((o) => [o.id, o]));
    expect(byId.get("apple_2")!.states).toMatchObject({ frozen: true });
    expect(byId.get("electric_refrigerator_1")!.states).toMatchObject({ open: false });
    const stove = s.extras.find((e) => e.origin === "provider");
    expect(stove?.category).toBe("stove.n.01");
    expect(byId.get(stove!.id)!.abilities).toEqual(expect.arrayContaining(["heat_source", "toggleable"]));
    expect(s.extras.filter((e) => e.origin === "distractor").length).toBeGreaterThanOrEqual(2);
  });

  it("puts furniture across the wall when something under it lies on the next room's floor", () => {
    const world = loadWorld(s.scene);
    const carton = world.get("carton_1");
    const table = world.get("table_1");
    expect(s.scene.rooms.find((r) => r.id === table.room)!.type).toBe("kitchen");
    expect(s.scene.rooms.find((r) => r.id === carton.room)!.type).toBe("dining_room");
    // the two rooms are neighbours with a door between them
    const doorsBetween = s.scene.rooms.flatMap((r) => r.doors.map((d) => [r.id, d.to].sort().join("|")));
    expect(doorsBetween).toContain([table.room, carton.room].sort().join("|"));
  });

  it("is deterministic per seed and differs between seeds", () => {
    const again = sampleScene(problem, { seed: 7 });
    expect(JSON.stringify(again.scene)).toBe(JSON.stringify(s.scene));
    const other = sampleScene(problem, { seed: 8 });
    expect(JSON.stringify(other.scene.objects.map((o) => o.box))).not.toBe(JSON.stringify(s.scene.objects.map((o) => o.box)));
    expect(unmetInitFacts(problem, other.scene, other.bindings)).toEqual([]);
  });

  it("grows a receptacle so that what the goal puts in it fits", () => {
    const packing = parseProblem(
      `(define (problem pack_0) (:domain igibson)
        (:objects book.n.02_1 book.n.02_2 book.n.02_3 book.n.02_4 book.n.02_5 book.n.02_6 book.n.02_7 book.n.02_8 - book.n.02
          box.n.01_1 - box.n.01 floor.n.01_1 - floor.n.01 agent.n.01_1 - agent.n.01)
        (:init (onfloor box.n.01_1 floor.n.01_1) (onfloor book.n.02_1 floor.n.01_1) (onfloor book.n.02_2 floor.n.01_1)
          (onfloor book.n.02_3 floor.n.01_1) (onfloor book.n.02_4 floor.n.01_1) (onfloor book.n.02_5 floor.n.01_1)
          (onfloor book.n.02_6 floor.n.01_1) (onfloor book.n.02_7 floor.n.01_1) (onfloor book.n.02_8 floor.n.01_1)
          (inroom floor.n.01_1 garage) (onfloor agent.n.01_1 floor.n.01_1))
        (:goal (forall (?b - book.n.02) (inside ?b box.n.01_1))))`,
      "pack.bddl",
    );
    const box = sampleScene(packing, { seed: 1 }).scene.objects.find((o) => o.id === "box_1")!;
    const books = 8 * 0.24 * 0.17;
    expect((box.box.size.x - 0.02) * (box.box.size.y - 0.02)).toBeGreaterThan(books);
  });

  it("reports why when no house can satisfy the initial facts", () => {
    const impossible = parseProblem(
      `(define (problem loop_0) (:domain igibson)
        (:objects apple.n.01_1 apple.n.01_2 - apple.n.01 floor.n.01_1 - floor.n.01 agent.n.01_1 - agent.n.01)
        (:init (ontop apple.n.01_1 apple.n.01_2) (ontop apple.n.01_2 apple.n.01_1) (inroom floor.n.01_1 kitchen) (onfloor agent.n.01_1 floor.n.01_1))
        (:goal (ontop apple.n.01_1 floor.n.01_1)))`,
      "loop.bddl",
    );
    let err: unknown;
    try {
      sampleScene(impossible, { seed: 0, maxAttempts: 2 });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(SamplingError);
    expect((err as SamplingError).reasons).toHaveLength(2);
    expect((err as SamplingError).message).toMatch(/apple_\d/);
  });
});

import { describe, expect, it } from "vitest";
import { parseProblem } from "../../../sim/bddl/parser.ts";
import { categoryProfile } from "../../../sim/categories/lookup.ts";
import { GETTING_ORGANIZED_FOR_WORK } from "../../helpers/bddl-activities.ts";
import { analyzeActivity, sampleScene, SamplingError, unmetInitFacts } from "../../../sim/sampler/index.ts";
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

  describe("a carryable top holds what is on it at one time", () => {
    // the keyboard starts on the notebook and the goal puts it on the desk; the goal puts the pen on the notebook
    // and the notebook on the folder the pen starts on
    const organizing = parseProblem(GETTING_ORGANIZED_FOR_WORK, "getting_organized_for_work.bddl");

    it("tells what only the goal brings and what the goal takes elsewhere", () => {
      const { loads } = analyzeActivity(organizing);
      const sorted = (s: Set<string> | undefined) => [...(s ?? [])].sort();
      const notebook = loads.get("notebook.n.01_1")!;
      expect(sorted(notebook.ontop)).toEqual(["keyboard.n.01_1", "pen.n.01_1"]);
      expect(sorted(notebook.arrives)).toEqual(["pen.n.01_1"]);
      expect(sorted(notebook.leaves)).toEqual(["keyboard.n.01_1"]);
      const folder = loads.get("folder.n.02_1")!;
      expect(sorted(folder.arrives)).toEqual(["notebook.n.01_1"]);
      expect(sorted(folder.leaves)).toEqual(["pen.n.01_1"]);
      // the computer starts on the desk and stays there; the notebook starts there and goes onto the folder
      const desk = loads.get("desk.n.01_1")!;
      expect(sorted(desk.arrives)).toEqual(["folder.n.02_1", "keyboard.n.01_1", "mouse.n.04_1"]);
      expect(sorted(desk.leaves)).toEqual(["notebook.n.01_1"]);
    });

    it("grows the notebook and the folder no larger than the one thing on them at a time", () => {
      const longSide = (s: { x: number; y: number }) => Math.max(s.x, s.y);
      const area = (s: { x: number; y: number }) => s.x * s.y;
      for (const seed of [0, 1, 2, 3]) {
        const { scene } = sampleScene(organizing, { seed });
        const size = (id: string) => scene.objects.find((o) => o.id === id)!.box.size;
        const [notebook, folder, keyboard, pen] = ["notebook_1", "folder_1", "keyboard_1", "pen_1"].map(size) as [ReturnType<typeof size>, ReturnType<typeof size>, ReturnType<typeof size>, ReturnType<typeof size>];
        // as large as the keyboard (at the start) or the pen (at the end), whichever is longer, if not its own size
        const own = (synset: string) => Math.max(...categoryProfile(synset).size.slice(0, 2));
        expect(longSide(notebook)).toBeLessThanOrEqual(Math.max(own("notebook.n.01"), longSide(keyboard), longSide(pen)) + 1e-3);
        expect(longSide(folder)).toBeLessThanOrEqual(Math.max(own("folder.n.02"), longSide(notebook)) + 1e-3);
        // not sized for the keyboard and the pen side by side, four times over, as when it took both at once
        expect(area(notebook)).toBeLessThan(4 * (area(keyboard) + area(pen)));
      }
    });
  });

  it("spreads a cloth over what it is overlaid on, at least as large as that and thin, and sets things on top on the cloth", () => {
    const made = parseProblem(
      `(define (problem made_bed_0) (:domain omnigibson)
        (:objects blanket.n.01_1 - blanket.n.01 pillow.n.01_1 - pillow.n.01 bed.n.01_1 - bed.n.01
          floor.n.01_1 - floor.n.01 agent.n.01_1 - agent.n.01)
        (:init (overlaid blanket.n.01_1 bed.n.01_1) (ontop pillow.n.01_1 bed.n.01_1) (inroom bed.n.01_1 bedroom)
          (inroom floor.n.01_1 bedroom) (ontop agent.n.01_1 floor.n.01_1))
        (:goal (and (ontop ?pillow.n.01_1 ?floor.n.01_1) (not (overlaid ?blanket.n.01_1 ?bed.n.01_1)))))`,
      "made_bed.bddl",
    );
    for (const seed of [0, 1, 2, 3]) {
      const { scene } = sampleScene(made, { seed });
      const byId = new Map(scene.objects.map((o) => [o.id, o]));
      const [blanket, bed, pillow] = [byId.get("blanket_1")!.box, byId.get("bed_1")!.box, byId.get("pillow_1")!.box];
      expect(Math.max(blanket.size.x, blanket.size.y)).toBeGreaterThanOrEqual(Math.max(bed.size.x, bed.size.y));
      expect(blanket.size.z).toBeLessThanOrEqual(0.005);
      // on the blanket, which lies on the bed's top
      expect(pillow.center.z - pillow.size.z / 2).toBeCloseTo(bed.center.z + bed.size.z / 2 + blanket.size.z, 6);
      // the bed is not grown for the blanket, as it would be for a thing set beside others on it
      expect(bed.size.x * bed.size.y).toBeLessThan(2 * categoryProfile("bed.n.01").size[0] * categoryProfile("bed.n.01").size[1]);
    }
  });

  it("reports why when no house can satisfy the initial facts", () => {
    const impossible = parseProblem(
      `(define (problem loop_0) (:domain igibson)
        (:objects apple.n.01_1 apple.n.01_2 - apple.n.01 floor.n.01_1 - floor.n.01 agent.n.01_1 - agent.n.01)
        (:init (ontop apple.n.01_1 apple.n.01_2) (ontop apple.n.01_2 apple.n.01_1) (inroom floor.n.01_1 kitchen) (onfloor agent.n.01_1 floor.n.01_1))
        (:goal (ontop apple.n.01_1 floor.n.01_1)))`,
      "loop.bddl",
    );
    const failure = (options: { precheck?: boolean }) => {
      try {
        sampleScene(impossible, { seed: 0, maxAttempts: 2, ...options });
      } catch (e) {
        return e as SamplingError;
      }
      throw new Error("sampled");
    };
    // no attempt can place a cycle of supports: refused before the first, at the cycle's first literal
    const refused = failure({});
    expect(refused).toBeInstanceOf(SamplingError);
    expect(refused.reasons).toHaveLength(0);
    expect(refused.message).toMatch(/whatever the seed: line 3, column 16: cannot place apple\.n\.01_1: its support apple\.n\.01_2 is never placed \(a cycle of supports/);
    // made to try, every attempt fails, naming the BDDL instances
    const tried = failure({ precheck: false });
    expect(tried.reasons).toHaveLength(2);
    expect(tried.message).toMatch(/apple\.n\.01_\d/);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SceneSchema, type SceneFile } from "../../../sim/scene/schema.ts";
import { FURNITURE as F, ITEMS as I } from "../../../scenes/builder/catalog.ts";
import { restsIn, restsOn } from "../../../scenes/builder/geometry.ts";
import { SceneBuilder, SceneBuildError } from "../../../scenes/builder/scene-builder.ts";
import { restingPlace } from "../../../scenes/builder/scene-checks.ts";

function kitchen(): SceneBuilder {
  return new SceneBuilder({ id: "t", name: "test", description: "" })
    .room("kitchen", "kitchen", [0, 0], [5, 5])
    .room("hall", "corridor", [0, 5], [5, 6])
    .door("kitchen", "hall")
    .agentStart("hall");
}

function problemsOf(b: SceneBuilder): string[] {
  try {
    b.build();
    return [];
  } catch (e) {
    if (e instanceof SceneBuildError) return e.problems;
    throw e;
  }
}

function built(b: SceneBuilder): SceneFile {
  return SceneSchema.parse(b.build());
}

describe("SceneBuilder", () => {
  it("stands furniture on the floor at room-relative positions", () => {
    const s = built(kitchen().onFloor("table", F.kitchenTable, "hall", 2, 0.5));
    const t = s.objects.find((o) => o.id === "table")!;
    expect(t.box.center).toEqual({ x: 2, y: 5.5, z: 0.375 });
    expect(t.room).toBe("hall");
  });

  it("rests items exactly on, in and under their supports, and records how", () => {
    const b = kitchen()
      .onFloor("counter", F.counter, "kitchen", 2, 0.3)
      .onTop("microwave", F.microwave, "counter", 0.6, 0)
      .inside("mug", I.mug, "microwave")
      .onFloor("table", F.kitchenTable, "kitchen", 2, 2.5)
      .under("bowl", I.petBowl, "table", 0.2, 0)
      .onTop("plate", I.plate, "table")
      .onTop("apple", I.apple, "plate");
    const s = built(b);
    const get = (id: string) => s.objects.find((o) => o.id === id)!;
    expect(get("microwave").box.center.z).toBeCloseTo(0.9 + 0.15, 9);
    expect(get("mug").box.center.z).toBeCloseTo(0.9 + 0.02 + 0.05, 9);
    expect(get("apple").box.center.z).toBeCloseTo(0.75 + 0.02 + 0.04, 9);
    expect(restingPlace(get("mug"), s)).toEqual({ relation: "inside", target: "microwave" });
    expect(restingPlace(get("bowl"), s)).toEqual({ relation: "under", target: "table" });
    expect(restingPlace(get("apple"), s)).toEqual({ relation: "ontop", target: "plate" });
    expect(b.placement("bowl")).toEqual({ relation: "under", target: "table" });
    expect(b.placement("table")).toEqual({ relation: "onfloor", target: "floor_kitchen" });
  });

  it("places on and in turned furniture using the support's own frame", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        fc.double({ min: -0.35, max: 0.35, noNaN: true }),
        fc.double({ min: -0.12, max: 0.12, noNaN: true }),
        (heading, dx, dy) => {
          const b = kitchen()
            .onFloor("cabinet", F.kitchenCabinet, "kitchen", 2.5, 2.5, { heading })
            .inside("mug", I.mug, "cabinet", dx, dy)
            .onTop("apple", I.apple, "cabinet", dx, dy);
          const s = built(b);
          const get = (id: string) => s.objects.find((o) => o.id === id)!;
          expect(restsIn(get("mug").box, get("cabinet").box, 0.02)).toBe(true);
          expect(restsOn(get("apple").box, get("cabinet").box)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("refuses items that stick out over an edge, through a wall, or are too tall", () => {
    const problems = problemsOf(
      kitchen()
        .onFloor("table", F.kitchenTable, "kitchen", 2, 2)
        .onTop("book", I.book, "table", 0.55, 0)
        .onFloor("cabinet", F.kitchenCabinet, "kitchen", 2, 4)
        .inside("broom", I.broom, "cabinet")
        .under("backpack", I.backpack, "table", 0, 0)
        .under("lamp_under", F.floorLamp, "table", -0.35, 0),
    );
    expect(problems).toContain("book sticks out over the edge of table");
    expect(problems).toContain("broom does not fit within the walls of cabinet");
    expect(problems).toContain("lamp_under is too tall to fit under table");
    expect(problems.some((p) => p.startsWith("backpack"))).toBe(false);
  });

  it("refuses interpenetrating furniture, objects outside their room and unreachable rooms", () => {
    const problems = problemsOf(
      kitchen()
        .room("attic", "storage_room", [10, 10], [12, 12])
        .onFloor("a", F.chair, "kitchen", 1, 1)
        .onFloor("b", F.chair, "kitchen", 1.2, 1)
        .onFloor("c", F.counter, "kitchen", 4.5, 3),
    );
    expect(problems).toEqual(
      expect.arrayContaining(["a and b interpenetrate", "c sticks out of room kitchen", "room attic cannot be reached from the agent's start room hall"]),
    );
  });

  it("refuses inside/under on the wrong shapes, duplicate and reserved ids", () => {
    const problems = problemsOf(
      kitchen()
        .onFloor("sofa", F.sofa, "kitchen", 2, 2)
        .inside("sock", I.sock, "sofa")
        .under("shoe", I.shoe, "sofa")
        .onFloor("floor_mat", I.towel, "kitchen", 4, 4)
        .onFloor("sofa", F.sofa, "kitchen", 2, 4),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        "sock: sofa is not a container",
        "shoe: sofa has no free space under it (shape solid)",
        'object id "floor_mat" is reserved for the simulator',
        'object "sofa" is defined twice',
      ]),
    );
  });

  it("merges template and placement states and keeps controls", () => {
    const s = built(
      kitchen()
        .onFloor("lamp", F.floorLamp, "kitchen", 1, 1, { states: { toggled_on: true } })
        .mounted("switch", F.lightSwitch, "kitchen", 0.04, 2, 1.2, { controls: ["lamp"] }),
    );
    expect(s.objects.find((o) => o.id === "lamp")!.states).toEqual({ toggled_on: true });
    expect(s.objects.find((o) => o.id === "switch")!.controls).toEqual(["lamp"]);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateHouse } from "../../../harness/bench/house-generator.ts";
import { SceneSchema } from "../../../sim/scene/schema.ts";
import { TaskBinding } from "../../../sim/task/binding.ts";
import { GoalTracker } from "../../../sim/task/goal-tracker.ts";
import { loadWorld } from "../../../sim/world/load-world.ts";
import { RoomGraph } from "../../../sim/world/navigation.ts";

describe("bench house generator", () => {
  it("makes exactly the asked number of objects, valid, with unique ids, every room reachable", () => {
    fc.assert(
      fc.property(fc.integer({ min: 13, max: 400 }), fc.integer({ min: 0, max: 1000 }), (n, seed) => {
        const house = generateHouse(n, seed);
        expect(house.scene.objects).toHaveLength(n);
        expect(new Set(house.scene.objects.map((o) => o.id)).size).toBe(n);
        expect(SceneSchema.safeParse(JSON.parse(house.text)).success).toBe(true);
        const graph = new RoomGraph(house.scene.rooms);
        const start = graph.center("room_0");
        for (const r of house.scene.rooms) expect(graph.path("room_0", start, r.id, graph.center(r.id)), r.id).not.toBeNull();
      }),
      { numRuns: 25 },
    );
  });

  it("is deterministic in its seed", () => {
    expect(generateHouse(300, 7).text).toBe(generateHouse(300, 7).text);
    expect(generateHouse(300, 7).text).not.toBe(generateHouse(300, 8).text);
  });

  it("grows by rooms, not by crowding: about 40 objects a room", () => {
    for (const n of [100, 1000, 4000]) expect(generateHouse(n).scene.rooms.length).toBe(Math.round(n / 40));
  });

  it("loads and settles with every thing resting on something, and its task binds with the goal not yet met", () => {
    const house = generateHouse(200, 3);
    const world = loadWorld(house.scene);
    const things = [...world.objects.values()].filter((o) => o.id.startsWith("thing_"));
    expect(things.length).toBeGreaterThan(100);
    for (const t of things) expect(world.supports.get(t.id), t.id).toBeDefined();
    // a thing put on or in furniture stays there after settling (it does not fall to the floor)
    const hosted = new Set(house.scene.objects.filter((o) => o.id.startsWith("thing_") && o.box.center.z - o.box.size.z / 2 > 0.1).map((o) => o.id));
    expect(hosted.size).toBeGreaterThan(100);
    for (const id of hosted) expect(world.supports.get(id)!.relation, id).not.toBe("onfloor");
    const tracker = new GoalTracker(world, new TaskBinding(house.task.problem, house.task.task.bindings, world, house.task.path));
    expect(tracker.conditions).toHaveLength(2);
    expect(tracker.allHold()).toBe(false);
  });

  it("refuses a house too small to furnish", () => {
    expect(() => generateHouse(12)).toThrow(RangeError);
  });
});

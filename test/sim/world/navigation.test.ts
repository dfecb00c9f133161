import { describe, expect, it } from "vitest";
import { RoomGraph } from "../../../sim/world/navigation.ts";
import { tinyFlat } from "../../helpers/scenes.ts";

describe("RoomGraph", () => {
  const g = new RoomGraph(tinyFlat().rooms);
  it("knows doors in both directions", () => {
    expect(g.neighbors("kitchen")).toEqual(["living"]);
    expect(g.neighbors("living")).toEqual(["kitchen"]);
  });
  it("walks through the door: length = leg to the door + leg from it", () => {
    const p = g.path("kitchen", { x: 1, y: 2 }, "living", { x: 8, y: 2 })!;
    expect(p.length).toBeCloseTo(3 + 4, 9);
    expect(p.waypoints[0]).toEqual({ x: 4, y: 2 });
  });
  it("is null between rooms no door joins", () => {
    const lonely = new RoomGraph([
      { id: "a", type: "kitchen", outdoor: false, footprint: { min: { x: 0, y: 0 }, max: { x: 1, y: 1 } }, doors: [] },
      { id: "b", type: "garden", outdoor: true, footprint: { min: { x: 5, y: 5 }, max: { x: 6, y: 6 } }, doors: [] },
    ]);
    expect(lonely.path("a", { x: 0.5, y: 0.5 }, "b", { x: 5.5, y: 5.5 })).toBeNull();
  });
});

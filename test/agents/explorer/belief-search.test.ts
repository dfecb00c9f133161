import { describe, expect, it } from "vitest";
import { Belief } from "../../../agents/explorer/belief.ts";
import { ProgressMemory } from "../../../agents/explorer/progress-memory.ts";
import { nearestUnexploredRoom, searchExhausted, unsearchedContainers } from "../../../agents/explorer/search.ts";
import type { ObservedObject, Observation } from "../../../sim/observation.ts";
import { beliefOf, closedBox, obj, observation, roomsInLine } from "./fixtures.ts";

describe("Belief", () => {
  it("remembers its own placements until it picks the object up again (under furniture shows as on the floor)", () => {
    const rooms = roomsInLine("bedroom");
    const shoe = obj("shoe", "shoe.n.01", "bedroom", { relation: { type: "onfloor", target: "floor_bedroom" } });
    const b = new Belief();
    b.update(observation(rooms, [shoe], { lastAction: { type: "place", object: "shoe", relation: "under", target: "bed" }, lastFeedback: { ok: true, error: null, message: "placed" } }));
    expect(b.holds("under", ["shoe", "bed"])).toBe(false); // the bed itself is unseen
    b.update(observation(rooms, [shoe, obj("bed", "bed.n.01", "bedroom", { kind: "fixed" })]));
    expect(b.holds("under", ["shoe", "bed"])).toBe(true);
    b.update(observation(rooms, [shoe, obj("bed", "bed.n.01", "bedroom", { kind: "fixed" })], { lastAction: { type: "pick", object: "shoe" }, lastFeedback: { ok: true, error: null, message: "picked" } }));
    expect(b.holds("under", ["shoe", "bed"])).toBe(false);
  });

  it("forgets what it put next to something once that something is picked up (tidying_bedroom moved the sandal the other stood by)", () => {
    const rooms = roomsInLine("bedroom");
    const onFloor = { relation: { type: "onfloor" as const, target: "floor_bedroom" } };
    const sandal1 = obj("sandal_1", "sandal.n.01", "bedroom", onFloor);
    const sandal2 = obj("sandal_2", "sandal.n.01", "bedroom", onFloor);
    const tray = obj("tray", "tray.n.01", "bedroom", onFloor);
    const cup = obj("cup", "cup.n.01", "bedroom", { relation: { type: "ontop", target: "tray" } });
    const did = (lastAction: Observation["lastAction"]) => ({ lastAction, lastFeedback: { ok: true, error: null, message: "ok" } });
    const b = new Belief();
    const all = [sandal1, sandal2, tray, cup];
    b.update(observation(rooms, all, did({ type: "place", object: "sandal_2", relation: "nextto", target: "sandal_1" })));
    b.update(observation(rooms, all, did({ type: "place", object: "cup", relation: "ontop", target: "tray" })));
    expect(b.holds("nextto", ["sandal_2", "sandal_1"])).toBe(true);
    b.update(observation(rooms, all, did({ type: "pick", object: "sandal_1" })));
    expect(b.holds("nextto", ["sandal_2", "sandal_1"])).toBe(false);
    // what was put on the tray goes along with it
    b.update(observation(rooms, all, did({ type: "pick", object: "tray" })));
    expect(b.holds("ontop", ["cup", "tray"])).toBe(true);
  });

  it("counts what stands under furniture as on top of the floor it stands on, read from the observed boxes", () => {
    const rooms = roomsInLine("bathroom", "hall");
    // a floor 4 × 3 m, 0.1 m thick, its top at z = 0
    const floor = obj("floor_bathroom", "floor.n.01", "bathroom", { kind: "fixed", box: { center: { x: 2, y: 1.5, z: -0.05 }, size: { x: 4, y: 3, z: 0.1 }, heading: 0 } });
    const toilet = obj("toilet", "toilet.n.02", "bathroom", { kind: "fixed" });
    const trap = (id: string, z: number, x = 1, relation: ObservedObject["relation"] = { type: "under", target: "toilet" }, room = "bathroom") =>
      obj(id, "mousetrap.n.01", room, { relation, box: { center: { x, y: 1, z }, size: { x: 0.1, y: 0.05, z: 0.03 }, heading: 0 } });
    const b = beliefOf(
      observation(rooms, [
        floor,
        toilet,
        trap("under_toilet", 0.015),
        trap("on_shelf_under", 0.515),
        trap("off_the_floor", 0.015, 5),
        trap("on_the_table", 0.015, 1, { type: "ontop", target: "toilet" }),
        trap("other_room", 0.015, 1, { type: "under", target: "toilet" }, "hall"),
      ]),
    );
    expect(b.holds("ontop", ["under_toilet", "floor_bathroom"])).toBe(true);
    expect(b.holds("under", ["under_toilet", "toilet"])).toBe(true);
    // not at the floor's height, beyond its footprint, on something else, or in another room
    expect(b.holds("ontop", ["on_shelf_under", "floor_bathroom"])).toBe(false);
    expect(b.holds("ontop", ["off_the_floor", "floor_bathroom"])).toBe(false);
    expect(b.holds("ontop", ["on_the_table", "floor_bathroom"])).toBe(false);
    expect(b.holds("ontop", ["other_room", "floor_bathroom"])).toBe(false);
    // and never on top of a carryable thing it is merely level with
    expect(b.holds("ontop", ["under_toilet", "on_the_table"])).toBe(false);
  });

  it("follows supports for inside, and finds the closed container around an object", () => {
    const box = closedBox("cabinet", "cabinet.n.01", "kitchen");
    const tray = obj("tray", "tray.n.01", "kitchen", { relation: { type: "inside", target: "cabinet" } });
    const cup = obj("cup", "cup.n.01", "kitchen", { relation: { type: "ontop", target: "tray" } });
    const b = beliefOf(observation(roomsInLine("kitchen"), [box, tray, cup]));
    expect(b.holds("inside", ["cup", "cabinet"])).toBe(true);
    expect(b.closedContainerAround("cup")).toBe("cabinet");
    expect(b.holds("inroom", ["cup", "kitchen"])).toBe(true);
    expect(b.holds("open", ["cabinet"])).toBe(false);
  });
});

describe("search", () => {
  it("goes to the nearest unexplored room by door hops", () => {
    const rooms = roomsInLine("hall", "kitchen", "garden");
    rooms[0]!.explored = true;
    expect(nearestUnexploredRoom(observation(rooms, []))).toBe("kitchen");
    expect(nearestUnexploredRoom(observation(rooms, []), new Set(["kitchen"]))).toBe("garden");
  });

  it("opens unsearched containers in the agent's room first, and is exhausted when all are searched", () => {
    const rooms = roomsInLine("hall", "kitchen").map((r) => ({ ...r, explored: true }));
    const far = closedBox("far", "cabinet.n.01", "kitchen", 1, 1);
    const nearHere = closedBox("here", "cabinet.n.01", "hall", 3, 3);
    const b = beliefOf(observation(rooms, [far, nearHere]));
    expect(unsearchedContainers(b, new Set())).toEqual(["here", "far"]);
    expect(searchExhausted(b, new Set())).toBe(false);
    b.update(observation(rooms, [far, { ...nearHere, states: { open: true } }]));
    expect(searchExhausted(b, new Set(["far"]))).toBe(true);
  });
});

describe("ProgressMemory", () => {
  const rooms = roomsInLine("kitchen");
  /** Reads an observation's feedback as the agent does, with what the belief has observed by then. */
  const learn = (m: ProgressMemory, obs: Observation) => m.learn(obs, beliefOf(obs).observed);
  it("learns where it stands and which container blocks it", () => {
    const m = new ProgressMemory();
    m.remember({ action: { type: "navigate", target: "milk" } });
    learn(m, observation(rooms, [obj("milk", "milk.n.01", "kitchen")], { lastFeedback: { ok: true, error: null, message: "walked" } }));
    expect(m.near).toBe("milk");
    m.remember({ action: { type: "pick", object: "milk" }, literal: "inside(milk,fridge)" });
    learn(m, observation(rooms, [], { lastFeedback: { ok: false, error: "missing_step", message: "milk is inside fridge, which is closed — open it first" } }));
    expect(m.mustOpen).toBe("fridge");
  });

  it("gives a literal up after repeated failures (a refused placement counts double)", () => {
    const m = new ProgressMemory();
    const fail = { lastFeedback: { ok: false, error: "affordance" as const, message: "no room on shelf" } };
    m.remember({ action: { type: "place", object: "a", relation: "ontop", target: "shelf" }, literal: "ontop(a,shelf)" });
    learn(m, observation(rooms, [], fail));
    expect(m.givenUp.has("ontop(a,shelf)")).toBe(false);
    m.remember({ action: { type: "place", object: "a", relation: "ontop", target: "shelf" }, literal: "ontop(a,shelf)" });
    learn(m, observation(rooms, [], fail));
    expect(m.givenUp.has("ontop(a,shelf)")).toBe(true);
  });
});

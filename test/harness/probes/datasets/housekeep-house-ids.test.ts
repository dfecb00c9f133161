/**
 * Ids of a Housekeep house's rooms, receptacles and objects, made from the source's keys: clean, unique within the
 * house ignoring case, and the same for the same keys in any order — no shared data needed.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HousekeepHouseIds } from "../../../../harness/probes/datasets/housekeep-house-ids.ts";
import { parseProblem } from "../../../../sim/bddl/parser.ts";

const CLEAN = /^[A-Za-z0-9_]+$/;

/** Receptacle keys as anyone may write them: Housekeep's shape from pieces that clean alike or differ in case, or any text. */
const receptacleKey = fc.oneof(
  fc
    .tuple(
      fc.constantFrom("kitchen_0", "Kitchen_0", "kitchen 0", "kitchen-0", "living_room_0", "living room_0", "__proto__", "agent", "floor", "", "None", "_0", "(a;b)"),
      fc.constantFrom("counter_1_0", "Counter_1_0", "counter-1-0", "counter_1_0.urdf", "counter 1 0.urdf", ".urdf", "", "kitchen_0", "0"),
    )
    .map(([room, rest]) => `${room}-${rest}`),
  fc.constantFrom("kitchen_0", "kitchen_0_counter_1_0", "floor_kitchen_0", "KITCHEN_0-x", "-sofa.urdf"),
  fc.string({ maxLength: 16 }),
);
const objectKey = fc.oneof(fc.constantFrom("apple_1", "Apple_1", "apple-1", "agent", "__proto__", "kitchen_0", "floor_kitchen_0", "kitchen_0_counter_1_0"), fc.string({ maxLength: 12 }));

/** Every id of the house and one episode's objects, with what it names. */
function allIds(house: HousekeepHouseIds, objectKeys: readonly string[]): string[] {
  const rooms = [...house.rooms.values()];
  return [...rooms, ...rooms.map((r) => `floor_${r}`), "agent", ...house.receptacles.values(), ...house.objectIds(objectKeys).values()];
}

describe("Housekeep house ids", () => {
  it("keeps the ids of plain keys (the shared sample's do not change)", () => {
    const house = new HousekeepHouseIds(["kitchen_0-counter_64_0.urdf", "living_room_0-sofa_2_0.urdf", "None-table_1_0.urdf"]);
    expect([...house.receptacles]).toEqual([
      ["kitchen_0-counter_64_0.urdf", "kitchen_0_counter_64_0"],
      ["living_room_0-sofa_2_0.urdf", "living_room_0_sofa_2_0"],
    ]);
    expect([...house.rooms]).toEqual([
      ["kitchen_0", "kitchen_0"],
      ["living_room_0", "living_room_0"],
    ]);
    expect(house.roomTypes.get("living_room_0")).toBe("living_room");
    expect([...house.objectIds(["apple_1", "cup_2"]).values()]).toEqual(["apple_1", "cup_2"]);
  });

  it("keys that clean alike or differ in case get different ids; room types come from the name, not a suffix", () => {
    const house = new HousekeepHouseIds(["kitchen_0-counter_1_0.urdf", "kitchen_0-counter-1-0.urdf", "kitchen_0_counter_1_0.urdf", "Kitchen_0-Counter_1_0.urdf", "living room_0-sofa.urdf", "living_room_0-sofa.urdf"]);
    // where cleaned ids clash, the key first in code-unit order keeps its id: here the capitalised one
    expect([...house.receptacles].filter(([k]) => /counter/i.test(k)).sort()).toEqual([
      ["Kitchen_0-Counter_1_0.urdf", "Kitchen_0_Counter_1_0"],
      ["kitchen_0-counter-1-0.urdf", "kitchen_0_counter_1_0_2"],
      ["kitchen_0-counter_1_0.urdf", "kitchen_0_counter_1_0_3"],
      ["kitchen_0_counter_1_0.urdf", "kitchen_0_counter_1_0_4"],
    ]);
    expect(new Set([...house.receptacles.values()].map((id) => id.toLowerCase())).size).toBe(6);
    expect(house.rooms.get("living room_0")).toBe("living_room_0");
    expect(house.rooms.get("living_room_0")).toBe("living_room_0_2");
    expect(house.roomTypes.get("living_room_0_2")).toBe("living_room");
    // a key without a room part names a room and a receptacle alike: they stay apart
    const bare = new HousekeepHouseIds(["kitchen_0"]);
    expect([bare.rooms.get("kitchen_0"), bare.receptacles.get("kitchen_0")]).toEqual(["kitchen_0", "kitchen_0_2"]);
    // nor is a room called as the world calls another room's floor
    expect(new HousekeepHouseIds(["kitchen_0-x", "floor_kitchen_0-y"]).rooms.get("floor_kitchen_0")).toBe("room_floor_kitchen_0");
  });

  it("any receptacle and object keys → ids that are clean, one BDDL symbol each, unique in the house ignoring case", () => {
    fc.assert(
      fc.property(fc.array(receptacleKey, { maxLength: 12 }), fc.array(objectKey, { maxLength: 8 }), (keys, objects) => {
        const house = new HousekeepHouseIds(keys);
        const ids = allIds(house, objects);
        for (const id of ids) {
          expect(id, id).toMatch(CLEAN);
          expect(id).not.toBe("__proto__");
        }
        for (const type of house.roomTypes.values()) expect(type.length).toBeGreaterThan(0);
        expect(new Set(ids.map((id) => id.toLowerCase())).size).toBe(ids.length);
        const rooms = [...house.rooms.values()];
        if (rooms.length > 0) expect(() => parseProblem(`(define (problem p) (:domain igibson) (:objects a.n.01_1 - a.n.01) (:init ${rooms.map((r) => `(inroom a.n.01_1 ${r})`).join(" ")}) (:goal (and)))`, "p.bddl")).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it("gives the same keys the same ids in any order, and repeated keys change nothing", () => {
    fc.assert(
      fc.property(fc.array(receptacleKey, { maxLength: 12 }), fc.array(objectKey, { maxLength: 8 }), fc.infiniteStream(fc.nat()), (keys, objects, rand) => {
        const shuffle = <T>(xs: readonly T[]) => xs.map((x) => [rand.next().value as number, x] as const).sort((a, b) => a[0] - b[0]).map(([, x]) => x);
        const a = new HousekeepHouseIds(keys);
        const b = new HousekeepHouseIds([...shuffle(keys), ...shuffle(keys)]);
        const sorted = <K, V>(m: ReadonlyMap<K, V>) => [...m].sort((x, y) => (String(x[0]) < String(y[0]) ? -1 : 1));
        expect(sorted(b.receptacles)).toEqual(sorted(a.receptacles));
        expect(sorted(b.rooms)).toEqual(sorted(a.rooms));
        expect(sorted(b.objectIds(shuffle(objects)))).toEqual(sorted(a.objectIds(objects)));
      }),
      { numRuns: 200 },
    );
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { synsetByName } from "../../../../sim/categories/wordnet.ts";
import { objectGroup, placeGain, receptacleKind, roomsOf, TOP_GAIN } from "../../../../harness/probes/generate/placement-rule.ts";
import { FALLBACK_GROUP, OBJECT_GROUPS, RECEPTACLE_KINDS } from "../../../../harness/probes/generate/placement-table.ts";
import type { SceneFile } from "../../../../sim/scene/schema.ts";
import { ROOT } from "../shared-data.ts";

const houses = ["flat", "family_house", "cottage"].map((h) => JSON.parse(readFileSync(path.join(ROOT, "scenes/houses", `${h}.scene.json`), "utf8")) as SceneFile);

describe("placement tables", () => {
  it("every WordNet anchor names a synset (a typo would silently match nothing)", () => {
    const anchors = [...RECEPTACLE_KINDS.flatMap((r) => r.anchors ?? []), ...OBJECT_GROUPS.flatMap((g) => g.anchors ?? [])];
    expect(anchors.filter((a) => synsetByName(a) === null)).toEqual([]);
  });

  it("grades lie in 0..3, and place keys name known receptacle kinds", () => {
    const kinds = new Set([...RECEPTACLE_KINDS.map((r) => r.kind), "floor"]);
    for (const g of [...OBJECT_GROUPS, FALLBACK_GROUP])
      for (const [key, grade] of Object.entries(g.places)) {
        expect(grade, `${g.group} ${key}`).toBeGreaterThanOrEqual(1);
        expect(grade, `${g.group} ${key}`).toBeLessThanOrEqual(TOP_GAIN);
        expect(kinds.has(key.split("|").at(-1)!), `${g.group} ${key}`).toBe(true);
      }
  });
});

describe("placement rule", () => {
  it("recognises the bundled houses' furniture by WordNet hypernyms and labels", () => {
    const kind = (category: string, label?: string) => receptacleKind({ category, label });
    expect(kind("electric_refrigerator.n.01", "fridge")).toBe("fridge");
    expect(kind("stand.n.04", "nightstand")).toBe("nightstand");
    expect(kind("stand.n.04")).toBe("table");
    expect(kind("rack.n.05", "shoe rack")).toBe("shoe_rack");
    expect(kind("coffee_table.n.01")).toBe("coffee_table");
    expect(kind("clothes_hamper.n.01")).toBe("hamper");
    expect(kind("lawn_chair.n.01")).toBe("chair");
    expect(receptacleKind({ category: "floor.n.01", shape: "floor" })).toBe("floor");
    for (const none of ["lamp.n.02", "switch.n.01", "television_receiver.n.01", "tree.n.01"]) expect(kind(none)).toBeNull();
  });

  it("grades by group, room and receptacle kind", () => {
    const milk = { category: "milk.n.01" };
    expect(objectGroup(milk).group).toBe("chilled food");
    expect(placeGain(milk, "kitchen|fridge")).toBe(3);
    expect(placeGain(milk, "kitchen|counter")).toBe(1);
    // a fridge entry counts only in the group's rooms
    expect(placeGain(milk, "garage|fridge")).toBe(0);
    expect(placeGain(milk, "bedroom|wardrobe")).toBe(0);
    // `*|kind` entries count in any room: socks go in the hamper wherever it stands
    const sock = { category: "sock.n.01" };
    expect(objectGroup(sock).group).toBe("clothes");
    expect(placeGain(sock, "bathroom|hamper")).toBe(2);
    expect(placeGain(sock, "bathroom|cabinet")).toBe(0);
    // `room|kind` entries count in that room only
    expect(placeGain({ category: "pot_plant.n.01" }, "garden|floor")).toBe(3);
    expect(placeGain({ category: "pot_plant.n.01" }, "living_room|floor")).toBe(2);
    // the profile's rooms (the sampler's prior) join the group's: a mug's profile lists the kitchen
    expect(roomsOf({ category: "mug.n.04" })).toEqual(expect.arrayContaining(["kitchen", "dining_room"]));
  });

  it("labels win over WordNet where WordNet cannot tell (a toy box is a toy, not a storage box)", () => {
    expect(objectGroup({ category: "carton.n.02", label: "toy box" }).group).toBe("toys");
    expect(objectGroup({ category: "carton.n.02", label: "storage box" }).group).toBe("boxes");
  });

  it("objects in no group never get the top grade", () => {
    const gadget = { category: "gadget_we_made_up.n.01" };
    expect(objectGroup(gadget)).toBe(FALLBACK_GROUP);
    expect(Math.max(...["kitchen|table", "kitchen|counter", "living_room|shelf"].map((p) => placeGain(gadget, p)))).toBeLessThan(TOP_GAIN);
  });

  it("every carryable object of the bundled houses falls in a group (none needs the fallback)", () => {
    for (const scene of houses)
      for (const o of scene.objects.filter((x) => x.kind === "carryable")) expect(objectGroup(o), `${scene.id}/${o.id}`).not.toBe(FALLBACK_GROUP);
  });
});

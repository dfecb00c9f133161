import type { ObjectSpec, SceneFile } from "../scene/schema.ts";

/** Thickness of the floor slab added under every room (its top is z = 0). */
export const FLOOR_THICKNESS = 0.1;

/** The scene's objects plus a `floor_<room>` object (floor.n.01) for every room that has no floor object. */
export function withFloors(scene: SceneFile): ObjectSpec[] {
  const hasFloor = new Set(scene.objects.filter((o) => o.shape === "floor").map((o) => o.room));
  const floors: ObjectSpec[] = scene.rooms
    .filter((r) => !hasFloor.has(r.id))
    .map((r) => ({
      id: `floor_${r.id}`,
      category: "floor.n.01",
      label: `${r.type.replace(/_/g, " ")} floor`,
      room: r.id,
      box: {
        center: { x: (r.footprint.min.x + r.footprint.max.x) / 2, y: (r.footprint.min.y + r.footprint.max.y) / 2, z: -FLOOR_THICKNESS / 2 },
        size: { x: r.footprint.max.x - r.footprint.min.x, y: r.footprint.max.y - r.footprint.min.y, z: FLOOR_THICKNESS },
        heading: 0,
      },
      kind: "fixed",
      shape: "floor",
      abilities: [],
      states: {},
      controls: [],
    }));
  return [...floors, ...scene.objects];
}

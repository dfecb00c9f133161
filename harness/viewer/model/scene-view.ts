import { loadSceneFile } from "../../../sim/scene/load.ts";
import type { Box, RoomSpec } from "../../../sim/scene/schema.ts";
import { loadWorld } from "../../../sim/world/load-world.ts";
import type { SimObject } from "../../../sim/world/sim-object.ts";
import type { World } from "../../../sim/world/world.ts";
import type { ObjectPose, ObjectView, PlanePoint, RoomView, SceneView } from "./view-types.ts";
import { sharedEdgeMidpoint } from "../../../sim/world/navigation.ts";

/**
 * Reads a scene file and settles it the way an episode starts (physics drop, supports derived).
 * @throws InputError for an unreadable or invalid scene file
 */
export function loadSceneView(file: string): SceneView {
  const loaded = loadSceneFile(file);
  return sceneViewOf(loadWorld(loaded.scene, file), file);
}

/** The world as it is now, as plain data. Room floors are left out: rooms draw their own. */
export function sceneViewOf(world: World, file: string): SceneView {
  const objects: ObjectView[] = [];
  for (const o of world.objects.values()) {
    if (o.shape === "floor") continue;
    objects.push({ ...poseOf(o), label: o.label, category: o.category, kind: o.kind, shape: o.shape });
  }
  objects.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const a = world.agent;
  return {
    id: world.scene.id,
    name: world.scene.name ?? world.scene.id,
    file,
    rooms: [...world.rooms.values()].map((r) => roomView(r, world.rooms)),
    objects,
    agent: { room: a.room, position: roundPoint(a.position), holding: a.holding },
  };
}

/** An object's current pose, room, true states and whether it is held. */
export function poseOf(o: SimObject): ObjectPose {
  const states = Object.entries(o.states)
    .filter(([, v]) => v)
    .map(([k]) => k)
    .sort();
  return { id: o.id, box: roundBox(o.box), room: o.room, states, held: o.held };
}

function roomView(r: RoomSpec, rooms: ReadonlyMap<string, RoomSpec>): RoomView {
  return {
    id: r.id,
    type: r.type,
    outdoor: r.outdoor,
    footprint: { min: { ...r.footprint.min }, max: { ...r.footprint.max } },
    doors: r.doors
      .filter((d) => rooms.has(d.to))
      .map((d) => ({ to: d.to, position: roundPoint(d.position ?? doorBetween(r, rooms.get(d.to)!)) })),
  };
}

/** Where the simulator puts a door without a position (the same function its room graph uses). */
export function doorBetween(a: RoomSpec, b: RoomSpec): PlanePoint {
  return sharedEdgeMidpoint(a, b);
}

/** Millimetres are plenty for a picture and keep the JSON small. */
export function round3(x: number): number {
  const r = Math.round(x * 1000) / 1000;
  return r === 0 ? 0 : r;
}

/** A floor-plane point rounded to millimetres. */
export function roundPoint(p: PlanePoint): PlanePoint {
  return { x: round3(p.x), y: round3(p.y) };
}

function roundBox(b: Box): Box {
  return {
    center: { x: round3(b.center.x), y: round3(b.center.y), z: round3(b.center.z) },
    size: { x: round3(b.size.x), y: round3(b.size.y), z: round3(b.size.z) },
    heading: Math.round(b.heading * 1e4) / 1e4 || 0,
  };
}

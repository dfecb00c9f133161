/**
 * Where things are in a loaded scene, in the vocabulary of the placement rule: every fixed receptacle
 * and floor is a place `room_type|kind`, and every carryable object is at the place of the fixed
 * thing that ultimately holds it — through anything carryable in between (an apple in a bowl on the
 * counter is at `kitchen|counter`). What an object stands under is not where it is kept: an object
 * under a table or bed is at its room's floor. Supports come from the world (loadWorld derives them
 * from geometry after settling).
 */
import { labelOf } from "../../../sim/categories/index.ts";
import { round6 } from "../../../sim/sampler/draft.ts";
import type { SceneFile } from "../../../sim/scene/schema.ts";
import type { SimObject } from "../../../sim/world/sim-object.ts";
import type { World } from "../../../sim/world/world.ts";
import { placeId, receptacleKind } from "./placement-rule.ts";

/** A fixed object that things can be put on or in. */
export interface Receptacle {
  id: string;
  /** `room_type|kind`. */
  place: string;
  kind: string;
  room: string;
  roomType: string;
}

/** Where a carryable object is. */
export interface ObjectPlace {
  /** `room_type|kind` of the fixed holder; the kind is the holder's lemma when it is no receptacle (a lamp). */
  place: string;
  /** The fixed object (or floor) that holds it in the end. */
  holder: string;
  /** How the object itself rests on what is directly under it. */
  relation: "ontop" | "inside" | "under" | "onfloor";
  /** The relation of the last link: how the chain rests on the holder (`inside` the fridge, `ontop` the counter). */
  holderRelation: "ontop" | "inside" | "under" | "onfloor";
  /** Ids from the object's direct support to the holder. */
  chain: string[];
}

/** The places of a world, computed once. */
export class ScenePlaces {
  readonly world: World;
  /** Fixed receptacles and floors, in world order. */
  readonly receptacles: Receptacle[] = [];
  private readonly byId = new Map<string, Receptacle>();

  constructor(world: World) {
    this.world = world;
    for (const o of world.objects.values()) {
      if (o.kind !== "fixed") continue;
      const kind = receptacleKind(o);
      if (!kind) continue;
      const r = { id: o.id, kind, room: o.room, roomType: this.roomType(o.room), place: placeId(this.roomType(o.room), kind) };
      this.receptacles.push(r);
      this.byId.set(o.id, r);
    }
  }

  /** Type of a room id (the id itself when the room is unknown). */
  roomType(room: string): string {
    return this.world.rooms.get(room)?.type ?? room;
  }

  /** The receptacle with this id, if it is one. */
  receptacle(id: string): Receptacle | undefined {
    return this.byId.get(id);
  }

  /** Distinct place ids of the scene, sorted. */
  placeIds(): string[] {
    return [...new Set(this.receptacles.map((r) => r.place))].sort();
  }

  /** Scene object ids of each place. */
  placeMembers(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const p of this.placeIds()) out[p] = [];
    for (const r of this.receptacles) out[r.place]!.push(r.id);
    return out;
  }

  /** Carryable objects of the world, in scene order. */
  carryables(): SimObject[] {
    return [...this.world.objects.values()].filter((o) => o.kind === "carryable");
  }

  /** Where a carryable object is (see the module comment). */
  placeOf(id: string): ObjectPlace {
    const chain: string[] = [];
    let current = this.world.get(id);
    const first = this.world.supports.get(id) ?? { relation: "onfloor" as const, target: `floor_${current.room}` };
    let support = first;
    for (let hops = 0; hops < 64; hops++) {
      chain.push(support.target);
      const target = this.world.objects.get(support.target);
      if (support.relation === "under" || !target) {
        const floor = this.floorOf(current.room);
        return { place: placeId(this.roomType(current.room), "floor"), holder: floor, relation: first.relation, holderRelation: support.relation, chain };
      }
      if (target.kind === "fixed") {
        const r = this.byId.get(target.id);
        const place = r ? r.place : placeId(this.roomType(target.room), labelOf(target.category).replace(/\s+/g, "_"));
        return { place, holder: target.id, relation: first.relation, holderRelation: support.relation, chain };
      }
      current = target;
      support = this.world.supports.get(target.id) ?? { relation: "onfloor", target: `floor_${target.room}` };
    }
    throw new Error(`support chain of ${id} does not end (${chain.slice(0, 5).join(" → ")} …)`);
  }

  /** The floor object of a room (the world adds `floor_<room>` where the scene has none). */
  floorOf(room: string): string {
    if (this.byId.has(`floor_${room}`)) return `floor_${room}`;
    return this.receptacles.find((r) => r.kind === "floor" && r.room === room)?.id ?? `floor_${room}`;
  }
}

/** The scene's objects with every carryable at its pose in `world` (micrometres) and in the room it is in now. */
export function settledObjects(scene: SceneFile, world: World): SceneFile["objects"] {
  return scene.objects.map((spec) => {
    if (spec.kind !== "carryable") return spec;
    const o = world.get(spec.id);
    const b = o.box;
    return {
      ...spec,
      room: o.room,
      box: {
        center: { x: round6(b.center.x), y: round6(b.center.y), z: round6(b.center.z) },
        size: { ...spec.box.size },
        heading: round6(b.heading),
      },
    };
  });
}

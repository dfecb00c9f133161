import type { Ability, Box, Shape, StateName } from "../../../sim/scene/schema.ts";

/** A box from centre, size and heading. */
export function box(cx: number, cy: number, cz: number, sx: number, sy: number, sz: number, heading = 0): Box {
  return { center: { x: cx, y: cy, z: cz }, size: { x: sx, y: sy, z: sz }, heading };
}

/** A box of the given size whose bottom face is at `bottom`. */
export function restingBox(cx: number, cy: number, bottom: number, sx: number, sy: number, sz: number, heading = 0): Box {
  return box(cx, cy, bottom + sz / 2, sx, sy, sz, heading);
}

/** A hand-built object with everything predicates, placement and settling read. */
export interface TestObject {
  id: string;
  box: Box;
  shape: Shape;
  wall: number;
  abilities: ReadonlySet<Ability>;
  held: boolean;
  states: Partial<Record<StateName, boolean>>;
  room: string;
  kind: "fixed" | "carryable";
}

export function object(
  id: string,
  b: Box,
  opts: Partial<Omit<TestObject, "id" | "box" | "abilities">> & { abilities?: Ability[] } = {},
): TestObject {
  return {
    id,
    box: b,
    shape: opts.shape ?? "solid",
    wall: opts.wall ?? 0.02,
    abilities: new Set(opts.abilities ?? []),
    held: opts.held ?? false,
    states: opts.states ?? {},
    room: opts.room ?? "kitchen",
    kind: opts.kind ?? "carryable",
  };
}

/** A room floor slab (top at z = 0) over the rectangle. */
export function floor(id: string, minX: number, minY: number, maxX: number, maxY: number, room = "kitchen"): TestObject {
  return object(id, box((minX + maxX) / 2, (minY + maxY) / 2, -0.05, maxX - minX, maxY - minY, 0.1), {
    shape: "floor",
    kind: "fixed",
    room,
  });
}

import type { Box, Vec3 } from "../scene/schema.ts";

/**
 * A copy of `v` as the literal `{ x, y, z }`. Every point the simulator keeps is made this way, never by
 * spreading: a spread copy keeps its source's hidden class (a parsed scene's points, built key by key, have
 * another than a literal's), and the geometry helpers that read points of every origin then see so many
 * classes that their property loads go megamorphic.
 */
export function copyVec3(v: Vec3): Vec3 {
  return { x: v.x, y: v.y, z: v.z };
}

/** A copy of `b` whose points are fresh literals ({@link copyVec3}). */
export function copyBox(b: Box): Box {
  return { center: copyVec3(b.center), size: copyVec3(b.size), heading: b.heading };
}

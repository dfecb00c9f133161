import fc from "fast-check";
import type { Box } from "../../../sim/scene/schema.ts";

const coord = fc.double({ min: -5, max: 5, noNaN: true });
const extent = fc.double({ min: 0, max: 3, noNaN: true });

/** Random yaw-only boxes, zero extents included. */
export const arbBox: fc.Arbitrary<Box> = fc
  .record({
    cx: coord,
    cy: coord,
    cz: coord,
    sx: extent,
    sy: extent,
    sz: extent,
    heading: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
  })
  .map(({ cx, cy, cz, sx, sy, sz, heading }) => ({ center: { x: cx, y: cy, z: cz }, size: { x: sx, y: sy, z: sz }, heading }));

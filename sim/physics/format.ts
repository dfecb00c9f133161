import type { Vec3 } from "../scene/schema.ts";

/** Box extents for messages: `0.30×0.20×0.10 m`. */
export function formatSize(s: Vec3): string {
  return `${s.x.toFixed(2)}×${s.y.toFixed(2)}×${s.z.toFixed(2)} m`;
}

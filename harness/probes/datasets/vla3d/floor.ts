/**
 * The floor height of a storey inferred without a region file, from its floor slabs and the things
 * standing on it. A scan's floor slab is a box around the scanned floor surface, often 0.1–0.5 m thick
 * (ScanNet scene0010_01: 0.31 m, its top 0.2 m above the floor the desks stand on), and a storey may
 * hold a stray slab well below the others (a landing: Matterport 5q7pvUzZiYa has one 0.45 m under its
 * top storey's floor). So the slab only says roughly where the floor is: the floor is where the bottoms
 * of the standing things cluster — the 10th percentile of those within the slabs' height band (as the
 * region path takes the 10th percentile of a storey's standing things). Without any, the middle of the
 * largest slab, which lies nearer the scanned surface than its top.
 */
import type { Vla3dObject } from "./read.ts";

/** How far (m) above the highest slab top or below the lowest slab bottom a bottom may lie and still count. */
export const SLAB_BAND_MARGIN = 0.3;

const bottom = (o: Vla3dObject) => o.box.center.z - o.box.size.z / 2;
const top = (o: Vla3dObject) => o.box.center.z + o.box.size.z / 2;

/** The q-quantile of values (the lower neighbour, no interpolation). */
export function quantile(values: readonly number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

/**
 * Floor height of one storey's level of slabs (see module comment). `standing` are the storey's things
 * that stand (not walls, doors, pictures, …, nor placeholders).
 */
export function floorOfLevel(slabs: readonly Vla3dObject[], standing: readonly Vla3dObject[]): number {
  const lo = Math.min(...slabs.map(bottom)) - SLAB_BAND_MARGIN;
  const hi = Math.max(...slabs.map(top)) + SLAB_BAND_MARGIN;
  const bottoms = standing.map(bottom).filter((b) => b >= lo && b <= hi);
  if (bottoms.length > 0) return quantile(bottoms, 0.1);
  const area = (o: Vla3dObject) => o.box.size.x * o.box.size.y;
  return [...slabs].sort((a, b) => area(b) - area(a))[0]!.box.center.z;
}

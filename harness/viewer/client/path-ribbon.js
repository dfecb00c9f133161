/**
 * The agent's path as a flat ribbon on the floor. WebGL draws lines one pixel wide whatever the
 * zoom, which is too thin to follow over a house; a ribbon of quads (with a disc at every bend so
 * corners have no notches) keeps its width in metres.
 */
import { BufferGeometry, Float32BufferAttribute } from "three";

const DISC_SEGMENTS = 10;

/**
 * Triangle vertices (x, y, z triples) of a ribbon `width` wide along `points` at height `z`.
 * Zero-length segments add nothing; a single point gives just its disc.
 * @param {{ x: number, y: number }[]} points
 * @param {number} width
 * @param {number} z
 * @returns {number[]}
 */
export function ribbonVertices(points, width, z) {
  const out = [];
  const half = width / 2;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len < 1e-9) continue;
    const nx = (-(b.y - a.y) / len) * half;
    const ny = ((b.x - a.x) / len) * half;
    out.push(a.x + nx, a.y + ny, z, a.x - nx, a.y - ny, z, b.x - nx, b.y - ny, z);
    out.push(a.x + nx, a.y + ny, z, b.x - nx, b.y - ny, z, b.x + nx, b.y + ny, z);
  }
  for (const p of points) {
    for (let k = 0; k < DISC_SEGMENTS; k++) {
      const a0 = (k / DISC_SEGMENTS) * 2 * Math.PI;
      const a1 = ((k + 1) / DISC_SEGMENTS) * 2 * Math.PI;
      out.push(p.x, p.y, z, p.x + Math.cos(a0) * half, p.y + Math.sin(a0) * half, z, p.x + Math.cos(a1) * half, p.y + Math.sin(a1) * half, z);
    }
  }
  return out;
}

/**
 * The ribbon as a three.js geometry (upward-facing triangles).
 * @param {{ x: number, y: number }[]} points
 * @param {number} width
 * @param {number} z
 */
export function pathRibbon(points, width, z) {
  const g = new BufferGeometry();
  g.setAttribute("position", new Float32BufferAttribute(ribbonVertices(points, width, z), 3));
  return g;
}

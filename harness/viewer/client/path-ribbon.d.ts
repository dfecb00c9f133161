import type { BufferGeometry } from "three";

/** Types of path-ribbon.js (plain ES module of the browser app, tested in Node). */
export declare function ribbonVertices(points: ReadonlyArray<{ x: number; y: number }>, width: number, z: number): number[];
export declare function pathRibbon(points: ReadonlyArray<{ x: number; y: number }>, width: number, z: number): BufferGeometry;

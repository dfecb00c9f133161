/** Oriented-box geometry on a z-up world: footprints, gaps, overlaps, shape parts, spatial index. */
export * from "./footprint.ts";
export * from "./vertical.ts";
export * from "./polygon.ts";
export * from "./footprint-overlap.ts";
export * from "./gap.ts";
export * from "./containment.ts";
export * from "./shape-model.ts";
export * from "./spatial-index.ts";
export * from "./hypot.ts";
export * from "./copy.ts";

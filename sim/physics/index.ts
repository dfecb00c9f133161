/** Placement search and scene settling with cannon-es: small local worlds, fixed time step. */
export * from "./placement-types.ts";
export * from "./physics-constants.ts";
export * from "./find-placement.ts";
export * from "./settle-scene.ts";
export * from "./drop-test.ts";
export { floorUnder, groundSlab, roomBox, type FloorInfo } from "./ground.ts";
export { snapDown, type Snap } from "./support.ts";

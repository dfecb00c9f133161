/** Spatial predicates and unary states, the BEHAVIOR way: pure functions of boxes, states and `held`. */
export * from "./subject.ts";
export * from "./tolerances.ts";
export * from "./ontop.ts";
export * from "./inside.ts";
export * from "./nextto.ts";
export * from "./under.ts";
export * from "./onfloor.ts";
export * from "./touching.ts";
export * from "./overlaid.ts";
export * from "./inroom.ts";
export * from "./unary-states.ts";
export * from "./registry.ts";

/**
 * Colours of the viewer, shared by the browser app and the exporters (MCAP, glTF) so every
 * picture of a house reads the same way. Plain ES module with no imports: it runs in the browser
 * and in Node alike.
 */

/** Object colours as 0xRRGGBB: by kind, goal relevance and whether the agent has seen it. */
export const OBJECT_COLORS = Object.freeze({
  /** Fixed furniture (tables, counters, fridges). */
  fixed: 0xc4a484,
  /** Things the agent can carry. */
  carryable: 0x4e79a7,
  /** Objects a goal condition names. */
  goal: 0xf28e2b,
  /** An object the agent has not observed yet (at the shown step). */
  unobserved: 0xa0a0a0,
  /** The object in the agent's hand. */
  held: 0xb07aa1,
});

/** Room floor colours: indoor and outdoor. */
export const ROOM_COLORS = Object.freeze({ indoor: 0xefe8dc, outdoor: 0xcfe3c4, outline: 0x8c7b6b, door: 0x5a4a3a });

/** The agent's body and its path. */
export const AGENT_COLORS = Object.freeze({ body: 0xd62728, path: 0xd62728, futurePath: 0xe8a3a3 });

/**
 * The colour an object is drawn in. Goal relevance wins over kind so the objects that matter stand
 * out; an object not yet observed is grey whatever it is (what the agent could not know).
 * @param {{ kind: "fixed" | "carryable", goal: boolean, observed: boolean, held: boolean }} o
 * @returns {number} 0xRRGGBB
 */
export function objectColor(o) {
  if (!o.observed) return OBJECT_COLORS.unobserved;
  if (o.held) return OBJECT_COLORS.held;
  if (o.goal) return OBJECT_COLORS.goal;
  return o.kind === "fixed" ? OBJECT_COLORS.fixed : OBJECT_COLORS.carryable;
}

/**
 * 0xRRGGBB → `#rrggbb`.
 * @param {number} c
 */
export function cssColor(c) {
  return `#${c.toString(16).padStart(6, "0")}`;
}

/**
 * 0xRRGGBB → components in [0, 1] (Foxglove and glTF colours).
 * @param {number} c
 * @param {number} [a]
 */
export function rgba(c, a = 1) {
  return { r: ((c >> 16) & 255) / 255, g: ((c >> 8) & 255) / 255, b: (c & 255) / 255, a };
}

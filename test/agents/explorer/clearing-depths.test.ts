import { describe, expect, it } from "vitest";
import type { Belief } from "../../../agents/explorer/belief.ts";
import { clearingDepths } from "../../../agents/explorer/clearing.ts";
import type { Literal } from "../../../agents/explorer/literal.ts";

/** A belief that knows only where each object rests and whether it can be carried. */
function beliefOf(objects: Record<string, { on?: string; fixed?: boolean }>): Belief {
  return {
    object: (id: string) =>
      objects[id] && {
        id,
        kind: objects[id]!.fixed ? "fixed" : "carryable",
        relation: objects[id]!.on ? { type: "ontop", target: objects[id]!.on } : null,
      },
  } as unknown as Belief;
}
const onto = (x: string, y: string): Literal => ({ pred: "ontop", args: [x, y], positive: true });

describe("clearingDepths (the explorer's order for clearing small tops)", () => {
  it("ranks a chain deepest first: the keyboard off the notebook, the pen onto it, then the notebook onto the folder", () => {
    const belief = beliefOf({ desk: { fixed: true }, keyboard: { on: "notebook" }, notebook: { on: "desk" }, pen: { on: "folder" }, folder: { on: "desk" } });
    const [keyboard, pen, notebook] = [onto("keyboard", "desk"), onto("pen", "notebook"), onto("notebook", "folder")];
    const depths = clearingDepths(belief, [notebook, pen, keyboard]);
    expect(depths.get(keyboard)).toBe(2);
    expect(depths.get(pen)).toBe(1);
    // nothing waits for the notebook to leave the desk: furniture has room for both
    expect(depths.has(notebook)).toBe(false);
  });

  it("ends on a cycle (each on the other's target) and ranks nothing on a fixed top", () => {
    const belief = beliefOf({ x: { on: "tray1" }, y: { on: "tray2" }, tray1: {}, tray2: {}, shelf: { fixed: true }, z: { on: "shelf" } });
    const [x, y, z] = [onto("x", "tray2"), onto("y", "tray1"), onto("z", "tray1")];
    const depths = clearingDepths(belief, [x, y, z]);
    expect(depths.get(x)).toBeGreaterThanOrEqual(1);
    expect(depths.get(y)).toBeGreaterThanOrEqual(1);
    expect(depths.has(z)).toBe(false);
  });
});

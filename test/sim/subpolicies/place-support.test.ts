import { describe, expect, it } from "vitest";
import { inside } from "../../../sim/predicates/inside.ts";
import { apply, giveHeld, kitchen } from "../states/fixture.ts";

describe("place: what the placed object rests on", () => {
  it("records a thing set down next to something in a container as inside the container (not on top of it)", () => {
    const ctx = kitchen();
    const { world } = ctx;
    giveHeld(ctx, "apple_1");
    world.moveAgent("kitchen", { x: 0.5, y: 2.9 });
    const out = apply(ctx, { type: "place", object: "apple_1", relation: "nextto", target: "fish_1" });
    expect(out.feedback.ok).toBe(true);
    // it stands on the fridge's base beside the fish, as the goal predicate reads it
    expect(inside(world.get("apple_1"), world.get("fridge_1"))).toBe(true);
    expect(world.supports.get("apple_1")).toEqual({ relation: "inside", target: "fridge_1" });
    // so the scene graph keeps it with the fridge's contents: what the agent sees, and what closing hides
    expect(world.descendants("fridge_1")).toContain("apple_1");
    expect(apply(ctx, { type: "close", object: "fridge_1" }).feedback.ok).toBe(true);
    expect(ctx.observer.isHidden("apple_1")).toBe(true);
  });

  it("still records a thing set down beside another on a counter as on top of the counter", () => {
    const ctx = kitchen();
    giveHeld(ctx, "apple_1");
    const out = apply(ctx, { type: "place", object: "apple_1", relation: "nextto", target: "soap_1" });
    expect(out.feedback.ok).toBe(true);
    expect(ctx.world.supports.get("apple_1")).toEqual({ relation: "ontop", target: "counter_1" });
  });
});

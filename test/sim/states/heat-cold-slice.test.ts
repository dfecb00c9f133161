import { describe, expect, it } from "vitest";
import { createDefaultRegistry } from "../../../sim/subpolicies/registry.ts";
import { STATE_SUBPOLICIES } from "../../../sim/subpolicies/states/index.ts";
import { apply, giveHeld, kitchen } from "./fixture.ts";

describe("cook", () => {
  it("cooks on a heat source that is on, through a pan; cooking twice burns", () => {
    const ctx = kitchen();
    ctx.world.moveAgent("kitchen", { x: 4.5, y: 3 });
    const off = apply(ctx, { type: "cook", object: "egg_1" });
    expect(off.feedback).toMatchObject({ ok: false, error: "missing_step" });
    expect(off.feedback.message).toMatch(/stove_1 is off/);
    ctx.world.setState("stove_1", "toggled_on", true);
    expect(apply(ctx, { type: "cook", object: "egg_1" }).feedback.ok).toBe(true);
    expect(ctx.world.get("egg_1").states).toMatchObject({ cooked: true });
    expect(ctx.world.get("egg_1").states.burnt).toBeFalsy();
    const again = apply(ctx, { type: "cook", object: "egg_1" });
    expect(again.feedback.ok).toBe(true);
    expect(ctx.world.get("egg_1").states.burnt).toBe(true);
    expect(apply(ctx, { type: "cook", object: "egg_1" }).feedback.error).toBe("additional_step");
  });

  it("needs the object on a heat source, and a cookable object", () => {
    const ctx = kitchen();
    ctx.world.setState("stove_1", "toggled_on", true);
    expect(apply(ctx, { type: "cook", object: "apple_1" }).feedback.message).toMatch(/not on or in a heat source/);
    expect(apply(ctx, { type: "cook", object: "plate_1" }).feedback.error).toBe("affordance");
  });

  it("thaws frozen food as it cooks", () => {
    const ctx = kitchen();
    ctx.world.setState("egg_1", "frozen", true);
    ctx.world.setState("stove_1", "toggled_on", true);
    ctx.world.moveAgent("kitchen", { x: 4.5, y: 3 });
    expect(apply(ctx, { type: "cook", object: "egg_1" }).feedback.ok).toBe(true);
    expect(ctx.world.get("egg_1").states).toMatchObject({ cooked: true, frozen: false });
  });
});

describe("freeze and unfreeze", () => {
  it("freezes only inside a cold source", () => {
    const ctx = kitchen();
    expect(apply(ctx, { type: "freeze", object: "apple_1" }).feedback.message).toMatch(/not inside a fridge/);
    ctx.world.setState("fish_1", "frozen", false);
    ctx.world.moveAgent("kitchen", { x: 0.5, y: 2.6 });
    expect(apply(ctx, { type: "freeze", object: "fish_1" }).feedback.ok).toBe(true);
    expect(ctx.world.get("fish_1").states.frozen).toBe(true);
    expect(apply(ctx, { type: "freeze", object: "fish_1" }).feedback.error).toBe("additional_step");
    expect(apply(ctx, { type: "freeze", object: "counter_1" }).feedback.error).toBe("affordance");
  });

  it("thaws only out of the cold", () => {
    const ctx = kitchen();
    ctx.world.moveAgent("kitchen", { x: 0.5, y: 2.6 });
    const inFridge = apply(ctx, { type: "unfreeze", object: "fish_1" });
    expect(inFridge.feedback).toMatchObject({ ok: false, error: "missing_step" });
    expect(inFridge.feedback.message).toMatch(/take it out/);
    giveHeld(ctx, "fish_1");
    expect(apply(ctx, { type: "unfreeze", object: "fish_1" }).feedback.ok).toBe(true);
    expect(ctx.world.get("fish_1").states.frozen).toBe(false);
    expect(apply(ctx, { type: "unfreeze", object: "fish_1" }).feedback.error).toBe("additional_step");
  });
});

describe("slice", () => {
  it("slices with a knife in hand, the object put down", () => {
    const ctx = kitchen();
    expect(apply(ctx, { type: "slice", object: "apple_1" }).feedback.message).toMatch(/knife/);
    giveHeld(ctx, "rag_1");
    expect(apply(ctx, { type: "slice", object: "apple_1" }).feedback).toMatchObject({ ok: false, error: "missing_step" });
    const ctx2 = kitchen();
    giveHeld(ctx2, "knife_1");
    expect(apply(ctx2, { type: "slice", object: "apple_1" }).feedback.ok).toBe(true);
    expect(ctx2.world.get("apple_1").states.sliced).toBe(true);
    expect(apply(ctx2, { type: "slice", object: "apple_1" }).feedback.error).toBe("additional_step");
    expect(apply(ctx2, { type: "slice", object: "plate_1" }).feedback.error).toBe("affordance");
  });

  it("refuses to slice the object in hand", () => {
    const ctx = kitchen();
    giveHeld(ctx, "apple_1");
    expect(apply(ctx, { type: "slice", object: "apple_1" }).feedback.message).toMatch(/in your hand/);
  });
});

describe("default registry", () => {
  it("offers every state-changing action", () => {
    const types = createDefaultRegistry().types();
    for (const s of STATE_SUBPOLICIES) expect(types).toContain(s.type);
    expect(types).toEqual(expect.arrayContaining(["clean", "soak", "dry", "cook", "freeze", "unfreeze", "slice"]));
  });
});

import { describe, expect, it } from "vitest";
import { apply, giveHeld, kitchen, stateSnapshot } from "./fixture.ts";

describe("heat and cool (BEHAVIOR-1K's hot)", () => {
  it("heats what is on a heat source that is on, food or not, and thaws it; heating twice is an additional step", () => {
    const ctx = kitchen();
    ctx.world.moveAgent("kitchen", { x: 4.5, y: 3 });
    const off = apply(ctx, { type: "heat", object: "pan_1" });
    expect(off.feedback).toMatchObject({ ok: false, error: "missing_step" });
    expect(off.feedback.message).toMatch(/stove_1 is off/);
    ctx.world.setState("stove_1", "toggled_on", true);
    ctx.world.setState("egg_1", "frozen", true);
    // the pan is not food: heating is not cooking
    expect(apply(ctx, { type: "heat", object: "pan_1" }).feedback).toMatchObject({ ok: true, message: "heated pan_1 on stove_1" });
    const egg = apply(ctx, { type: "heat", object: "egg_1" });
    expect(egg.feedback.ok).toBe(true);
    expect(egg.changed).toEqual(["egg_1"]);
    expect(ctx.world.get("egg_1").states).toMatchObject({ hot: true, frozen: false });
    expect(ctx.world.get("egg_1").states.cooked).toBeFalsy();
    expect(apply(ctx, { type: "heat", object: "egg_1" }).feedback.error).toBe("additional_step");
  });

  it("needs a heat source under it", () => {
    const ctx = kitchen();
    ctx.world.setState("stove_1", "toggled_on", true);
    const before = stateSnapshot(ctx);
    expect(apply(ctx, { type: "heat", object: "apple_1" }).feedback.message).toMatch(/not on or in a heat source/);
    expect(stateSnapshot(ctx)).toBe(before);
  });

  it("cools only off the heat: on a stove that is on it stays hot, in hand or on a stove switched off it cools", () => {
    const ctx = kitchen();
    ctx.world.moveAgent("kitchen", { x: 4.5, y: 3 });
    ctx.world.setState("stove_1", "toggled_on", true);
    apply(ctx, { type: "heat", object: "egg_1" });
    const onHeat = apply(ctx, { type: "cool", object: "egg_1" });
    expect(onHeat.feedback).toMatchObject({ ok: false, error: "missing_step" });
    expect(onHeat.feedback.message).toMatch(/still in pan_1|still on stove_1|take it off the heat/);
    ctx.world.setState("stove_1", "toggled_on", false);
    expect(apply(ctx, { type: "cool", object: "egg_1" }).feedback).toMatchObject({ ok: true, message: "cooled egg_1" });
    expect(ctx.world.get("egg_1").states.hot).toBe(false);
    expect(apply(ctx, { type: "cool", object: "egg_1" }).feedback.error).toBe("additional_step");

    ctx.world.setState("stove_1", "toggled_on", true);
    apply(ctx, { type: "heat", object: "egg_1" });
    giveHeld(ctx, "egg_1");
    expect(apply(ctx, { type: "cool", object: "egg_1" }).feedback.ok).toBe(true);
  });

  it("cooking leaves food hot, and freezing takes the heat out", () => {
    const ctx = kitchen();
    ctx.world.moveAgent("kitchen", { x: 4.5, y: 3 });
    ctx.world.setState("stove_1", "toggled_on", true);
    expect(apply(ctx, { type: "cook", object: "egg_1" }).changed).toEqual(["egg_1"]);
    expect(ctx.world.get("egg_1").states).toMatchObject({ cooked: true, hot: true });
    ctx.world.setState("fish_1", "frozen", false);
    ctx.world.setState("fish_1", "hot", true);
    ctx.world.moveAgent("kitchen", { x: 0.5, y: 2.6 });
    expect(apply(ctx, { type: "freeze", object: "fish_1" }).feedback.ok).toBe(true);
    expect(ctx.world.get("fish_1").states).toMatchObject({ frozen: true, hot: false });
  });
});

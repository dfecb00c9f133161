import { describe, expect, it } from "vitest";
import { apply, giveHeld, kitchen, stateSnapshot } from "./fixture.ts";

describe("soak", () => {
  it("needs the held object at a water source that is on", () => {
    const ctx = kitchen();
    giveHeld(ctx, "rag_1");
    ctx.world.moveAgent("kitchen", { x: 3.5, y: 3 });
    const off = apply(ctx, { type: "soak", object: "rag_1" });
    expect(off.feedback).toMatchObject({ ok: false, error: "missing_step" });
    expect(off.feedback.message).toMatch(/sink_1 is off/);
    ctx.world.setState("sink_1", "toggled_on", true);
    const on = apply(ctx, { type: "soak", object: "rag_1" });
    expect(on.feedback.ok).toBe(true);
    expect(on.changed).toEqual(["rag_1"]);
    expect(ctx.world.get("rag_1").states.soaked).toBe(true);
    expect(apply(ctx, { type: "soak", object: "rag_1" }).feedback.error).toBe("additional_step");
  });

  it("fails away from any water, and for things that cannot soak", () => {
    const ctx = kitchen();
    ctx.world.setState("sink_1", "toggled_on", true);
    giveHeld(ctx, "rag_1");
    ctx.world.moveAgent("kitchen", { x: 0.5, y: 0.5 });
    const far = apply(ctx, { type: "soak", object: "rag_1" });
    expect(far.feedback.error).toBe("missing_step");
    expect(far.feedback.message).toMatch(/no sink/);
    expect(apply(ctx, { type: "soak", object: "apple_1" }).feedback.error).toBe("affordance");
  });

  it("soaks something lying in a running sink without holding it", () => {
    const ctx = kitchen((s) => (s.objects.find((o) => o.id === "rag_1")!.box = { center: [3.5, 3.7, 0.035], size: [0.3, 0.3, 0.01] }));
    ctx.world.moveAgent("kitchen", { x: 3.5, y: 3 });
    expect(apply(ctx, { type: "soak", object: "rag_1" }).feedback.error).toBe("missing_step");
    ctx.world.setState("sink_1", "toggled_on", true);
    expect(apply(ctx, { type: "soak", object: "rag_1" }).feedback.ok).toBe(true);
  });

  it("waters what stays where it is from a water source in hand (a watering can), within reach", () => {
    const withCan = (toggleable: boolean) =>
      kitchen((s) =>
        s.objects.push(
          { id: "can_1", category: "watering_can.n.01", room: "kitchen", kind: "carryable", shape: "container", abilities: toggleable ? ["container", "water_source", "toggleable"] : ["container", "water_source"], states: toggleable ? { toggled_on: false } : {}, box: { center: [1.5, 0.5, 0.125], size: [0.35, 0.25, 0.25] }, wall: 0.01 },
          { id: "plant_1", category: "pot_plant.n.01", room: "kitchen", kind: "fixed", abilities: ["soakable"], box: { center: [2.5, 0.5, 0.25], size: [0.3, 0.3, 0.5] } },
        ),
      );
    const ctx = withCan(false);
    ctx.world.moveAgent("kitchen", { x: 2.5, y: 1.1 });
    expect(apply(ctx, { type: "soak", object: "plant_1" }).feedback.message).toMatch(/watering can in hand/);
    giveHeld(ctx, "can_1");
    const watered = apply(ctx, { type: "soak", object: "plant_1" });
    expect(watered.feedback).toMatchObject({ ok: true, message: "soaked plant_1 with can_1" });
    expect(watered.changed).toEqual(["plant_1"]);
    // out of reach, the can does not help
    const far = withCan(false);
    giveHeld(far, "can_1");
    far.world.moveAgent("kitchen", { x: 5.5, y: 0.5 });
    expect(apply(far, { type: "soak", object: "plant_1" }).feedback.ok).toBe(false);
    expect(far.world.get("plant_1").states.soaked ?? false).toBe(false);
    // a can with a switch must be on
    const pump = withCan(true);
    giveHeld(pump, "can_1");
    pump.world.moveAgent("kitchen", { x: 2.5, y: 1.1 });
    expect(apply(pump, { type: "soak", object: "plant_1" }).feedback).toMatchObject({ ok: false, error: "missing_step", message: expect.stringMatching(/can_1 is off/) });
    pump.world.setState("can_1", "toggled_on", true);
    expect(apply(pump, { type: "soak", object: "plant_1" }).feedback.ok).toBe(true);
  });
});

describe("dry", () => {
  it("dries a soaked object with a towel in hand", () => {
    const ctx = kitchen();
    ctx.world.setState("rag_1", "soaked", true);
    giveHeld(ctx, "towel_1");
    const out = apply(ctx, { type: "dry", object: "rag_1" });
    expect(out.feedback.ok).toBe(true);
    expect(ctx.world.get("rag_1").states.soaked).toBe(false);
    expect(apply(ctx, { type: "dry", object: "rag_1" }).feedback.error).toBe("additional_step");
  });

  it("does not dry the object in hand or without a towel", () => {
    const ctx = kitchen();
    ctx.world.setState("rag_1", "soaked", true);
    giveHeld(ctx, "rag_1");
    const before = stateSnapshot(ctx);
    expect(apply(ctx, { type: "dry", object: "rag_1" }).feedback.error).toBe("missing_step");
    expect(stateSnapshot(ctx)).toBe(before);
    const ctx2 = kitchen();
    ctx2.world.setState("rag_1", "soaked", true);
    giveHeld(ctx2, "knife_1");
    expect(apply(ctx2, { type: "dry", object: "rag_1" }).feedback.message).toMatch(/towel/);
  });
});

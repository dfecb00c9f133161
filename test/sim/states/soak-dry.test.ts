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

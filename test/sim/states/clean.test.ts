import { describe, expect, it } from "vitest";
import { apply, giveHeld, kitchen, stateSnapshot } from "./fixture.ts";

describe("clean", () => {
  it("removes dust with any cleaning tool in hand, and only dust when the tool is dry", () => {
    const ctx = kitchen();
    giveHeld(ctx, "rag_1");
    const out = apply(ctx, { type: "clean", object: "plate_1" });
    expect(out.feedback.ok).toBe(true);
    expect(out.changed).toEqual(["plate_1"]);
    const plate = ctx.world.get("plate_1");
    expect(plate.states.dusty).toBe(false);
    expect(plate.states.stained).toBe(true);
    expect(out.feedback.message).toMatch(/still stained/);
  });

  it("needs a soaked tool or a cleaner for stains", () => {
    const ctx = kitchen((s) => (s.objects.find((o) => o.id === "plate_1")!.states = { stained: true }));
    giveHeld(ctx, "rag_1");
    const before = stateSnapshot(ctx);
    const dry = apply(ctx, { type: "clean", object: "plate_1" });
    expect(dry.feedback).toMatchObject({ ok: false, error: "missing_step" });
    expect(dry.feedback.message).toMatch(/soak it first/);
    expect(stateSnapshot(ctx)).toBe(before);
    ctx.world.setState("rag_1", "soaked", true);
    expect(apply(ctx, { type: "clean", object: "plate_1" }).feedback.ok).toBe(true);
    expect(ctx.world.get("plate_1").states.stained).toBe(false);
  });

  it("takes stains off with a cleaner in hand, but a cleaner does not dust", () => {
    const ctx = kitchen();
    giveHeld(ctx, "soap_1");
    const out = apply(ctx, { type: "clean", object: "plate_1", tool: "soap_1" });
    expect(out.feedback.ok).toBe(true);
    expect(ctx.world.get("plate_1").states).toMatchObject({ stained: false, dusty: true });
    const again = apply(ctx, { type: "clean", object: "plate_1" });
    expect(again.feedback).toMatchObject({ ok: false, error: "affordance" });
  });

  it("cleans stains with a dry tool when the object sits in a running sink", () => {
    const ctx = kitchen((s) => {
      const plate = s.objects.find((o) => o.id === "plate_1")!;
      plate.states = { stained: true };
      plate.box = { center: [3.5, 3.7, 0.04], size: [0.2, 0.2, 0.02] };
    });
    expect(ctx.world.supports.get("plate_1")).toEqual({ relation: "inside", target: "sink_1" });
    giveHeld(ctx, "rag_1");
    ctx.world.moveAgent("kitchen", { x: 3.4, y: 3 });
    expect(apply(ctx, { type: "clean", object: "plate_1" }).feedback.error).toBe("missing_step");
    ctx.world.setState("sink_1", "toggled_on", true);
    expect(apply(ctx, { type: "clean", object: "plate_1" }).feedback.ok).toBe(true);
  });

  it("fails with the EAI category that names what is wrong", () => {
    const ctx = kitchen();
    expect(apply(ctx, { type: "clean", object: "plate_1" }).feedback.error).toBe("missing_step"); // nothing in hand
    expect(apply(ctx, { type: "clean", object: "ghost_1" }).feedback.error).toBe("hallucination");
    giveHeld(ctx, "apple_1");
    expect(apply(ctx, { type: "clean", object: "plate_1" }).feedback.error).toBe("affordance"); // an apple is no tool
    expect(apply(ctx, { type: "clean", object: "plate_1", tool: "rag_1" }).feedback.error).toBe("missing_step"); // not holding it
    expect(apply(ctx, { type: "clean", object: "apple_1", tool: "apple_1" }).feedback.error).toBe("additional_step"); // already clean
    expect(apply(ctx, { type: "clean", object: "cup_1", tool: "apple_1" }).feedback.error).toBe("affordance");
  });

  it("needs the object within reach", () => {
    const ctx = kitchen();
    giveHeld(ctx, "soap_1");
    const out = apply(ctx, { type: "clean", object: "cup_1" });
    expect(out.feedback).toMatchObject({ ok: false, error: "missing_step" });
    expect(out.feedback.message).toMatch(/navigate/);
    expect(ctx.world.get("cup_1").states.stained).toBe(true);
  });

  it("says so when the object is already clean", () => {
    const ctx = kitchen();
    giveHeld(ctx, "rag_1");
    expect(apply(ctx, { type: "clean", object: "counter_1" }).feedback).toMatchObject({ ok: false, error: "additional_step" });
  });
});

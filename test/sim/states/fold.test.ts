import { describe, expect, it } from "vitest";
import { apply, giveHeld, kitchen, stateSnapshot } from "./fixture.ts";

describe("fold and unfold", () => {
  it("folds a foldable object within reach, then unfolds it; doing either twice is an additional step", () => {
    const ctx = kitchen();
    const out = apply(ctx, { type: "fold", object: "towel_1" });
    expect(out.feedback).toMatchObject({ ok: true, message: "folded towel_1" });
    expect(out.changed).toEqual(["towel_1"]);
    expect(ctx.world.get("towel_1").states.folded).toBe(true);
    expect(apply(ctx, { type: "fold", object: "towel_1" }).feedback).toMatchObject({ ok: false, error: "additional_step" });
    expect(apply(ctx, { type: "unfold", object: "towel_1" }).feedback).toMatchObject({ ok: true, message: "unfolded towel_1" });
    expect(ctx.world.get("towel_1").states.folded).toBe(false);
    expect(apply(ctx, { type: "unfold", object: "towel_1" }).feedback).toMatchObject({ ok: false, error: "additional_step" });
  });

  it("folds the object in hand, but not with something else in hand", () => {
    const ctx = kitchen();
    giveHeld(ctx, "knife_1");
    const before = stateSnapshot(ctx);
    const busy = apply(ctx, { type: "fold", object: "towel_1" });
    expect(busy.feedback).toMatchObject({ ok: false, error: "missing_step" });
    expect(busy.feedback.message).toMatch(/holding knife_1 — put it down first/);
    expect(stateSnapshot(ctx)).toBe(before);
    ctx.world.setPose("knife_1", ctx.world.get("knife_1").box, { relation: "onfloor", target: "floor_kitchen" });
    giveHeld(ctx, "towel_1");
    // walked far from where the towel lay: what is held is always within reach
    ctx.world.moveAgent("dining", { x: 9, y: 1 });
    expect(apply(ctx, { type: "fold", object: "towel_1" }).feedback.ok).toBe(true);
    expect(ctx.world.get("towel_1").states.folded).toBe(true);
  });

  it("refuses what cannot be folded, what is out of reach and what is shut in a container", () => {
    const ctx = kitchen();
    expect(apply(ctx, { type: "fold", object: "plate_1" }).feedback).toMatchObject({ ok: false, error: "affordance", message: "plate_1 cannot be folded" });
    expect(apply(ctx, { type: "unfold", object: "plate_1" }).feedback.error).toBe("affordance");
    expect(apply(ctx, { type: "fold", object: "ghost_1" }).feedback.error).toBe("hallucination");
    ctx.world.moveAgent("dining", { x: 9, y: 1 });
    expect(apply(ctx, { type: "fold", object: "towel_1" }).feedback).toMatchObject({ ok: false, error: "missing_step" });

    // seen in the open fridge, which is then shut
    const shut = kitchen((s) => {
      const towel = s.objects.find((o) => o.id === "towel_1")!;
      towel.box = { center: [0.5, 3.6, 0.05], size: [0.4, 0.3, 0.01] };
    });
    expect(shut.world.supports.get("towel_1")).toMatchObject({ relation: "inside", target: "fridge_1" });
    shut.world.setState("fridge_1", "open", false);
    shut.world.moveAgent("kitchen", { x: 0.5, y: 2.6 });
    const closed = apply(shut, { type: "fold", object: "towel_1" });
    expect(closed.feedback).toMatchObject({ ok: false, error: "missing_step" });
    expect(closed.feedback.message).toMatch(/inside fridge_1, which is closed/);
  });
});

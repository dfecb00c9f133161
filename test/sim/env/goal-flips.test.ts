import { describe, expect, it } from "vitest";
import { parseProblem } from "../../../sim/bddl/parser.ts";
import { RearrangeEnv } from "../../../sim/env.ts";
import type { LoadedTask } from "../../../sim/task/load.ts";
import { tinyFlat } from "../../helpers/scenes.ts";

/** A task over the tiny flat whose goal lists one literal per predicate, so each can be watched flipping. */
function taskWith(goal: string): LoadedTask {
  const text = `(define (problem flips) (:domain igibson)
    (:objects apple.n.01_1 apple.n.01_2 - apple.n.01 refrigerator.n.01_1 - refrigerator.n.01 countertop.n.01_1 - countertop.n.01
      table.n.02_1 - table.n.02 basket.n.01_1 - basket.n.01 lamp.n.02_1 - lamp.n.02 book.n.02_1 - book.n.02
      floor.n.01_1 - floor.n.01 agent.n.01_1 - agent.n.01)
    (:init (ontop apple.n.01_1 countertop.n.01_1))
    (:goal (and ${goal})))`;
  return {
    path: "flips.task.json",
    hash: "test",
    task: {
      schemaVersion: 1,
      id: "flips",
      instruction: "watch predicates flip",
      bindings: {
        "apple.n.01_1": "apple_1", "apple.n.01_2": "apple_2", "refrigerator.n.01_1": "fridge_1", "countertop.n.01_1": "counter_1",
        "table.n.02_1": "table_1", "basket.n.01_1": "basket_1", "lamp.n.02_1": "lamp_1", "book.n.02_1": "book_1", "floor.n.01_1": "floor_kitchen",
      },
      tags: [],
    },
    problem: parseProblem(text, "flips.bddl"),
  };
}

function envFor(goal: string): RearrangeEnv {
  const env = new RearrangeEnv({ scene: tinyFlat(), task: taskWith(goal), seed: 0, maxSteps: 100 });
  env.reset(0);
  return env;
}

/** Runs actions, failing the test on any failed action. */
function act(env: RearrangeEnv, ...actions: string[]) {
  let last;
  for (const a of actions) {
    last = env.step(a);
    expect(last.info.feedback, `${a}: ${last.info.feedback.message}`).toMatchObject({ ok: true });
  }
  return last!;
}

describe("goal predicates flip as the agent acts (geometry, never stored labels)", () => {
  it("ontop flips off when picked and on when placed; touching follows contact", () => {
    const env = envFor("(ontop apple.n.01_1 countertop.n.01_1) (touching apple.n.01_1 countertop.n.01_1)");
    expect(env.tracker.satisfied()).toEqual([0, 1]);
    act(env, "explore(kitchen)", "navigate(apple_1)", "pick(apple_1)");
    expect(env.tracker.satisfied()).toEqual([]);
    act(env, "navigate(counter_1)", "place(apple_1, ontop, counter_1)");
    expect(env.tracker.satisfied()).toEqual([0, 1]);
  });

  it("inside needs the closed fridge opened first; open and inside flip together with the actions", () => {
    const env = envFor("(inside apple.n.01_1 refrigerator.n.01_1) (open refrigerator.n.01_1)");
    act(env, "explore(kitchen)", "navigate(apple_1)", "pick(apple_1)", "navigate(fridge_1)");
    const refused = env.step("place(apple_1, inside, fridge_1)");
    expect(refused.info.feedback).toMatchObject({ ok: false, error: "missing_step" });
    expect(refused.info.changed).toEqual({});
    act(env, "open(fridge_1)");
    expect(env.tracker.satisfied()).toEqual([1]);
    act(env, "place(apple_1, inside, fridge_1)");
    expect(env.tracker.satisfied()).toEqual([0, 1]);
    act(env, "close(fridge_1)");
    expect(env.tracker.satisfied()).toEqual([0]);
  });

  it("a closed container hides its contents until opened", () => {
    const env = envFor("(inside apple.n.01_2 refrigerator.n.01_1)");
    act(env, "explore(kitchen)");
    expect(env.observer.observed.has("apple_2")).toBe(false);
    expect(env.step("pick(apple_2)").info.feedback.error).toBe("hallucination");
    const opened = act(env, "navigate(fridge_1)", "open(fridge_1)");
    expect(opened.info.newlyObserved).toContain("apple_2");
    expect(env.tracker.satisfied()).toEqual([0]);
  });

  it("nextto, under, onfloor and inroom flip with place", () => {
    const env = envFor(
      "(nextto book.n.02_1 table.n.02_1) (under apple.n.01_1 table.n.02_1) (onfloor apple.n.01_1 floor.n.01_1) (inroom book.n.02_1 kitchen)",
    );
    expect(env.tracker.satisfied()).toEqual([]);
    act(env, "explore(living)", "navigate(book_1)", "pick(book_1)", "explore(kitchen)", "place(book_1, nextto, table_1)"); // the room centre is beside the table
    expect(env.tracker.satisfied()).toEqual([0, 3]);
    act(env, "navigate(apple_1)", "pick(apple_1)", "navigate(table_1)", "place(apple_1, under, table_1)");
    expect(env.tracker.satisfied()).toEqual([0, 1, 2, 3]);
    act(env, "pick(book_1)");
    // held: its relations are off, but it is carried in the agent's room (kitchen)
    expect(env.tracker.satisfied()).toEqual([1, 2, 3]);
  });

  it("toggled_on flips with toggle_on/toggle_off; repeating is an additional_step that changes nothing", () => {
    const env = envFor("(toggled_on lamp.n.02_1)");
    act(env, "explore(living)", "navigate(lamp_1)", "toggle_on(lamp_1)");
    expect(env.tracker.satisfied()).toEqual([0]);
    const again = env.step("toggle_on(lamp_1)");
    expect(again.info.feedback).toMatchObject({ ok: false, error: "additional_step" });
    act(env, "toggle_off(lamp_1)");
    expect(env.tracker.satisfied()).toEqual([]);
  });

  it("failed actions use the taxonomy and change nothing", () => {
    const env = envFor("(ontop apple.n.01_1 countertop.n.01_1)");
    const cases: Array<[string, string]> = [
      ["fly(kitchen)", "parse"],
      ["pick(unicorn_9)", "hallucination"],
      ["explore(attic)", "hallucination"],
    ];
    for (const [a, error] of cases) expect(env.step(a).info.feedback.error, a).toBe(error);
    act(env, "explore(kitchen)");
    expect(env.step("pick(counter_1)").info.feedback.error).toBe("affordance");
    expect(env.step("place(apple_1, ontop, counter_1)").info.feedback.error).toBe("missing_step");
    expect(env.step("open(table_1)").info.feedback.error).toBe("affordance");
    expect(env.tracker.satisfied()).toEqual([0]);
  });

  it("stepping past the end throws instead of auto-resetting", () => {
    const env = envFor("(ontop apple.n.01_1 countertop.n.01_1)");
    const r = env.step({ type: "done" });
    expect(r.terminated).toBe(true);
    expect(() => env.step({ type: "done" })).toThrow(/ended/);
  });
});

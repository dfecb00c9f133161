import { describe, expect, it } from "vitest";
import { ExplorerAgent } from "../../../agents/explorer/explorer-agent.ts";
import type { Observation } from "../../../sim/observation.ts";
import { closedBox, obj, observation, roomsInLine, task } from "./fixtures.ts";

const TASK = { id: "t", instruction: "x", seed: 0 };
const socks = task("sock.n.01_* - sock.n.01 hamper.n.02_1 - hamper.n.02", "(forall (?sock.n.01 - sock.n.01) (inside ?sock.n.01 ?hamper.n.02_1))", { "hamper.n.02_1": "hamper" });

function agentFor(t: ReturnType<typeof task>, obs: Observation, options = {}): ExplorerAgent {
  const a = new ExplorerAgent(options);
  a.reset(TASK, obs, { conditions: [], task: t });
  return a;
}

describe("ExplorerAgent", () => {
  const hamper = obj("hamper", "hamper.n.02", "hall", { kind: "fixed", abilities: ["container"], x: 3, y: 3 });
  const inHamper = obj("sock_1", "sock.n.01", "hall", { relation: { type: "inside", target: "hamper" } });

  it('keeps searching for more of an "all X" while its search budget lasts', () => {
    const obs = observation(roomsInLine("hall", "bedroom"), [hamper, inHamper]);
    expect(agentFor(socks, obs).act(obs)).toEqual({ type: "explore", room: "hall" });
  });

  it("stops when the search budget is spent", () => {
    const obs = observation(roomsInLine("hall", "bedroom"), [hamper, inHamper]);
    expect(agentFor(socks, obs, { searchBudget: 0 }).act(obs)).toEqual({ type: "done" });
  });

  it("stops when the search is exhausted: every room explored, every container seen opened", () => {
    const rooms = roomsInLine("hall", "bedroom").map((r) => ({ ...r, explored: true }));
    const obs = observation(rooms, [hamper, inHamper, { ...closedBox("drawer", "drawer.n.01", "bedroom"), states: { open: true } }]);
    expect(agentFor(socks, obs).act(obs)).toEqual({ type: "done" });
  });

  it("calls done() on the last step whatever it believes", () => {
    const obs = observation(roomsInLine("hall"), [], { stepsLeft: 1 });
    expect(agentFor(socks, obs).act(obs)).toEqual({ type: "done" });
  });

  it("places before it closes: carries the apple into the open fridge, then closes the fridge", () => {
    const t = task(
      "apple.n.01_1 - apple.n.01 electric_refrigerator.n.01_1 - electric_refrigerator.n.01",
      "(and (inside ?apple.n.01_1 ?electric_refrigerator.n.01_1) (not (open ?electric_refrigerator.n.01_1)))",
      { "apple.n.01_1": "apple", "electric_refrigerator.n.01_1": "fridge" },
    );
    const rooms = roomsInLine("kitchen").map((r) => ({ ...r, explored: true }));
    const fridge = { ...closedBox("fridge", "electric_refrigerator.n.01", "kitchen", 3, 3), states: { open: true } };
    const held = obs({ holding: "apple" }, [fridge, obj("apple", "apple.n.01", "kitchen")]);
    const a = agentFor(t, held);
    expect(a.act(held)).toEqual({ type: "navigate", target: "fridge" });
    const there = obs({ holding: "apple", position: { x: 2.4, y: 3 } }, [fridge, obj("apple", "apple.n.01", "kitchen")], { type: "navigate", target: "fridge" });
    expect(a.act(there)).toEqual({ type: "place", object: "apple", relation: "inside", target: "fridge" });
    const placed = obs({ holding: null, position: { x: 2.4, y: 3 } }, [fridge, obj("apple", "apple.n.01", "kitchen", { relation: { type: "inside", target: "fridge" }, x: 3, y: 3 })], { type: "place", object: "apple", relation: "inside", target: "fridge" });
    expect(a.act(placed)).toEqual({ type: "close", object: "fridge" });

    function obs(agent: Partial<Observation["agent"]>, objects: Parameters<typeof observation>[1], last?: Observation["lastAction"]): Observation {
      return observation(rooms, objects, {
        agent: { room: "kitchen", position: { x: 0.2, y: 0.2 }, holding: null, near: null, ...agent },
        lastAction: last ?? null,
        lastFeedback: last ? { ok: true, error: null, message: "ok" } : null,
      });
    }
  });
});

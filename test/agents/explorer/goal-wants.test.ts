import { describe, expect, it } from "vitest";
import { goalWants } from "../../../agents/explorer/goal-wants.ts";
import { literalKey } from "../../../agents/explorer/literal.ts";
import { goalScope } from "../../../agents/explorer/task-scope.ts";
import { beliefOf, closedBox, obj, observation, roomsInLine, task } from "./fixtures.ts";

const rooms = roomsInLine("kitchen", "hall");
const cost = () => 1;

function wantsOf(t: ReturnType<typeof task>, objects: Parameters<typeof observation>[1]) {
  const b = beliefOf(observation(rooms, objects));
  const w = goalWants(t.problem.goal, goalScope(t, b), b, cost);
  return { ...w, keys: w.literals.map(literalKey) };
}

describe("goalWants", () => {
  const apples = task(
    "apple.n.01_1 apple.n.01_2 - apple.n.01 electric_refrigerator.n.01_1 - electric_refrigerator.n.01",
    "(and (forall (?apple.n.01 - apple.n.01) (inside ?apple.n.01 ?electric_refrigerator.n.01_1)) (not (open ?electric_refrigerator.n.01_1)))",
    { "apple.n.01_1": "apple_a", "apple.n.01_2": "apple_b", "electric_refrigerator.n.01_1": "fridge" },
  );

  it("lists every literal about unseen objects, negations included, and asks to search", () => {
    const w = wantsOf(apples, []);
    expect(w.keys).toEqual(["inside(apple_a,fridge)", "inside(apple_b,fridge)", "not open(fridge)"]);
    expect(w.open).toBe(true);
  });

  it("leaves out what it believes true and stops asking to search once everything is seen", () => {
    const fridge = closedBox("fridge", "electric_refrigerator.n.01", "kitchen");
    const a = obj("apple_a", "apple.n.01", "kitchen", { relation: { type: "inside", target: "fridge" } });
    const b = obj("apple_b", "apple.n.01", "kitchen", { relation: { type: "ontop", target: "table" } });
    const w = wantsOf(apples, [fridge, a, b]);
    expect(w.keys).toEqual(["inside(apple_b,fridge)"]);
    expect(w.open).toBe(false);
  });

  it("chooses the cheaper branch of an or (the first among equals)", () => {
    const t = task("cup.n.01_1 - cup.n.01 table.n.02_1 - table.n.02 sink.n.01_1 - sink.n.01", "(or (ontop ?cup.n.01_1 ?table.n.02_1) (inside ?cup.n.01_1 ?sink.n.01_1))", {
      "cup.n.01_1": "cup",
      "table.n.02_1": "table",
      "sink.n.01_1": "sink",
    });
    const cup = obj("cup", "cup.n.01", "kitchen");
    const sink = obj("sink", "sink.n.01", "kitchen", { kind: "fixed" });
    // the table is unseen, so its branch cannot be worked on yet and costs more
    const b = beliefOf(observation(rooms, [cup, sink]));
    const w = goalWants(t.problem.goal, goalScope(t, b), b, (l) => (l.args.every((x) => b.known(x)) ? 1 : 5));
    expect(w.literals.map(literalKey)).toEqual(["inside(cup,sink)"]);
  });

  it("forn means exactly n: the others must be made false", () => {
    const t = task("candle.n.01_1 candle.n.01_2 candle.n.01_3 - candle.n.01 table.n.02_1 - table.n.02", "(forn (1) (?candle.n.01 - candle.n.01) (ontop ?candle.n.01 ?table.n.02_1))", {
      "candle.n.01_1": "c1",
      "candle.n.01_2": "c2",
      "candle.n.01_3": "c3",
      "table.n.02_1": "table",
    });
    const on = { relation: { type: "ontop" as const, target: "table" } };
    const w = wantsOf(t, [obj("table", "table.n.02", "kitchen", { kind: "fixed" }), obj("c1", "candle.n.01", "kitchen", on), obj("c2", "candle.n.01", "kitchen", on), obj("c3", "candle.n.01", "kitchen")]);
    expect(w.keys).toEqual(["not ontop(c2,table)"]);
  });

  it("pairs each first with a distinct second (forpairs)", () => {
    const t = task("mug.n.04_1 mug.n.04_2 - mug.n.04 plate.n.04_1 plate.n.04_2 - plate.n.04", "(forpairs (?mug.n.04 - mug.n.04) (?plate.n.04 - plate.n.04) (ontop ?mug.n.04 ?plate.n.04))", {
      "mug.n.04_1": "m1",
      "mug.n.04_2": "m2",
      "plate.n.04_1": "p1",
      "plate.n.04_2": "p2",
    });
    const w = wantsOf(t, [obj("m1", "mug.n.04", "kitchen", { relation: { type: "ontop", target: "p2" } }), obj("m2", "mug.n.04", "kitchen"), obj("p1", "plate.n.04", "kitchen"), obj("p2", "plate.n.04", "kitchen")]);
    expect(w.keys).toEqual(["ontop(m2,p1)"]);
  });

  it("over a _* category counts only observed members and keeps the search open", () => {
    const t = task("sock.n.01_* - sock.n.01 hamper.n.02_1 - hamper.n.02", "(forall (?sock.n.01 - sock.n.01) (inside ?sock.n.01 ?hamper.n.02_1))", { "hamper.n.02_1": "hamper" });
    const hamper = obj("hamper", "hamper.n.02", "hall", { kind: "fixed", abilities: ["container"] });
    const w = wantsOf(t, [hamper, obj("sock_red", "sock.n.01", "kitchen"), obj("sock_blue", "sock.n.01", "hall", { relation: { type: "inside", target: "hamper" } })]);
    expect(w.keys).toEqual(["inside(sock_red,hamper)"]);
    expect(w.open).toBe(true);
  });

  it("imply: when the condition holds, the consequence is wanted", () => {
    const t = task("book.n.02_1 - book.n.02 desk.n.01_1 - desk.n.01", "(imply (inroom ?book.n.02_1 kitchen) (ontop ?book.n.02_1 ?desk.n.01_1))", { "book.n.02_1": "book", "desk.n.01_1": "desk" });
    const b = beliefOf(observation(rooms, [obj("book", "book.n.02", "kitchen"), obj("desk", "desk.n.01", "kitchen", { kind: "fixed" })]));
    // taking the book out of the room is dearer than putting it on the desk
    const w = goalWants(t.problem.goal, goalScope(t, b), b, (l) => (l.positive ? 1 : 50));
    expect(w.literals.map(literalKey)).toEqual(["ontop(book,desk)"]);
    expect(wantsOf(t, [obj("book", "book.n.02", "hall"), obj("desk", "desk.n.01", "kitchen", { kind: "fixed" })]).keys).toEqual([]);
  });
});

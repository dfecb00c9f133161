import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseReply } from "../../../agents/llm/reply-parser.ts";
import { formatAction, RELATIONS, type Action } from "../../../sim/actions.ts";

const id = fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/);
const action: fc.Arbitrary<Action> = fc.oneof(
  id.map((target) => ({ type: "navigate" as const, target })),
  id.map((room) => ({ type: "explore" as const, room })),
  id.map((object) => ({ type: "pick" as const, object })),
  fc.tuple(id, fc.constantFrom(...RELATIONS), id).map(([object, relation, target]) => ({ type: "place" as const, object, relation, target })),
  id.map((object) => ({ type: "open" as const, object })),
  fc.constant({ type: "done" as const }),
);

describe("parseReply", () => {
  it("reads any action from a tool call (property)", () => {
    fc.assert(
      fc.property(action, (a) => {
        const { type, ...args } = a;
        const r = parseReply({ content: null, tool_calls: [{ id: "c", type: "function", function: { name: type, arguments: JSON.stringify(args) } }] });
        expect(r).toEqual({ ok: true, action: a, via: "tool" });
      }),
    );
  });

  it("reads any action written as text after some prose (property)", () => {
    fc.assert(
      fc.property(action, fc.constantFrom("", "I think so.\n", "Next: ", "Reasoning (short): go.\n"), (a, prose) => {
        expect(parseReply({ content: `${prose}${formatAction(a)}`, tool_calls: undefined })).toEqual({ ok: true, action: a, via: "text" });
      }),
    );
  });

  it("takes the last action in the text, and JSON action objects in code fences", () => {
    expect(parseReply({ content: "Not pick(x) now; first navigate(kitchen)", tool_calls: undefined })).toMatchObject({ action: { type: "navigate", target: "kitchen" } });
    expect(parseReply({ content: '```json\n{"type":"pick","object":"mug_1"}\n```', tool_calls: undefined })).toMatchObject({ action: { type: "pick", object: "mug_1" } });
  });

  it.each([
    [{ content: "", tool_calls: undefined }, /empty/],
    [{ content: "I don't know", tool_calls: undefined }, /no action/],
    [{ content: "place(a, beside, b)", tool_calls: undefined }, /relation/],
    [{ content: null, tool_calls: [{ id: "c", type: "function" as const, function: { name: "fly", arguments: "{}" } }] }, /fly/],
    [{ content: null, tool_calls: [{ id: "c", type: "function" as const, function: { name: "pick", arguments: "[1]" } }] }, /JSON object/],
    [{ content: null, tool_calls: [{ id: "c", type: "function" as const, function: { name: "pick", arguments: "{}" } }] }, /object/],
  ])("explains an invalid reply %#", (msg, why) => {
    const r = parseReply(msg);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(why);
  });
});

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runProbeAgent } from "../../../../harness/probes/run/agent-mode.ts";
import type { ProbeAgent } from "../../../../harness/probes/baselines/probe-agent.ts";
import type { DetectionSummary, FunGraphSummary, GroundingSummary, RankingSummary } from "../../../../harness/probes/types.ts";
import { tinyFlatInput } from "../../../helpers/scenes.ts";

const dir = mkdtempSync(path.join(tmpdir(), "agent-mode-"));
const put = (name: string, lines: unknown[]) => {
  const file = path.join(dir, name);
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  return file;
};

describe("runProbeAgent", () => {
  it("detection: the agent never sees the labels, and its flags are scored per object", async () => {
    const cases = put("det.jsonl", [{ id: "ep1", objects: [{ id: "cup", label: "cup", room: "bath", receptacle: "tub", misplaced: true }, { id: "soap", label: "soap", room: "bath", receptacle: "sink", misplaced: false }] }]);
    const seen: unknown[] = [];
    const agent: ProbeAgent = { name: "peek", detectMisplaced: (q) => (seen.push(q), ["cup"]) };
    const r = await runProbeAgent("detection", agent, cases);
    expect(JSON.stringify(seen)).not.toContain("misplaced");
    expect((r.summary as DetectionSummary).accuracy).toBe(1);
    expect(r.predictions).toEqual([{ id: "ep1/cup", misplaced: true }, { id: "ep1/soap", misplaced: false }]);
  });

  it("records a throwing or slow agent call as an error and scores the case as missing", async () => {
    const cases = put("rank.jsonl", [
      { id: "a", object: "cup", candidates: ["x", "y"], relevance: { x: 1 } },
      { id: "b", object: "pan", candidates: ["x", "y"], relevance: { y: 1 } },
      { id: "c", object: "pot", candidates: ["x", "y"], relevance: { y: 1 } },
    ]);
    const agent: ProbeAgent = {
      name: "flaky",
      rankPlacements: (q) => {
        if (q.id === "b") throw new Error("boom");
        if (q.id === "c") return new Promise<string[]>(() => {});
        return ["x", "y"];
      },
    };
    const r = await runProbeAgent("ranking", agent, cases, { timeoutSeconds: 0.2 });
    expect(r.errors).toEqual([{ id: "b", error: "boom" }, { id: "c", error: "no answer within 0.2 s" }]);
    const s = r.summary as RankingSummary;
    expect(s.unmatched.gtOnly).toEqual(["b", "c"]);
    expect(s.ndcg8).toBeCloseTo(1 / 3, 12);
  });

  it("grounding: a malformed answer is an error, a good one is scored", async () => {
    const list = '0 0 0 0.5 1 1 1 0 "table"';
    const cases = put("g.jsonl", [
      { scene: "s", type: "numerical", question: "How many tables?", answer: 1, object_list: list },
      { scene: "s", type: "object_reference", question: "Find the table.", answer: 0, object_list: list },
    ]);
    const agent: ProbeAgent = {
      name: "g",
      answer: (q) => (q.type === "numerical" ? { kind: "numerical", value: 1 } : ({ kind: "box" } as never)),
    };
    const r = await runProbeAgent("grounding", agent, cases);
    const s = r.summary as GroundingSummary;
    expect(s.numerical.exact).toBe(1);
    expect(s.objectReference.points).toBe(0);
    expect(r.errors[0]).toMatchObject({ id: "Find the table.", error: expect.stringMatching(/malformed answer/) });
  });

  it("fungraph: cases name a scene file; without gt the truth comes from the scene's controls", async () => {
    const scene = tinyFlatInput();
    scene.objects.push({ id: "switch_1", category: "switch.n.01", label: "light switch", room: "living", kind: "fixed", controls: ["lamp_1"], box: { center: [8, 3.9, 1.2], size: [0.1, 0.05, 0.1] } });
    writeFileSync(path.join(dir, "flat.scene.json"), JSON.stringify(scene));
    const cases = put("f.jsonl", [{ id: "flat", scene: "flat.scene.json" }]);
    const agent: ProbeAgent = {
      name: "f",
      buildFunctionalGraph: () => ({
        nodes: [
          { id: "s", label: "switch", box: { center: { x: 8, y: 3.9, z: 1.2 }, size: { x: 0.1, y: 0.1, z: 0.1 }, heading: 0 } },
          { id: "l", label: "lamp", box: { center: { x: 8.5, y: 3.5, z: 0.75 }, size: { x: 0.3, y: 0.3, z: 1.5 }, heading: 0 } },
        ],
        edges: [{ element: "s", object: "l", relation: "turns on and off" }],
      }),
    };
    const s = (await runProbeAgent("fungraph", agent, cases)).summary as FunGraphSummary;
    expect(s.rows[0]!.nodes).toBe(scene.objects.length);
    expect(s.tripletRecall["10"]).toBe(1);
  });

  it("refuses an agent without the probe's method", async () => {
    await expect(runProbeAgent("ranking", { name: "x" }, "nofile")).rejects.toThrow(/no rankPlacements\(\) method/);
  });
});

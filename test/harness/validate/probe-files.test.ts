/** `rearrange validate` on probe files and import summaries: recognised by content, checked line by line. */
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import { validateFiles } from "../../../harness/validate/validate-files.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "validate-probes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, lines: unknown[]): string {
  const file = path.join(dir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n") + "\n");
  return file;
}

const rankingCase = (id: string) => ({ id, object: "mug", candidates: ["kitchen|cabinet", "bedroom|bed"], relevance: { "kitchen|cabinet": 3 } });

describe("validate: probe files", () => {
  it("tells each kind of probe file from its first line and passes well-formed ones", async () => {
    const files = [
      write("a.jsonl", [rankingCase("c1"), rankingCase("c2")]),
      write("b.jsonl", [{ id: "c1", ranking: ["bedroom|bed", "kitchen|cabinet"] }]),
      write("c.jsonl", [{ id: "e1", objects: [{ id: "o1", label: "mug", room: "kitchen", misplaced: true }] }]),
      write("d.jsonl", [{ id: "e1/o1", misplaced: true }]),
      write("e.jsonl", [{ scene: "s", type: "count", question: "How many chairs?", answer: 2, object_list: "0 1 1 1 1 1 1 0 \"chair\"" }]),
      write("f.jsonl", [{ question: "How many chairs?", prediction: { kind: "numerical", value: 2 } }]),
    ];
    const reports = await validateFiles(files);
    expect(reports.map((r) => [r.kind, r.ok, r.problems])).toEqual([
      ["ranking-cases", true, []],
      ["ranking-predictions", true, []],
      ["detection-cases", true, []],
      ["detection-labels", true, []],
      ["grounding-questions", true, []],
      ["grounding-predictions", true, []],
    ]);
  });

  it("names the line and the place of every bad line, and every repeated id", async () => {
    const file = write("bad.jsonl", [rankingCase("c1"), { ...rankingCase("c2"), relevance: { x: -1 } }, "{not json", rankingCase("c1")]);
    const [report] = await validateFiles([file]);
    expect(report!.kind).toBe("ranking-cases");
    expect(report!.problems).toEqual([
      `${file}: line 2: $.relevance.x: Too small: expected number to be >=0`,
      expect.stringMatching(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: line 3: not JSON`)),
      `${file}: line 4: duplicate "c1" (first on line 1; this one is ignored)`,
    ]);
  });

  it("reports a corrupted line of any valid ranking file by its number, and nothing else", async () => {
    const idArb = fc.stringMatching(/^[a-z][a-z0-9/_-]{0,12}$/);
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(idArb, { minLength: 1, maxLength: 12 }), fc.nat(), async (ids, k) => {
        const lines: unknown[] = ids.map(rankingCase);
        const bad = k % lines.length;
        lines[bad] = { id: ids[bad], object: "mug", candidates: "not a list", relevance: {} };
        const file = write(`prop-${ids.length}-${bad}.jsonl`, lines);
        const [report] = await validateFiles([file]);
        expect(report!.problems).toHaveLength(1);
        expect(report!.problems[0]).toContain(`: line ${bad + 1}: $.candidates`);
      }),
      { numRuns: 40 },
    );
  });

  it("reports an empty JSONL file once", async () => {
    const file = path.join(dir, "empty.jsonl");
    writeFileSync(file, "");
    const [report] = await validateFiles([file]);
    expect(report!.problems).toEqual([`${file}: empty trajectory: no episode header line (nor, were it a probe file, any case, label or prediction)`]);
  });
});

describe("validate: functional scene graph files", () => {
  const box = { center: { x: 1, y: 1, z: 0.5 }, size: { x: 0.2, y: 0.2, z: 0.2 }, heading: 0 };

  it("checks ground truth and predictions against the probe's schemas, and every relation's ends", async () => {
    const truth = write("room.gt.json", [
      { annotations: [{ annot_id: 1, label: "switch", box }, { annot_id: 2, label: "lamp", box: [1, 1, 1, 0.2, 0.2, 0.2, 0] }], relations: [{ first_node_annot_id: 1, second_node_annot_id: 2, description: "turns on" }] },
    ]);
    const pred = write("room.pred.json", [
      { nodes: [{ id: "a", label: "switch", box }, { id: "a", label: "lamp", box }], edges: [{ element: "a", object: "b", relation: "turns on" }] },
    ]);
    const bad = write("broken.gt.json", [{ annotations: [{ annot_id: 1, label: "switch" }] }]);
    const [t, p, b] = await validateFiles([truth, pred, bad]);
    expect(t).toMatchObject({ kind: "fungraph-truth", ok: true });
    expect(p!.kind).toBe("fungraph-prediction");
    expect(p!.problems).toEqual([`${pred}: $.nodes[1].id: "a" again (first at $.nodes[0])`, `${pred}: $.edges[0].object: "b" is none of the nodes' ids`]);
    expect(b!.kind).toBe("fungraph-truth");
    expect(b!.problems).toHaveLength(1);
    expect(b!.problems[0]).toMatch(/^.*broken\.gt\.json: line 1: \$\.annotations\[0\]\.box: /);
  });
});

describe("validate: import summaries", () => {
  it("checks that every listed file is there with its line count, also after the folder was moved", async () => {
    const out = path.join(dir, "imp");
    const cases = write("imp/ranking.test.jsonl", [rankingCase("c1"), rankingCase("c2")]);
    const summary = (count: number) => ({
      format: "housekeep",
      source: "/data/housekeep",
      out,
      files: [
        { path: cases, what: "ranking cases", count },
        { path: path.join(out, "import.json"), what: "this summary", count: 1 },
      ],
      skipped: [],
      notes: [],
    });
    const good = write("imp/import.json", [summary(2)]);
    expect((await validateFiles([good]))[0]).toMatchObject({ kind: "import-summary", ok: true });
    const moved = path.join(dir, "moved");
    cpSync(out, moved, { recursive: true });
    expect((await validateFiles([path.join(moved, "import.json")]))[0]!.problems).toEqual([]);
    const wrong = write("imp/import.json", [summary(3)]);
    expect((await validateFiles([wrong]))[0]!.problems).toEqual([`${wrong}: $.files[0].count: the summary says 3 line(s), ${cases} holds 2`]);
    const gone = write("elsewhere/import.json", [{ ...summary(2), out: path.join(dir, "nowhere"), files: [{ path: "/nowhere/x.jsonl", what: "x", count: 1 }] }]);
    expect((await validateFiles([gone]))[0]!.problems).toEqual([`${gone}: $.files[0].path: /nowhere/x.jsonl does not exist`]);
  });

  it("checks a probe results file's header", async () => {
    const ok = write("ranking-1.json", [{ schemaVersion: 1, probe: "ranking", mode: "agent", inputs: {}, summary: { ndcg8: 0.9 } }]);
    const bad = write("ranking-2.json", [{ schemaVersion: 1, probe: "rank", mode: "agent", inputs: {}, summary: {} }]);
    const [a, b] = await validateFiles([ok, bad]);
    expect(a).toMatchObject({ kind: "probe-results", ok: true });
    expect(b!.problems).toEqual([`${bad}: $.probe: expected one of ranking, detection, fungraph, grounding, found "rank"`]);
  });
});

describe("validate: folders", () => {
  it("checks the files under a folder that it knows by name or content, and says so of a folder with none", async () => {
    const folder = path.join(dir, "folder");
    const cases = write("folder/ranking.jsonl", [rankingCase("c1")]);
    const labels = write("folder/sub/detection.gt.jsonl", [{ id: "e1/o1", misplaced: "yes" }]);
    write("folder/screenshot.png", ["not checked"]);
    write("folder/.hidden.jsonl", ["not checked either"]);
    const summary = write("folder/cases.json", [{ source: "default", out: folder, files: [{ path: cases, what: "ranking cases", count: 1 }] }]);
    const reports = await validateFiles([folder]);
    expect(reports.map((r) => [r.file, r.kind, r.ok])).toEqual([
      [summary, "import-summary", true],
      [cases, "ranking-cases", true],
      [labels, "detection-labels", false],
    ]);
    const empty = path.join(dir, "empty-folder");
    mkdirSync(empty, { recursive: true });
    expect((await validateFiles([empty]))[0]).toMatchObject({ file: empty, ok: false, problems: [expect.stringMatching(/a folder with no file to check/)] });
  });
});


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

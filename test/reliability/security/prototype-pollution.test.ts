/**
 * Files cannot inject properties into prototypes. Scene, task and suite files (JSON and YAML), trajectory
 * lines and probe lines carrying `__proto__` / `constructor.prototype` payloads are refused by the strict
 * schemas or dropped; after loading and running them, no object has gained a property.
 * (The loader fuzz tests in ../bad-input check the same after every generated input.)
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { stringify } from "yaml";
import { describe, expect, it } from "vitest";
import { parseAgentOptions } from "../../../harness/cli/agent-options.ts";
import { parseJsonl } from "../../../harness/probes/io/jsonl.ts";
import { DetectionLabelSchema } from "../../../harness/probes/io/schemas.ts";
import { runSuite } from "../../../harness/runner/run-suite.ts";
import { parseTrajectory } from "../../../harness/trajectory/reader.ts";
import { InputError, InputErrors } from "../../../sim/errors.ts";
import { prototypesClean } from "../helpers/json-mutation.ts";
import { runOptions, writeTinySuite } from "../helpers/tiny-suite.ts";

const PAYLOADS = ['"__proto__":{"polluted":true}', '"constructor":{"prototype":{"polluted":true}}'];

/** Inserts a payload as the first key of the JSON object that starts at `anchor` in `text`. */
const inject = (text: string, anchor: string, payload: string) => text.replace(anchor, `${anchor}${payload},`);

describe("no file can pollute a prototype", () => {
  const targets: Array<{ name: string; file: (dir: string) => string; anchors: string[] }> = [
    { name: "suite", file: (d) => path.join(d, "tiny.suite.json"), anchors: ["{", '"episodes":[{'] },
    { name: "scene", file: (d) => path.join(d, "tiny.scene.json"), anchors: ["{", '"objects":[{', '"states":{', '"footprint":{'] },
    { name: "task", file: (d) => path.join(d, "tasks", "apple-in-basket.task.json"), anchors: ["{", '"bindings":{'] },
  ];
  for (const t of targets) {
    for (const format of ["json", "yaml"] as const) {
      it(`${t.name} files (${format}): refused with an InputError or harmless; no prototype gains a property`, async () => {
        for (const anchor of t.anchors) {
          for (const payload of PAYLOADS) {
            const s = writeTinySuite({ episodes: 1, maxSteps: 3 });
            const file = t.file(s.dir);
            const compact = JSON.stringify(JSON.parse(readFileSync(file, "utf8")));
            const text = inject(compact, anchor, payload);
            // YAML: the same mapping written as YAML (the payload key survives as a plain key)
            writeFileSync(file, format === "json" ? text : stringify(JSON.parse(text)));
            const outcome = await runSuite(runOptions(s.suite, path.join(s.dir, "out"))).catch((e) => e);
            if (outcome instanceof Error) expect(outcome instanceof InputError || outcome instanceof InputErrors, String(outcome)).toBe(true);
            else expect(outcome.episodes).toHaveLength(1);
            expect(prototypesClean(), `${t.name} ${anchor} ${payload}`).toBe(true);
          }
        }
      });
    }
  }

  it("trajectory and probe lines with a __proto__ key: read without inheriting from it", () => {
    const header = { type: "episode", schemaVersion: 1, harnessVersion: "0.1.0", runId: "r", episodeId: "e", repeat: 0, suite: "s", scene: { id: "x", path: "x", hash: "x" }, task: { id: "t", path: "t", hash: "t" }, instruction: "i", seed: 0, maxSteps: 5, agent: { name: "a", version: "1" }, conditions: [], initiallySatisfied: [], initiallyObserved: [], config: {}, ts: "t" };
    const text = `${inject(JSON.stringify(header), "{", PAYLOADS[0]!)}\n`;
    const read = parseTrajectory(text, "e.jsonl");
    expect((read.header as unknown as Record<string, unknown>).polluted).toBeUndefined();
    const probe = parseJsonl(`{"__proto__":{"misplaced":true},"id":"a"}\n{"id":"b","misplaced":false,"__proto__":{"polluted":true}}\n`, "p.jsonl", DetectionLabelSchema);
    expect(probe.skipped.map((s) => s.line)).toEqual([1]); // `misplaced` is not inherited: line 1 lacks it
    expect((probe.rows[0]!.value as Record<string, unknown>).polluted).toBeUndefined();
    expect(prototypesClean()).toBe(true);
  });

  // `--agent-opt __proto__={"shell":true}` (or an options file with a __proto__ key) once replaced the
  // options object's prototype, so the agent saw shell=true that results.json did not record.
  it("agent options cannot smuggle inherited options", () => {
    for (const bad of ['__proto__={"shell":true}', "constructor=1", "prototype=2"]) {
      expect(() => parseAgentOptions([bad]), bad).toThrow(/cannot be an option name/);
    }
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "opts-")), "opts.json");
    writeFileSync(file, '{"__proto__":{"shell":true},"model":"m"}');
    expect(() => parseAgentOptions([file])).toThrow(/cannot be an option name/);
    const ok = parseAgentOptions(["model=m", "temperature=0.5"]);
    expect(Object.getPrototypeOf(ok)).toBe(Object.prototype);
    expect(ok).toEqual({ model: "m", temperature: 0.5 });
    expect(prototypesClean()).toBe(true);
  });
});

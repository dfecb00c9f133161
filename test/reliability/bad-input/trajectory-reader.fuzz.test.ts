/**
 * The trajectory reader on damaged files: random bytes, real trajectories cut at any byte, and real
 * trajectories with one line edited (hostile JSON values and keys, deleted or inserted characters,
 * duplicated, swapped or garbage lines). It returns the episode or throws InputErrors naming file and
 * line; when it returns, every non-blank line of the file is accounted for (never silently skipped).
 */
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { runSuite } from "../../../harness/runner/run-suite.ts";
import { parseTrajectory, readTrajectory, type TrajectoryRead } from "../../../harness/trajectory/reader.ts";
import { loadOrInputErrors, mutateToText, mutationArb, prototypesClean } from "../helpers/json-mutation.ts";
import { runOptions, writeTinySuite } from "../helpers/tiny-suite.ts";
import { FUZZ_RUNS } from "./fuzz-runs.ts";

const AGENT = path.resolve(import.meta.dirname, "../../fixtures/faulty/faulty-agent.ts");
const dir = mkdtempSync(path.join(os.tmpdir(), "trajectory-fuzz-"));
/** Real trajectories (one with recorded garbage actions), as text. */
let samples: string[] = [];

beforeAll(async () => {
  const suite = writeTinySuite({ episodes: 3, maxSteps: 25 });
  const out = path.join(dir, "run");
  await runSuite(runOptions(suite.suite, out, { agent: AGENT, agentOptions: { fault: "garbage", faultSeeds: "1", doneProbability: 0.02 } }));
  samples = readdirSync(path.join(out, "episodes")).map((f) => readFileSync(path.join(out, "episodes", f), "utf8"));
  expect(samples.length).toBe(3);
}, 60_000);

/** Every non-blank line is the header, a step, the end line, or the one ignored incomplete last line. */
function accountsForEveryLine(text: string, read: TrajectoryRead): void {
  const nonBlank = text.split("\n").filter((l) => l.trim() !== "").length;
  expect(1 + read.steps.length + (read.end ? 1 : 0) + (read.truncated ? 1 : 0)).toBe(nonBlank);
}

function readOrErrors(text: string): ReturnType<typeof loadOrInputErrors<TrajectoryRead>> {
  const r = loadOrInputErrors(() => parseTrajectory(text, "e.jsonl"), "e.jsonl");
  if (r.ok) accountsForEveryLine(text, r.value);
  expect(prototypesClean()).toBe(true);
  return r;
}

describe("trajectory reader on damaged files", () => {
  it("random bytes, read from disk: the episode or InputErrors with a line", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.boolean(), (bytes, withRealStart) => {
        // half of them start with a real header, so the reader gets past line 1
        const head = withRealStart ? Buffer.from(samples[0]!.split("\n")[0]! + "\n") : Buffer.alloc(0);
        const file = path.join(dir, "random.jsonl");
        writeFileSync(file, Buffer.concat([head, Buffer.from(bytes)]));
        const r = loadOrInputErrors(() => readTrajectory(file), file);
        if (r.ok) accountsForEveryLine(readFileSync(file, "utf8"), r.value);
      }),
      { numRuns: FUZZ_RUNS.trajectoryBytes },
    );
  });

  it("a real trajectory cut at any byte (a crash mid-write) reads up to the last complete line", () => {
    fc.assert(
      fc.property(fc.nat(2), fc.double({ min: 0, max: 1, noNaN: true }), (s, f) => {
        const full = samples[s]!;
        const cut = full.slice(0, Math.floor(f * full.length));
        const headerEnd = full.indexOf("\n");
        const r = readOrErrors(cut);
        if (cut.length <= headerEnd) {
          expect(r.ok).toBe(false); // not even a header
          return;
        }
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const complete = cut.slice(0, cut.lastIndexOf("\n") + 1).split("\n").filter(Boolean);
        const stepsBefore = complete.filter((l) => l.startsWith('{"type":"step"')).length;
        // the incomplete tail is ignored, unless the cut fell right after a line's closing brace
        expect([stepsBefore, stepsBefore + 1]).toContain(r.value.steps.length);
        if (!cut.endsWith("\n")) expect(r.value.truncated || cut.endsWith("}")).toBe(true);
      }),
      { numRuns: FUZZ_RUNS.trajectoryCuts },
    );
  });

  it("one line edited: hostile values and keys, broken characters, duplicated, swapped or garbage lines", () => {
    const rawEdit = fc.oneof(
      fc.record({ kind: fc.constant("json" as const), mutations: fc.array(mutationArb, { minLength: 1, maxLength: 2 }) }),
      fc.record({ kind: fc.constant("delete" as const), at: fc.double({ min: 0, max: 1, noNaN: true }), len: fc.nat(30) }),
      fc.record({ kind: fc.constant("insert" as const), at: fc.double({ min: 0, max: 1, noNaN: true }), text: fc.constantFrom("{", "}", ",", '"', "\n", "\r\n", "\u0000", "\ufeff", "]]", "null") }),
      fc.record({ kind: fc.constant("duplicate" as const) }),
      fc.record({ kind: fc.constant("swap" as const) }),
      fc.record({ kind: fc.constant("garbage" as const), text: fc.string({ maxLength: 60 }) }),
    );
    fc.assert(
      fc.property(fc.nat(2), fc.nat(), rawEdit, (s, lineIndex, edit) => {
        const lines = samples[s]!.split("\n");
        const n = lines.length - 1; // the last segment is the empty string after the final newline
        const i = lineIndex % n;
        const line = lines[i]!;
        if (edit.kind === "json") lines[i] = mutateToText(JSON.parse(line), edit.mutations).text.replace(/\n\s*/g, "");
        else if (edit.kind === "delete") {
          const at = Math.floor(edit.at * line.length);
          lines[i] = line.slice(0, at) + line.slice(at + edit.len);
        } else if (edit.kind === "insert") {
          const at = Math.floor(edit.at * line.length);
          lines[i] = line.slice(0, at) + edit.text + line.slice(at);
        } else if (edit.kind === "duplicate") lines.splice(i, 0, line);
        else if (edit.kind === "swap" && i + 1 < n) [lines[i], lines[i + 1]] = [lines[i + 1]!, line];
        else if (edit.kind === "garbage") lines.splice(i, 0, edit.text.replace(/\n/g, " "));
        readOrErrors(lines.join("\n"));
      }),
      { numRuns: FUZZ_RUNS.trajectoryLineEdits },
    );
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RunOptions } from "../../../harness/runner/run-suite.ts";
import { tinyFlatInput } from "../../helpers/scenes.ts";

/** Goals on the tiny flat (test/helpers/scenes.ts): instance → scene object, and the BDDL goal. */
const TASKS = [
  { id: "apple-in-basket", instruction: "Put the apple in the basket.", objects: { "apple.n.01_1": ["apple.n.01", "apple_1"], "basket.n.01_1": ["basket.n.01", "basket_1"] }, goal: "(inside ?apple.n.01_1 ?basket.n.01_1)" },
  { id: "lamp-on", instruction: "Switch the lamp on.", objects: { "lamp.n.02_1": ["lamp.n.02", "lamp_1"] }, goal: "(toggled_on ?lamp.n.02_1)" },
  { id: "book-on-shelf", instruction: "Put the book on the shelf.", objects: { "book.n.02_1": ["book.n.02", "book_1"], "shelf.n.01_1": ["shelf.n.01", "shelf_1"] }, goal: "(ontop ?book.n.02_1 ?shelf.n.01_1)" },
  { id: "fridge-open", instruction: "Open the fridge.", objects: { "refrigerator.n.01_1": ["refrigerator.n.01", "fridge_1"] }, goal: "(open ?refrigerator.n.01_1)" },
] as const;

/** A task file's JSON for one of the tiny-flat goals. */
export function tinyTask(i: number): Record<string, unknown> {
  const t = TASKS[i % TASKS.length]!;
  const decl = Object.entries(t.objects).map(([inst, [cat]]) => `${inst} - ${cat}`).join(" ");
  const bddl = `(define (problem ${t.id}) (:domain igibson) (:objects ${decl} agent.n.01_1 - agent.n.01) (:init) (:goal (and ${t.goal})))`;
  const bindings: Record<string, string> = { "agent.n.01_1": "agent" };
  for (const [inst, [, obj]] of Object.entries(t.objects)) bindings[inst] = obj;
  return { schemaVersion: 1, id: t.id, instruction: t.instruction, bddl, bindings };
}

export interface TinySuite {
  /** Folder holding everything. */
  dir: string;
  /** The suite file. */
  suite: string;
  /** Episode ids, in suite order. */
  ids: string[];
}

/**
 * Writes a suite of `episodes` short episodes on the tiny two-room flat (loads in milliseconds) into a
 * fresh temp folder: scene, one task file per goal, suite. `edit` may change the suite JSON before it
 * is written (point an episode at a missing scene, …).
 */
export function writeTinySuite(o: { episodes?: number; maxSteps?: number; edit?: (suite: { episodes: Array<Record<string, unknown>> }) => void } = {}): TinySuite {
  const dir = mkdtempSync(path.join(os.tmpdir(), "reliability-suite-"));
  mkdirSync(path.join(dir, "tasks"));
  writeFileSync(path.join(dir, "tiny.scene.json"), JSON.stringify(tinyFlatInput(), null, 2));
  TASKS.forEach((t, i) => writeFileSync(path.join(dir, "tasks", `${t.id}.task.json`), JSON.stringify(tinyTask(i), null, 2)));
  const n = o.episodes ?? 6;
  const episodes: Array<Record<string, unknown>> = Array.from({ length: n }, (_, i) => ({
    id: `ep-${String(i).padStart(2, "0")}-${TASKS[i % TASKS.length]!.id}`,
    scene: "tiny.scene.json",
    task: `tasks/${TASKS[i % TASKS.length]!.id}.task.json`,
    seed: i,
    maxSteps: o.maxSteps ?? 12,
  }));
  const suite = { schemaVersion: 1, id: "tiny", description: "reliability tests", episodes };
  o.edit?.(suite);
  const file = path.join(dir, "tiny.suite.json");
  writeFileSync(file, JSON.stringify(suite, null, 2));
  return { dir, suite: file, ids: suite.episodes.map((e) => String(e.id)) };
}

/** Run options with the defaults of `rearrange run`, for a suite and an output folder. */
export function runOptions(suite: string, out: string, o: Partial<RunOptions> = {}): RunOptions {
  return {
    suite,
    agent: "random",
    agentOptions: { doneProbability: 0.05 },
    out,
    seed: null,
    maxSteps: null,
    stepTimeout: 30,
    episodes: null,
    repeat: 1,
    workers: 1,
    shard: null,
    resume: false,
    now: fixedClock(),
    ...o,
  };
}

/** A pinned trajectory clock: every timestamp is the same, so whole files compare byte for byte. */
export function fixedClock(): () => string {
  return () => "2000-01-01T00:00:00.000Z";
}

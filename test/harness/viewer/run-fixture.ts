import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runSuite } from "../../../harness/runner/run-suite.ts";

/** A temp run folder and its trajectory files. */
export interface RunFixture {
  dir: string;
  /** Absolute paths of `episodes/*.jsonl`, in the run's own order (results.json's rows: the suite's order), as the viewer lists them. */
  trajectories: string[];
}

/** The scripted agent that walks, fails and carries things (see blunder-agent.ts). */
export const BLUNDER_AGENT = path.join(path.dirname(fileURLToPath(import.meta.url)), "blunder-agent.ts");

/**
 * Runs the bundled smoke suite with an agent (the oracle by default) into a fresh temp folder:
 * real trajectories of real houses, made with the simulator as it is now (so replaying them
 * matches the log). `episodes` narrows the run to matching ids (the run command's `--episodes`).
 */
export async function runSmoke(episodes: string | null = null, agent = "oracle"): Promise<RunFixture> {
  const dir = mkdtempSync(path.join(tmpdir(), "rearrange-view-run-"));
  await runSuite({
    suite: "smoke",
    agent,
    agentOptions: {},
    out: dir,
    seed: null,
    maxSteps: null,
    stepTimeout: 120,
    episodes,
    repeat: 1,
    workers: 1,
    shard: null,
    resume: false,
    now: () => "2025-01-01T00:00:00.000Z",
  });
  const folder = path.join(dir, "episodes");
  const order = (JSON.parse(readFileSync(path.join(dir, "results.json"), "utf8")) as { episodes: { id: string }[] }).episodes.map((r) => `${r.id}.jsonl`);
  const files = readdirSync(folder).filter((f) => f.endsWith(".jsonl"));
  const trajectories = files.sort((a, b) => order.indexOf(a) - order.indexOf(b)).map((f) => path.join(folder, f));
  return { dir, trajectories };
}

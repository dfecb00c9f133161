import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { readTrajectory, type TrajectoryRead } from "../../../harness/trajectory/reader.ts";

/** Header fields that name the run rather than the episode (they differ between two runs of the same episodes). */
const RUN_FIELDS = new Set(["ts", "runId", "config"]);

/**
 * A run's trajectories: file name → lines, each re-serialised without the run-naming fields (`ts`,
 * `runId`, the header's `config`, which holds the agent's command line). Two runs that played the same episodes the same way give equal maps.
 */
export function episodeTexts(runDir: string): Map<string, string[]> {
  const dir = path.join(runDir, "episodes");
  const out = new Map<string, string[]>();
  if (!existsSync(dir)) return out;
  for (const f of readdirSync(dir).sort()) {
    const lines = readFileSync(path.join(dir, f), "utf8").split("\n").filter(Boolean);
    out.set(f, lines.map((l) => JSON.stringify(JSON.parse(l), (k, v) => (RUN_FIELDS.has(k) ? undefined : v))));
  }
  return out;
}

/** Every trajectory of a run, read back by the trajectory reader (throws if one is unreadable). */
export function readAllTrajectories(runDir: string): TrajectoryRead[] {
  const dir = path.join(runDir, "episodes");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".jsonl"))
    .sort()
    .map((f) => readTrajectory(path.join(dir, f)));
}

/** results.json of a run. */
export function readResults(runDir: string): { complete: boolean; episodes: Array<Record<string, any>>; metrics: Record<string, any>; [k: string]: any } {
  return JSON.parse(readFileSync(path.join(runDir, "results.json"), "utf8"));
}

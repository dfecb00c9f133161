import path from "node:path";
import { renderTable } from "../reporters/table.ts";
import type { MergePlan } from "./merge-runs.ts";

/** Longest list of episode keys shown in one message line. */
const MAX_LISTED = 20;

/** The inputs, what was merged, and where it went. */
export function formatMergeSummary(plan: MergePlan, out: string): string {
  const table = renderTable(
    ["input", "shard", "episodes", "finished"],
    plan.shards.map((s) => [s.dir, s.shard ? `${s.shard.index}/${s.shard.total}` : "-", s.rows.size, s.results.complete === false ? "no" : "yes"]),
  );
  const m = plan.results.metrics as Record<string, number>;
  const lines = [table, "", `merged ${plan.rows.length} episode(s) · SR ${m.SR!.toFixed(3)} · TP ${m.TP!.toFixed(3)} → ${path.join(out, "results.json")}`];
  if (plan.duplicates.length) lines.push(`${plan.duplicates.length} episode(s) were in more than one input with identical results, kept once: ${list(plan.duplicates)}`);
  return lines.join("\n");
}

/** Why a merge is refused (conflicts) or incomplete (missing episodes, shards, trajectories, unfinished inputs). */
export function mergeFailures(plan: MergePlan): string[] {
  const out: string[] = [];
  for (const c of plan.conflicts) out.push(`conflict: episode "${c.key}" has different results in ${c.dirs.join(" and ")}`);
  const total = plan.shards[0]?.shard?.total;
  if (plan.missingShards.length) out.push(`missing shard(s): ${plan.missingShards.map((i) => `${i}/${total}`).join(", ")} (no input folder ran them)`);
  if (plan.missing.length) out.push(`missing ${plan.missing.length} episode(s): ${list(plan.missing)}`);
  for (const d of plan.incomplete) out.push(`unfinished input: ${d} (its run was interrupted; finish it with run --resume --out ${d})`);
  if (plan.missingTrajectories.length) out.push(`missing trajectory file(s) for: ${list(plan.missingTrajectories)}`);
  return out;
}

function list(keys: readonly string[]): string {
  return keys.length > MAX_LISTED ? `${keys.slice(0, MAX_LISTED).join(", ")}, … (${keys.length - MAX_LISTED} more)` : keys.join(", ");
}

import { InputError } from "../../sim/errors.ts";
import { canonicalJson } from "../replay/step-diff.ts";
import type { ShardRun } from "./read-shard.ts";

/**
 * Config fields that describe how one machine ran its part, not what was run. They may differ
 * between shards; the merged results.json has `shard: null` and `workers` = the shards' common
 * value, or null when they differ.
 */
export const RUN_LOCAL_CONFIG_FIELDS = ["shard", "workers"] as const;

/** What must be the same in every shard for a merge to mean anything. */
const IDENTITY: Array<{ what: string; where: string; pick: (s: ShardRun) => unknown }> = [
  { what: "suite", where: "$.suite.id", pick: (s) => s.results.suite.id },
  { what: "suite file", where: "$.suite.path", pick: (s) => s.results.suite.path },
  { what: "agent", where: "$.agent", pick: (s) => s.results.agent },
  { what: "config", where: "$.config", pick: (s) => sharedConfig(s.results.config) },
  { what: "harness version", where: "$.harnessVersion", pick: (s) => s.results.harnessVersion },
  { what: "run id (derived from suite, agent, agent options, seed, budgets and repeat)", where: "$.runId", pick: (s) => s.results.runId },
];

/** The config without its run-local fields. */
export function sharedConfig(config: Record<string, unknown>): Record<string, unknown> {
  const out = { ...config };
  for (const f of RUN_LOCAL_CONFIG_FIELDS) delete out[f];
  return out;
}

/**
 * Refuses to merge runs of different suites, agents or configs: names the first field that differs,
 * the two folders and both values.
 * @throws InputError naming the odd shard's results.json and the JSON path of the field
 */
export function checkCompatible(shards: readonly ShardRun[]): void {
  const [first, ...rest] = shards;
  if (!first) return;
  for (const s of rest) {
    for (const f of IDENTITY) {
      const a = canonicalJson(f.pick(first));
      const b = canonicalJson(f.pick(s));
      if (a === b) continue;
      const field = f.where === "$.config" ? differingKey(sharedConfig(first.results.config), sharedConfig(s.results.config)) : null;
      const where = field ? `$.config.${field}` : f.where;
      const [va, vb] = field ? [show(first.results.config[field]), show(s.results.config[field])] : [a, b];
      throw new InputError(s.file, where, `cannot merge: ${field ? `config ${field}` : f.what} is ${vb} here but ${va} in ${first.file}; only shards of the same run (same suite, agent and options) merge`);
    }
  }
  const totals = new Set(shards.map((s) => s.shard?.total ?? null));
  if (totals.size > 1) {
    const odd = shards.find((s) => (s.shard?.total ?? null) !== (first.shard?.total ?? null))!;
    throw new InputError(odd.file, "$.config.shard", `cannot merge: split into ${show(odd.shard)} here but ${show(first.shard)} in ${first.file}; merge shards of one split`);
  }
}

function differingKey(a: Record<string, unknown>, b: Record<string, unknown>): string | null {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return keys.find((k) => canonicalJson(a[k]) !== canonicalJson(b[k])) ?? null;
}

function show(v: unknown): string {
  return JSON.stringify(v) ?? "absent";
}

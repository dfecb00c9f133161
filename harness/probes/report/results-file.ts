/**
 * The results file of a probe run: what was scored (files, or agent and cases), the summary with its
 * per-case rows, and — in agent mode — the errors of individual calls. Agent-mode predictions are
 * written beside it as JSONL in the offline prediction format, so the run can be re-scored.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { toJsonl } from "../io/jsonl.ts";
import type { ProbeKind } from "../types.ts";
import { makeDirectory } from "../../../sim/files/make-directory.ts";

export const PROBE_RESULTS_SCHEMA_VERSION = 1;

export interface ProbeResultsInput {
  kind: ProbeKind;
  mode: "offline" | "agent";
  inputs: Record<string, string | number | undefined>;
  summary: unknown;
  agent?: { name: string; version?: string };
  errors?: Array<{ id: string; error: string }>;
  predictions?: unknown[];
}

/** Writes `<out>` (JSON) and, with predictions, `<out without .json>.predictions.jsonl`; returns the paths. */
export function writeProbeResults(out: string, r: ProbeResultsInput): { results: string; predictions?: string } {
  makeDirectory(path.dirname(path.resolve(out)));
  const body = {
    schemaVersion: PROBE_RESULTS_SCHEMA_VERSION,
    probe: r.kind,
    mode: r.mode,
    inputs: r.inputs,
    ...(r.agent ? { agent: r.agent } : {}),
    ...(r.errors ? { errors: r.errors } : {}),
    summary: r.summary,
  };
  writeFileSync(out, JSON.stringify(body, null, 2) + "\n");
  if (!r.predictions) return { results: out };
  const predictions = out.replace(/\.json$/i, "") + ".predictions.jsonl";
  writeFileSync(predictions, toJsonl(r.predictions));
  return { results: out, predictions };
}

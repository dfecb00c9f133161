/**
 * Agent mode of the probes: read cases, ask the agent's optional probe method for each (never
 * showing it the answer), and score the answers with the same scorers as offline mode. A case whose
 * call throws, times out or returns something malformed is scored as a missing answer and its error
 * kept in `errors`. Returns the predictions too, in the offline prediction format, so a run can be
 * re-scored with `--gt/--pred`.
 */
import type { z } from "zod";
import type { ProbeAgent } from "../baselines/probe-agent.ts";
import { readJsonl, type JsonlRow } from "../io/jsonl.ts";
import { DetectionCaseSchema, FunGraphSchema, GroundingAnswerSchema, GroundingTruthSchema, RankingCaseSchema } from "../io/schemas.ts";
import { scoreDetectionRows } from "../detection/score.ts";
import { readFunGraphCases } from "../fungraph/cases.ts";
import { scoreFunGraph, type FunGraphScene } from "../fungraph/score.ts";
import { scoreGroundingRows } from "../grounding/score.ts";
import { scoreRankingRows } from "../ranking/score.ts";
import type { DetectionLabel, FunGraph, GroundingPrediction, GroundingTruth, ProbeKind, RankingCase, RankingPrediction } from "../types.ts";

export interface AgentRunOptions {
  /** Seconds one agent call may take (default 120). */
  timeoutSeconds?: number;
  /** Bootstrap seed (default 0). */
  seed?: number;
}

export interface AgentRunResult<S> {
  summary: S;
  predictions: unknown[];
  errors: Array<{ id: string; error: string }>;
}

const METHOD: Record<ProbeKind, keyof ProbeAgent> = {
  ranking: "rankPlacements",
  detection: "detectMisplaced",
  fungraph: "buildFunctionalGraph",
  grounding: "answer",
};

/** The agent method a probe calls. */
export function probeMethod(kind: ProbeKind): string {
  return METHOD[kind];
}

async function ask<T>(call: () => T | Promise<T>, seconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${seconds} s`)), seconds * 1000);
  });
  try {
    return await Promise.race([Promise.resolve().then(call), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function check<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw new Error(`malformed answer: ${r.error.issues[0]!.message}`);
  return r.data;
}

/** Runs the agent on cases of one probe and scores its answers. */
export async function runProbeAgent(kind: ProbeKind, agent: ProbeAgent, casesFile: string, options: AgentRunOptions = {}): Promise<AgentRunResult<unknown>> {
  const method = agent[METHOD[kind]];
  if (typeof method !== "function") throw new Error(`agent "${agent.name}" has no ${METHOD[kind]}() method, so it cannot take the ${kind} probe`);
  const seconds = options.timeoutSeconds ?? 120;
  const errors: Array<{ id: string; error: string }> = [];
  const attempt = async <T>(id: string, call: () => T | Promise<T>): Promise<T | null> => {
    try {
      return await ask(call, seconds);
    } catch (err) {
      errors.push({ id, error: (err as Error).message });
      return null;
    }
  };
  if (kind === "ranking") {
    const read = readJsonl(casesFile, RankingCaseSchema);
    const predictions: Array<JsonlRow<RankingPrediction>> = [];
    for (const { line, value: c } of read.rows as Array<JsonlRow<RankingCase>>) {
      const ranking = await attempt(c.id, () => agent.rankPlacements!({ id: c.id, object: c.object, context: c.context, candidates: [...c.candidates] }));
      if (ranking && Array.isArray(ranking)) predictions.push({ line, value: { id: c.id, ranking: ranking.map(String) } });
    }
    const summary = scoreRankingRows({ rows: read.rows as Array<JsonlRow<RankingCase>>, file: casesFile }, { rows: predictions, file: `${agent.name} answers` }, options, read.skipped);
    return { summary, predictions: predictions.map((p) => p.value), errors };
  }
  if (kind === "detection") {
    const read = readJsonl(casesFile, DetectionCaseSchema);
    const truth: Array<JsonlRow<DetectionLabel>> = [];
    const predictions: Array<JsonlRow<DetectionLabel>> = [];
    for (const { line, value: c } of read.rows) {
      const objects = c.objects.map(({ misplaced: _truth, ...o }) => o);
      const flagged = await attempt(c.id, () => agent.detectMisplaced!({ id: c.id, context: c.context, objects }));
      const set = new Set((Array.isArray(flagged) ? flagged : []).map(String));
      for (const o of c.objects) {
        const id = `${c.id}/${o.id}`;
        truth.push({ line, value: { id, misplaced: o.misplaced } });
        if (flagged) predictions.push({ line, value: { id, misplaced: set.has(o.id) } });
      }
    }
    const summary = scoreDetectionRows({ rows: truth, file: casesFile }, { rows: predictions, file: `${agent.name} answers` }, read.skipped);
    return { summary, predictions: predictions.map((p) => p.value), errors };
  }
  if (kind === "fungraph") {
    const { cases, skipped } = readFunGraphCases(casesFile);
    const scenes: FunGraphScene[] = [];
    const predictions: unknown[] = [];
    for (const c of cases) {
      const graph = await attempt(c.id, async () => check(FunGraphSchema, await agent.buildFunctionalGraph!({ id: c.id, scene: c.scene })));
      if (graph) predictions.push({ id: c.id, ...graph });
      scenes.push({ scene: c.id, truth: c.truth, prediction: graph as FunGraph | null });
    }
    return { summary: scoreFunGraph(scenes, undefined, skipped), predictions, errors };
  }
  const read = readJsonl(casesFile, GroundingTruthSchema);
  const predictions: Array<JsonlRow<GroundingPrediction>> = [];
  for (const { line, value: g } of read.rows as Array<JsonlRow<GroundingTruth>>) {
    const answer = await attempt(g.question, async () =>
      check(GroundingAnswerSchema, await agent.answer!({ scene: g.scene, type: g.type, question: g.question, object_list: g.object_list })),
    );
    if (answer) predictions.push({ line, value: { question: g.question, prediction: answer as GroundingPrediction["prediction"] } });
  }
  const summary = scoreGroundingRows({ rows: read.rows as Array<JsonlRow<GroundingTruth>>, file: casesFile }, { rows: predictions, file: `${agent.name} answers` }, read.skipped);
  return { summary, predictions: predictions.map((p) => p.value), errors };
}

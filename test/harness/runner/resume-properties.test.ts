/**
 * Which episodes `--resume` keeps, over generated run folders: any mix of episodes never started, cut off
 * (after the header, between lines, mid-line), finished, finished with a damaged end line or left by
 * another run, each listed in results.json or not. Resume keeps exactly the finished ones — a listed row
 * as it is, an unlisted one rebuilt to the bytes the runner writes — in plan order; the rest run again.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getLogger, setLogger } from "../../../harness/logger.ts";
import { finishedRow } from "../../../harness/metrics/results-row.ts";
import type { ResultsRow } from "../../../harness/metrics/results-schema.ts";
import { planEpisodes } from "../../../harness/runner/plan.ts";
import { readFinishedRows } from "../../../harness/runner/resume.ts";
import type { RunConfig } from "../../../harness/runner/run-events.ts";
import type { EndEvent, EpisodeMetrics } from "../../../harness/trajectory/events.ts";
import { episode } from "../trajectory/builders.ts";

const RUN_ID = "suite-0000abcd";

const STATES = ["absent", "header only", "between lines", "mid-line", "finished", "damaged end", "other run"] as const;
type State = (typeof STATES)[number];

/** An end line's metrics as a run writes them, with a custom measure and usage in generated order. */
const metricsArb: fc.Arbitrary<EpisodeMetrics> = fc
  .record({
    SR: fc.double({ min: 0, max: 1, noNaN: true }),
    TTC: fc.double({ min: 0, max: 1, noNaN: true }),
    TP: fc.double({ min: 0, max: 1, noNaN: true }),
    rTP: fc.double({ min: 0, max: 1, noNaN: true }),
    rTPSeedFormula: fc.double({ min: 0, max: 1, noNaN: true }),
    steps: fc.nat(500),
    stepsAfterCompletion: fc.nat(10),
    prematureDone: fc.nat(3),
    doneCalled: fc.boolean(),
    pathLength: fc.double({ min: 0, max: 1e4, noNaN: true }),
    conditions: fc.record({ total: fc.nat(9), satisfied: fc.nat(9), observed: fc.nat(9) }),
    actionErrors: fc.dictionary(fc.constantFrom("parse", "hallucination", "affordance"), fc.nat(20)),
    usage: fc.option(fc.record({ calls: fc.nat(), promptTokens: fc.nat() })),
    custom: fc.option(fc.jsonValue()),
  })
  .map((m) => m as EpisodeMetrics);

const endArb: fc.Arbitrary<Omit<EndEvent, "ts">> = fc.record({
  type: fc.constant("end" as const),
  reason: fc.constantFrom("done", "budget", "agent_error", "timeout", "stuck"),
  error: fc.option(fc.record({ category: fc.constantFrom("agent_error", "timeout"), message: fc.string() })),
  metrics: metricsArb,
});

const folderArb = fc.record({
  ids: fc.uniqueArray(fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,9}$/), { minLength: 1, maxLength: 8 }),
  repeat: fc.integer({ min: 1, max: 3 }),
  episodes: fc.array(fc.record({ state: fc.constantFrom(...STATES), listed: fc.boolean(), end: endArb, cut: fc.nat() }), { minLength: 24, maxLength: 24 }),
});

describe("readFinishedRows over generated run folders", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "resume-props-"));
  const saved = getLogger();
  beforeAll(() => setLogger(pino({ level: "silent" })));
  afterAll(() => {
    setLogger(saved);
    rmSync(root, { recursive: true, force: true });
  });

  it("keeps exactly the finished episodes, listed rows as listed and the others as the runner's rows, in plan order", () => {
    let n = 0;
    fc.assert(
      fc.property(folderArb, ({ ids, repeat, episodes }) => {
        const out = path.join(root, `run-${n++}`);
        mkdirSync(path.join(out, "episodes"), { recursive: true });
        const specs = ids.map((id, i) => ({ id, scene: "s.json", task: "t.json", seed: i * 10, maxSteps: 30 }));
        const planned = planEpisodes(specs, { seed: null, maxSteps: null, episodes: null, repeat, shard: null });
        const listed: ResultsRow[] = [];
        const expected: ResultsRow[] = [];
        planned.forEach((p, i) => {
          const e = episodes[i % episodes.length]!;
          const traj = episode({ id: p.spec.id, repeat: p.repeat }).look(["obj_0"]).done();
          Object.assign(traj.header, { runId: e.state === "other run" ? "suite-ffffffff" : RUN_ID, seed: p.seed, maxSteps: p.maxSteps });
          const end = { ...e.end, ts: "2025-01-01T00:00:01.000Z" };
          const lines = [traj.header, ...traj.steps].map((l) => `${JSON.stringify(l)}\n`).join("");
          const endLine = `${JSON.stringify(end)}\n`;
          const text: Record<State, string | null> = {
            absent: null,
            "header only": lines.slice(0, lines.indexOf("\n") + 1),
            "between lines": lines,
            "mid-line": lines + endLine.slice(0, e.cut % (endLine.length - 1)),
            finished: lines + endLine,
            "damaged end": `${lines}{"type":"end","metrics":${"{".repeat(1 + (e.cut % 3))}\n`,
            "other run": lines + endLine,
          };
          const file = text[e.state];
          if (file !== null) writeFileSync(path.join(out, "episodes", `${p.key}.jsonl`), file);
          // a listed row is told apart from a rebuilt one by its marker
          const row = { ...finishedRow({ id: p.spec.id, repeat: p.repeat, seed: p.seed }, end), listedMarker: i };
          if (e.listed) listed.push(row);
          const ended = e.state === "finished" || e.state === "damaged end" || e.state === "other run";
          if (ended && e.listed) expected.push(row);
          else if (e.state === "finished") expected.push(finishedRow({ id: p.spec.id, repeat: p.repeat, seed: p.seed }, end));
        });
        const config = { episodes: null, shard: null } as const;
        // results.json lists its rows in any order (a merge of lanes): resume answers in plan order
        writeFileSync(path.join(out, "results.json"), JSON.stringify({ runId: RUN_ID, complete: false, config, episodes: [...listed].reverse() }));
        const options = { out, ...config } as RunConfig;
        const rows = readFinishedRows(options, RUN_ID, planned);
        // the same bytes (key order included) as the rows the runner would have written
        expect(rows.map((r) => JSON.stringify(r))).toEqual(expected.map((r) => JSON.stringify(r)));
        rmSync(out, { recursive: true, force: true });
      }),
      { numRuns: 150 },
    );
  });
});

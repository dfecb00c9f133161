import path from "node:path";
import type { CommandModule } from "yargs";
import { parseAgentOptions } from "../agent-options.ts";
import { CheckFailed, UsageError } from "../cli-errors.ts";
import { integerOption, numberOption } from "../option-values.ts";
import { probeCasesCommand } from "./probe-cases.ts";
import { PROBE_KINDS, type ProbeKind } from "../../probes/types.ts";


interface ProbeArgs {
  kind: ProbeKind;
  gt?: string;
  pred?: string;
  agent?: string;
  cases?: string;
  train?: string[];
  "agent-opt"?: string[];
  seed: number;
  timeout: number;
  out?: string;
  json: boolean;
}

function timestamp(): string {
  return new Date().toISOString().replace(/[-:]/g, "").replace(/\..*$/, "").replace("T", "-");
}

/**
 * `rearrange probe KIND`: scores a prediction file against ground truth (`--gt --pred`), or runs an
 * agent's probe method over cases (`--agent --cases`). Prints a table (or the summary as JSON) and
 * writes a results file with per-case rows (plus the agent's answers as a predictions file).
 */
const scoreCommand: CommandModule<object, ProbeArgs> = {
  command: "$0 <kind>",
  describe: "score a probe: placement ranking (NDCG@8), misplacement detection, functional scene graph recall, 3D grounding",
  builder: (y) =>
    y
      .positional("kind", { choices: PROBE_KINDS, demandOption: true, describe: "which probe" })
      .option("gt", { type: "string", describe: "ground-truth file (fungraph: a JSON file or a folder of them)" })
      .option("pred", { type: "string", describe: "prediction file to score against --gt" })
      .option("agent", { type: "string", describe: "agent to run: random, prior, a registered name, a module path or cmd:COMMAND" })
      .option("cases", { type: "string", describe: "probe cases (JSONL) to run the agent on" })
      .option("train", { type: "string", array: true, describe: "training cases for the prior baseline (ranking JSONL, repeatable)" })
      .option("agent-opt", { type: "string", array: true, describe: "agent option key=value (repeatable) or a JSON/YAML file" })
      .option("seed", integerOption("seed", { default: 0, describe: "seed of the bootstrap interval and of random baselines" }))
      .option("timeout", numberOption("timeout", { min: 0, minExclusive: true, default: 120, describe: "seconds one agent call may take" }))
      .option("out", { type: "string", describe: "results file (default runs/probes/<kind>-<timestamp>.json)" })
      .option("json", { type: "boolean", default: false, describe: "print the summary as JSON" })
      .example("$0 probe ranking --gt cases.jsonl --pred ranking.jsonl", "score a prediction file")
      .example("$0 probe ranking --agent prior --cases hk/ranking.test.jsonl --train hk/ranking.train.jsonl", "run the prior baseline")
      .example("$0 probe grounding --gt questions.jsonl --pred answers.jsonl --json", "3D grounding, JSON summary"),
  handler: async (argv) => {
    const offline = argv.gt !== undefined || argv.pred !== undefined;
    const agentMode = argv.agent !== undefined || argv.cases !== undefined;
    if (offline === agentMode) throw new UsageError("give either --gt FILE --pred FILE (score predictions) or --agent NAME --cases FILE (run an agent)");
    if (offline && (!argv.gt || !argv.pred)) throw new UsageError("offline scoring needs both --gt and --pred");
    if (agentMode && (!argv.agent || !argv.cases)) throw new UsageError("agent mode needs both --agent and --cases");
    const { getLogger } = await import("../../logger.ts");
    const { formatProbeTable } = await import("../../probes/report/table.ts");
    const { writeProbeResults } = await import("../../probes/report/results-file.ts");
    const out = argv.out ?? path.join("runs", "probes", `${argv.kind}-${timestamp()}.json`);
    let summary: unknown;
    let written: { results: string; predictions?: string };
    if (offline) {
      const { scoreProbeFiles } = await import("../../probes/run/offline.ts");
      summary = scoreProbeFiles(argv.kind, argv.gt!, argv.pred!, { seed: argv.seed });
      written = writeProbeResults(out, { kind: argv.kind, mode: "offline", inputs: { gt: argv.gt, pred: argv.pred, seed: argv.seed }, summary });
    } else {
      const { loadProbeAgent, AgentUnavailable } = await import("../../probes/run/load-agent.ts");
      const { runProbeAgent, probeMethod } = await import("../../probes/run/agent-mode.ts");
      const options: Record<string, unknown> = { seed: argv.seed, ...parseAgentOptions(argv["agent-opt"]) };
      if (argv.train) options.train = argv.train;
      let agent;
      try {
        agent = await loadProbeAgent(argv.agent!, options);
      } catch (err) {
        if (err instanceof AgentUnavailable) throw new UsageError(err.message);
        throw err;
      }
      if (typeof (agent as unknown as Record<string, unknown>)[probeMethod(argv.kind)] !== "function")
        throw new UsageError(`agent "${agent.name}" has no ${probeMethod(argv.kind)}() method, so it cannot take the ${argv.kind} probe`);
      if (argv.kind === "detection") {
        const { PriorProbeBaseline } = await import("../../probes/baselines/prior.ts");
        const loaded: unknown = agent;
        if (loaded instanceof PriorProbeBaseline && loaded.trainingExamples === 0) throw priorWithoutTraining(argv.train);
      }
      try {
        const run = await runProbeAgent(argv.kind, agent, argv.cases!, { seed: argv.seed, timeoutSeconds: argv.timeout });
        summary = run.summary;
        for (const e of run.errors.slice(0, 5)) getLogger().warn({ case: e.id }, `agent call failed: ${e.error}`);
        written = writeProbeResults(out, {
          kind: argv.kind,
          mode: "agent",
          inputs: { agent: argv.agent, cases: argv.cases, train: argv.train?.join(","), seed: argv.seed },
          agent: { name: agent.name, ...(agent.version ? { version: agent.version } : {}) },
          errors: run.errors,
          summary,
          predictions: run.predictions,
        });
      } finally {
        await agent.close?.();
      }
    }
    process.stdout.write(argv.json ? `${JSON.stringify(summary, null, 2)}\n` : `${formatProbeTable(argv.kind, summary)}\n`);
    getLogger().info({ results: written.results, predictions: written.predictions }, "probe results written");
  },
};

/**
 * The prior baseline judges a place against the places its training cases give the object's neighbours:
 * on the detection probe, without training cases it would flag nothing (F1 0) rather than fail.
 */
function priorWithoutTraining(train: string[] | undefined): Error {
  if (!train?.length)
    return new UsageError(
      "--agent prior needs --train <ranking JSONL> for the detection probe: it flags an object by comparing its place with the places " +
        "learnt from training ranking cases, and without them it flags nothing (e.g. --train imports/housekeep/ranking.train.jsonl " +
        "--train imports/housekeep/ranking.val.jsonl, or the ranking.train.jsonl of `rearrange probe cases`)",
    );
  return new CheckFailed(`rearrange probe: --agent prior read no training cases from ${train.join(", ")} (no valid ranking case in them), so it could flag nothing`);
}

/** `rearrange probe KIND …` scores a probe; `rearrange probe cases …` generates cases from scenes of ours. */
export const command: CommandModule = {
  command: "probe",
  describe: "side probes: placement ranking (NDCG@8), misplacement detection, functional scene graph recall, 3D grounding; `probe cases` generates cases from our scenes",
  builder: (y) => y.command(probeCasesCommand as unknown as CommandModule).command(scoreCommand as unknown as CommandModule),
  handler: () => {},
};

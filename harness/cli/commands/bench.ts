import type { CommandModule } from "yargs";
import { UsageError } from "../cli-errors.ts";
import { integerOption } from "../option-values.ts";

interface BenchArgs {
  json: boolean;
  quick: boolean;
  reps?: number;
  only?: string[];
}

export const command: CommandModule<object, BenchArgs> = {
  command: "bench",
  describe: "measure simulator and harness speed (steps/s, place latency, scaling, load, workers, memory) against the targets",
  builder: (y) =>
    y
      .option("json", { type: "boolean", default: false, describe: "print the figures as JSON" })
      .option("quick", { type: "boolean", default: false, describe: "a fast smoke run: every figure, far less work (not for quoting)" })
      .option("reps", integerOption("reps", { min: 1, describe: "repetitions of every figure (default 5, the one- and two-worker runs 3; 1 with --quick)" }))
      .option("only", {
        type: "string",
        array: true,
        describe: "run only the measurements behind these figures (e.g. --only workersSpeedup); the others are left out",
      }),
  handler: async (argv) => {
    // heavy modules (three, cannon-es) load only when the command runs, so --help stays instant
    const { getLogger } = await import("../../logger.ts");
    const { runBench, formatBench, FULL_PLAN, QUICK_PLAN } = await import("../../bench/index.ts");
    const { BENCH_FIGURES, planWithReps } = await import("../../bench/run-bench.ts");
    const only = argv.only?.flatMap((s) => s.split(",")).filter(Boolean);
    const unknown = only?.filter((f) => !(BENCH_FIGURES as readonly string[]).includes(f)) ?? [];
    if (unknown.length) throw new UsageError(`--only: unknown figure ${unknown.join(", ")} (figures: ${BENCH_FIGURES.join(", ")})`);
    const logger = getLogger();
    const base = argv.quick ? QUICK_PLAN : FULL_PLAN;
    const plan = planWithReps(base, argv.reps);
    const onProgress = (what: string) => logger.info(what);
    if (only?.length) {
      const partial = await runBench(plan, { quick: argv.quick, onProgress, only: only as typeof BENCH_FIGURES[number][] });
      process.stdout.write(argv.json ? `${JSON.stringify(partial, null, 2)}\n` : `${formatPartial(partial)}\n`);
      return;
    }
    const result = await runBench(plan, { quick: argv.quick, onProgress });
    process.stdout.write(argv.json ? `${JSON.stringify(result, null, 2)}\n` : `${formatBench(result)}\n`);
  },
};

/** `--only` without `--json`: the measured figures, their CPU twins and details, one per line. */
function formatPartial(r: { machine: { loadAverage: number[] }; targets: { metric: string; met: boolean }[]; cpu: object; details: object } & object): string {
  const skip = new Set(["machine", "quick", "repetitions", "cpu", "details", "targets", "only"]);
  const verdict = new Map(r.targets.map((t) => [t.metric, t.met ? " (target met)" : " (target NOT met)"]));
  const lines = Object.entries(r)
    .filter(([k, v]) => !skip.has(k) && v !== undefined)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}${verdict.get(k) ?? ""}`);
  return [`load average ${r.machine.loadAverage.join(" / ")}`, ...lines, `cpu: ${JSON.stringify(r.cpu)}`, `details: ${JSON.stringify(r.details)}`].join("\n");
}

import { existsSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { InputError } from "../../sim/errors.ts";
import { readStructuredFile, validateWith } from "../../sim/files/read-structured.ts";
import { poolResults, type ComparableBench } from "./compare-bench.ts";
import { BENCH_FIGURES } from "./figures.ts";

/** A figure: a measured value (a time, a rate or a ratio; never negative). */
const Figure = z.number().finite().nonnegative();

const SpreadSchema = z
  .object({ min: Figure, max: Figure })
  .refine((s) => s.min <= s.max, "min is above max");

/**
 * What `rearrange bench --json` printed, full or `--only` (its figures then partly left out), as far as a
 * comparison reads it. Objects are open (`looseObject`): fields a later version adds, and those a comparison does
 * not read (cpu, targets, stepsByAction), pass through.
 */
export const BenchFileSchema = z.looseObject({
  machine: z.looseObject({
    cpus: z.number().int().positive(),
    cpuModel: z.string(),
    node: z.string(),
    platform: z.string(),
    totalMemMB: Figure,
    loadAverage: z.array(Figure).optional(),
    /** Where the timed runs wrote (since session 38; absent in older results). */
    scratch: z.looseObject({ dir: z.string(), filesystem: z.string() }).optional(),
    /** The V8 options the command line set (since session 41; absent in older results). */
    v8Flags: z.array(z.string()).optional(),
  }),
  quick: z.boolean().default(false),
  /** Repetitions of every figure but the one- and two-worker runs (`details.workerRepetitions`) and the peak memory (one run). */
  repetitions: z.number().int().positive(),
  stepsPerSecond: Figure.optional(),
  logOnlyStepsPerSecond: Figure.optional(),
  fractionOfLimit: Figure.optional(),
  placeMsP50: Figure.optional(),
  placeMsP95: Figure.optional(),
  /** Objects in the house → ms a step. */
  stepMs: z.record(z.string().regex(/^\d+$/, "house sizes are whole numbers of objects"), Figure).optional(),
  scaling10kOver100: Figure.optional(),
  loadMs1k: Figure.optional(),
  workersSpeedup: Figure.optional(),
  twoProcessSpeedup: Figure.optional(),
  peakRssMB10k: Figure.optional(),
  spread: z.record(z.string(), SpreadSchema).default({}),
  details: z.record(z.string(), z.number()).default({}),
});

/** A bench result as read back from a file (or as `runBench` returns it, which has this shape). */
export type BenchFile = z.infer<typeof BenchFileSchema>;

/**
 * Reads a result of `rearrange bench --json` (or `--save`), with errors that name the file and the JSON path
 * (`$.spread.stepsPerSecond.min: …`), and one for a file that holds none of the bench's figures.
 */
export function loadBenchFile(file: string): BenchFile {
  const data = validateWith(BenchFileSchema, readStructuredFile(file), file);
  if (!BENCH_FIGURES.some((f) => data[f] !== undefined)) {
    throw new InputError(file, "$", `holds none of the bench's figures (${BENCH_FIGURES.join(", ")}): is it the output of \`rearrange bench --json\`?`);
  }
  return data;
}

/**
 * One side of a comparison: a result file, or several runs of one version given as `a1.json,a2.json`, pooled
 * with the run as the unit ({@link poolResults}).
 */
export function loadBenchRuns(list: string): ComparableBench {
  const files = list.split(",").filter(Boolean);
  if (files.length === 0) throw new InputError(list, undefined, "names no result file");
  return poolResults(files.map(loadBenchFile));
}

/**
 * Fails when a result could not be saved to `file` (its folder is missing, or it is a folder), so that a run
 * that would lose its result fails before it measures anything.
 */
export function checkBenchFileWritable(file: string): void {
  const dir = path.dirname(path.resolve(file));
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new InputError(file, undefined, `cannot save the result: folder ${dir} does not exist`);
  if (existsSync(file) && statSync(file).isDirectory()) throw new InputError(file, undefined, "cannot save the result: it is a folder");
}

/** Writes a result as `rearrange bench --json` prints it, through a temporary file: a reader never sees half of it. */
export function saveBenchFile(file: string, result: object): void {
  const tmp = `${file}.tmp-${process.pid}`;
  try {
    writeFileSync(tmp, `${JSON.stringify(result, null, 2)}\n`);
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw new InputError(file, undefined, `cannot save the result (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
}

import { existsSync } from "node:fs";
import path from "node:path";
import { InputError, InputErrors } from "../../sim/errors.ts";
import { byIdThenRepeat } from "../metrics/results-row.ts";
import { loadSuite, resolveSuitePath } from "../suite/load.ts";
import { PACKAGE_ROOT } from "../version.ts";

/** An episode run: its id and repeat (0-based). */
export interface EpisodeRef {
  id: string;
  repeat: number;
}

/** Compares two episode runs for sorting. */
export type EpisodeOrder = (a: EpisodeRef, b: EpisodeRef) => number;

/**
 * The order a run plans its episodes in ({@link planEpisodes}): the suite's episodes in file order, each
 * repeated `--repeat K` times in turn. `--episodes` and `--shard` only leave episodes out, so the order of
 * any subset (a filtered run, a shard, a merge of shards) is this order too. Ids the suite does not list
 * come after the others, by id then repeat.
 * @param suiteIds the suite's episode ids, in file order
 */
export function planOrder(suiteIds: readonly string[]): EpisodeOrder {
  const index = new Map<string, number>();
  suiteIds.forEach((id, i) => {
    if (!index.has(id)) index.set(id, i);
  });
  return (a, b) => {
    const ia = index.get(a.id) ?? Infinity;
    const ib = index.get(b.id) ?? Infinity;
    if (ia !== ib) return ia < ib ? -1 : 1;
    return ia === Infinity ? byIdThenRepeat(a, b) : a.repeat - b.repeat;
  };
}

/**
 * The suite file a run recorded in its results.json (`suite.path`): absolute, or relative to the folder it
 * ran in (tried from here, then from the package root, where the bundled suites are); null when not found.
 */
export function recordedSuiteFile(recorded: unknown): string | null {
  const file = typeof recorded === "string" ? recorded : "";
  if (!file) return null;
  const candidates = path.isAbsolute(file) ? [file] : [file, path.join(PACKAGE_ROOT, file)];
  return candidates.find((c) => existsSync(c)) ?? null;
}

/** Where a run's suite was looked for: its results.json's `suite.path`, or `--suite` as a trajectory header records it. */
export interface SuiteHints {
  /** results.json `suite.path`. */
  path?: unknown;
  /** `--suite NAME|PATH` as given (a trajectory header's `config.suite`). */
  spec?: unknown;
  /** The suite id the run recorded: a suite file found with another id is not the run's. */
  id?: unknown;
}

/**
 * The episode ids, in file order, of the suite a run used, or why they cannot be had (file gone, invalid,
 * or now a suite with another id).
 */
export function runSuiteIds(hints: SuiteHints): { ids: string[]; file: string } | { ids: null; reason: string } {
  let file = recordedSuiteFile(hints.path);
  if (!file && typeof hints.spec === "string" && hints.spec) {
    try {
      file = resolveSuitePath(hints.spec);
    } catch {
      file = null;
    }
  }
  const named = typeof hints.path === "string" && hints.path ? hints.path : typeof hints.spec === "string" && hints.spec ? hints.spec : "(not recorded)";
  if (!file) return { ids: null, reason: `suite file ${named} not found from here` };
  try {
    const loaded = loadSuite(file);
    if (typeof hints.id === "string" && loaded.suite.id !== hints.id) {
      return { ids: null, reason: `suite file ${file} is now suite "${loaded.suite.id}", not the run's "${hints.id}"` };
    }
    return { ids: loaded.suite.episodes.map((e) => e.id), file };
  } catch (err) {
    if (!(err instanceof InputError || err instanceof InputErrors)) throw err;
    return { ids: null, reason: `suite file ${file} cannot be read (${err.message.split("\n")[0]})` };
  }
}

/**
 * Sorts a run's episodes into the order the run wrote them. `listed` is the order results.json has
 * (plan order as of the run), `order` the plan order from the suite file when it could be read.
 * - results.json's rows keep their order; when that order agrees with the suite's plan order, episodes
 *   results.json does not list (finished after its last rewrite) go in their plan places among them;
 * - otherwise (the suite file changed since, or is gone) they follow the listed ones, in plan order when
 *   known, else by id then repeat.
 * Without results.json the plan order alone decides (by id then repeat when it is unknown too).
 */
export function sortIntoRunOrder<T>(items: readonly T[], ref: (item: T) => EpisodeRef, listed: readonly EpisodeRef[] | null, order: EpisodeOrder | null): T[] {
  const fallback = order ?? byIdThenRepeat;
  const keyed = items.map((item) => ({ item, ref: ref(item) }));
  if (!listed || (order && listed.every((r, i) => i === 0 || order(listed[i - 1]!, r) < 0))) {
    return keyed.sort((a, b) => fallback(a.ref, b.ref)).map((k) => k.item);
  }
  const rank = new Map(listed.map((r, i) => [refKey(r), i]));
  return keyed
    .sort((a, b) => {
      const ra = rank.get(refKey(a.ref)) ?? Infinity;
      const rb = rank.get(refKey(b.ref)) ?? Infinity;
      if (ra !== rb) return ra < rb ? -1 : 1;
      return ra === Infinity ? fallback(a.ref, b.ref) : 0;
    })
    .map((k) => k.item);
}

const refKey = (r: EpisodeRef) => `${r.repeat}#${r.id}`;

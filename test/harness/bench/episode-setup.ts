/**
 * Timing script (not a test): what scoring costs an episode before its first step. `runEpisode` builds an
 * `EpisodeScorer` over one default measure registry kept for every episode (the "scorer" figure: the registry's
 * evaluation order is worked out once); until session 20 it built the registry for every episode too
 * ("registry + scorer", which now also orders each new registry once).
 * Run: `npx tsx test/harness/bench/episode-setup.ts [--rounds 7] [--n 20000]`. Prints medians over the rounds, µs.
 */
import { defaultMeasureRegistry } from "../../../harness/metrics/builtin.ts";
import { median } from "../../../harness/bench/stats.ts";
import { EpisodeScorer } from "../../../harness/metrics/episode-scorer.ts";
import { scriptArg } from "./script-args.ts";

const rounds = Number(scriptArg("rounds", "7"));
const n = Number(scriptArg("n", "20000"));
const both: number[] = [];
const registryOnly: number[] = [];
const scorerOnly: number[] = [];
let keep = 0;
for (let r = 0; r < rounds; r++) {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) keep += new EpisodeScorer(defaultMeasureRegistry()).reported() ? 1 : 0;
  const t1 = performance.now();
  for (let i = 0; i < n; i++) keep += defaultMeasureRegistry().ids().length;
  const t2 = performance.now();
  const registry = defaultMeasureRegistry();
  for (let i = 0; i < n; i++) keep += new EpisodeScorer(registry).reported() ? 1 : 0;
  const t3 = performance.now();
  both.push((1000 * (t1 - t0)) / n);
  registryOnly.push((1000 * (t2 - t1)) / n);
  scorerOnly.push((1000 * (t3 - t2)) / n);
}
const f = (xs: number[]) => median(xs).toFixed(1);
console.log(`per episode, median of ${rounds} rounds of ${n}: registry + scorer ${f(both)} µs (registry ${f(registryOnly)}, scorer ${f(scorerOnly)})${keep < 0 ? "" : ""}`);

/**
 * Property tests draw from one seed so that a run can be repeated exactly: the README's test command
 * (and CI) uses a fixed seed, `FC_SEED=<n>` replays a reported failure, and `FC_SEED=random`
 * (`npm run fuzz`) explores new inputs with more runs per property.
 */
import fc from "fast-check";

const FIXED_SEED = 20261129;
const requested = process.env.FC_SEED;
if (requested === "random") {
  fc.configureGlobal({ numRuns: Number(process.env.FC_RUNS ?? 1000) });
} else {
  const seed = requested === undefined ? FIXED_SEED : Number(requested);
  if (!Number.isInteger(seed)) throw new Error(`FC_SEED must be an integer or "random", got "${requested}"`);
  fc.configureGlobal({ seed });
}

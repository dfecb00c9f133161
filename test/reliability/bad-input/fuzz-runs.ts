/**
 * How many generated inputs each bad-input property tries (docs/reliability.md sums them). Sized so the
 * whole reliability folder stays well under two minutes on a quiet two-core machine. Set
 * `RELIABILITY_FUZZ_SCALE` (e.g. 10) to fuzz longer before a release, or 0.1 while writing a test.
 */
const SCALE = Number(process.env.RELIABILITY_FUZZ_SCALE ?? 1) || 1;

const BASE_RUNS = {
  sceneRandomJson: 400,
  sceneRandomText: 400,
  sceneMutations: 1000,
  sceneWorlds: 250,
  taskRandomJson: 300,
  taskMutations: 500,
  suiteRandomJson: 300,
  suiteMutations: 400,
  trajectoryBytes: 400,
  trajectoryCuts: 300,
  trajectoryLineEdits: 500,
  probeJsonl: 300,
  jsonRpcChannel: 30,
  tidybotYaml: 150,
} as const;

export const FUZZ_RUNS = Object.fromEntries(Object.entries(BASE_RUNS).map(([k, n]) => [k, Math.max(5, Math.round(n * SCALE))])) as Record<keyof typeof BASE_RUNS, number>;

/** Total inputs tried by the bad-input properties. */
export const FUZZ_TOTAL = Object.values(FUZZ_RUNS).reduce((a, b) => a + b, 0);

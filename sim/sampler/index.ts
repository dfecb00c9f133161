/** Scene sampling for BEHAVIOR activities: a house built from a problem's `:init`, verified after loading. */
export { sampleScene, SamplingError } from "./sample-scene.ts";
export type { SampleOptions, SampledScene } from "./sample-scene.ts";
export { analyzeActivity } from "./activity.ts";
export { placementProblems } from "./placement-check.ts";
export { problemsBeforeSampling } from "./refusals.ts";
export type { ActivitySpec, InstanceSpec, InitFact, SupportPred } from "./activity.ts";
export { missingProviders } from "./requirements.ts";
export { unmetInitFacts } from "./verify.ts";
export type { UnmetFact } from "./verify.ts";
export { OUTDOOR_ROOM_TYPES } from "./layout.ts";

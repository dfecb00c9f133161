/**
 * State-changing subpolicies BEHAVIOR activities need: clean, soak, dry, cook, heat, cool, freeze, unfreeze, slice,
 * fold, unfold.
 * Their rules are documented in one table in docs/behavior.md.
 */
import { clean } from "./clean.ts";
import { cook } from "./cook.ts";
import { fold, unfold } from "./fold.ts";
import { cool, heat } from "./heat.ts";
import { freeze, unfreeze } from "./freeze.ts";
import { slice } from "./slice.ts";
import { dry, soak } from "./soak-dry.ts";

export { clean, cook, heat, cool, freeze, unfreeze, slice, dry, soak, fold, unfold };
export { applianceAround, isOff, runningWaterInReach, waterSourcesInReach, heldObject } from "./surroundings.ts";

/** Every state-changing subpolicy, in the order of the action schema. */
export const STATE_SUBPOLICIES = [clean, soak, dry, cook, heat, cool, freeze, unfreeze, slice, fold, unfold] as const;

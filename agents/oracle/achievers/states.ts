import type { Achiever } from "./achiever.ts";
import { cleanAchiever } from "./states-clean.ts";
import { freezeAchiever, unfreezeAchiever } from "./states-cold.ts";
import { cookAchiever } from "./states-heat.ts";
import { sliceAchiever } from "./states-slice.ts";
import { dryAchiever, soakAchiever } from "./states-wet.ts";

export { cleanAchiever, freezeAchiever, unfreezeAchiever, cookAchiever, sliceAchiever, dryAchiever, soakAchiever };

/**
 * Achievers for object states that need tools or appliances (clean, soak, dry, cook, freeze, unfreeze,
 * slice), following the simulator's state rules (sim/subpolicies/states, docs/behavior.md).
 */
export const STATE_ACHIEVERS: readonly Achiever[] = [cleanAchiever, soakAchiever, dryAchiever, cookAchiever, freezeAchiever, unfreezeAchiever, sliceAchiever];

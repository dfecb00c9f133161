import type { Achiever } from "./achiever.ts";
import { cleanAchiever } from "./states-clean.ts";
import { freezeAchiever, unfreezeAchiever } from "./states-cold.ts";
import { foldStateAchiever } from "./fold-state.ts";
import { cookAchiever, coolAchiever, heatAchiever } from "./states-heat.ts";
import { sliceAchiever } from "./states-slice.ts";
import { dryAchiever, soakAchiever } from "./states-wet.ts";

export { cleanAchiever, freezeAchiever, unfreezeAchiever, cookAchiever, heatAchiever, coolAchiever, sliceAchiever, dryAchiever, soakAchiever, foldStateAchiever };

/**
 * Achievers for the object states of sim/subpolicies/states: those that need tools or appliances (clean, soak,
 * dry, cook, heat, cool, freeze, unfreeze, slice) and folding, following the simulator's state rules
 * (docs/behavior.md).
 */
export const STATE_ACHIEVERS: readonly Achiever[] = [
  cleanAchiever,
  soakAchiever,
  dryAchiever,
  cookAchiever,
  heatAchiever,
  coolAchiever,
  freezeAchiever,
  unfreezeAchiever,
  sliceAchiever,
  foldStateAchiever,
];

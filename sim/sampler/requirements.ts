import { PROVIDER_OF } from "../categories/index.ts";
import type { Ability } from "../scene/schema.ts";
import type { ActivitySpec } from "./activity.ts";
import { wants } from "./atom-uses.ts";

/**
 * The tools and appliances an activity's goal needs under the simulator's state rules
 * (docs/behavior.md) that none of its objects provides. The sampler adds one object of
 * {@link PROVIDER_OF}'s category for each, so that every imported activity can be solved:
 * - `(not (dusty x))` needs a cleaning tool;
 * - `(not (stained x))` needs a cleaner, or a soakable cleaning tool and running water;
 * - `(soaked x)` needs running water; `(not (soaked x))` a towel or dryer;
 * - `(cooked x)` and `(hot x)` a heat source; `(frozen x)` a cold source; `(sliced x)` a knife.
 */
export function missingProviders(spec: ActivitySpec): Ability[] {
  const has = (a: Ability) => [...spec.instances.values()].some((i) => i.role !== "agent" && i.profile.abilities.includes(a));
  const goalWants = (preds: string[], value: boolean) => spec.uses.some((u) => u.goal && preds.includes(u.pred) && wants(u, value));
  const need = new Set<Ability>();
  if (goalWants(["dusty"], false)) need.add("cleaning_tool");
  if (goalWants(["stained", "dirty"], false) && !has("cleaner")) {
    const wettable = [...spec.instances.values()].some((i) => i.profile.abilities.includes("cleaning_tool") && i.profile.abilities.includes("soakable"));
    need.add(wettable ? "water_source" : "cleaner");
  }
  if (goalWants(["soaked"], true)) need.add("water_source");
  if (goalWants(["soaked"], false)) need.add("dryer");
  if (goalWants(["cooked", "burnt", "hot"], true)) need.add("heat_source");
  if (goalWants(["frozen"], true)) need.add("cold_source");
  if (goalWants(["sliced"], true)) need.add("slicer");
  return [...need].filter((a) => !has(a) && PROVIDER_OF[a] !== undefined).sort();
}

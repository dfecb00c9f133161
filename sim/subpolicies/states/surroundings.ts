import type { Ability } from "../../scene/schema.ts";
import type { SimObject } from "../../world/sim-object.ts";
import type { World } from "../../world/world.ts";
import { distanceToFootprint, REACH } from "../../world/reach.ts";
import { failure, type Outcome, type StepContext } from "../subpolicy.ts";

/**
 * What surrounds an object, for the state rules: the appliance it sits in or on (through a pan or a
 * plate: a strawberry in a pan on a stove is on the stove), and the water sources within the agent's reach.
 */

/** How many supports up the chain an appliance still counts (object → pan → stove). */
const CHAIN_DEPTH = 3;

/**
 * The nearest object with `ability` that `id` rests in or on (`inside`/`ontop` links only, up to
 * {@link CHAIN_DEPTH} supports), with the relation of the last link; null when there is none.
 * `relations` narrows which link reaches the appliance (`["inside"]`: only things in a fridge freeze).
 */
export function applianceAround(
  world: World,
  id: string,
  ability: Ability,
  relations: readonly ("inside" | "ontop")[] = ["inside", "ontop"],
): { appliance: SimObject; relation: "inside" | "ontop" } | null {
  let cur = id;
  for (let depth = 0; depth < CHAIN_DEPTH; depth++) {
    const s = world.supports.get(cur);
    if (!s || (s.relation !== "inside" && s.relation !== "ontop")) return null;
    const t = world.objects.get(s.target);
    if (!t) return null;
    if (t.abilities.has(ability) && relations.includes(s.relation)) return { appliance: t, relation: s.relation };
    cur = t.id;
  }
  return null;
}

/**
 * The heat source that `o` sits in or on, as {@link applianceAround} finds it, when it is on; else the
 * `missing_step` failure that says what to do (put it on a stove or in an oven, switch the stove on).
 */
export function runningHeatUnder(world: World, o: SimObject): { appliance: SimObject; relation: "inside" | "ontop" } | Outcome {
  const heat = applianceAround(world, o.id, "heat_source");
  if (!heat) return failure("missing_step", `${o.id} is not on or in a heat source — put it on a stove or in an oven first`);
  if (isOff(heat.appliance)) return failure("missing_step", `${heat.appliance.id} is off — toggle it on first`);
  return heat;
}

/** True when a toggleable appliance is switched off (appliances without a switch are always on). */
export function isOff(o: SimObject): boolean {
  return o.abilities.has("toggleable") && !o.states.toggled_on;
}

/** Water sources (sinks, tubs, showers) in the agent's room within reach, nearest first. */
export function waterSourcesInReach(world: World): SimObject[] {
  const { agent } = world;
  return [...world.objects.values()]
    .filter((o) => o.abilities.has("water_source") && o.room === agent.room && distanceToFootprint(agent.position, o.box) <= REACH)
    .map((o) => ({ o, d: distanceToFootprint(agent.position, o.box) }))
    .sort((a, b) => a.d - b.d || (a.o.id < b.o.id ? -1 : 1))
    .map((x) => x.o);
}

/**
 * Running water within reach: the first water source that is on, or a `missing_step` failure saying
 * what to do (switch the nearest one on, or go to one).
 */
export function runningWaterInReach(ctx: StepContext, purpose: string): SimObject | Outcome {
  const sources = waterSourcesInReach(ctx.world);
  const running = sources.find((s) => !isOff(s));
  if (running) return running;
  if (sources.length) return failure("missing_step", `${sources[0]!.id} is off — toggle it on first to ${purpose}`);
  return failure("missing_step", `no sink or other water source within reach — navigate to one to ${purpose}`);
}

/** The object the agent holds, or null. */
export function heldObject(world: World): SimObject | null {
  const id = world.agent.holding;
  return id ? (world.objects.get(id) ?? null) : null;
}

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RandomAgent } from "../../../agents/random-agent.ts";
import { generateHouse } from "../../../harness/bench/house-generator.ts";
import type { Action } from "../../../sim/actions.ts";
import { RearrangeEnv } from "../../../sim/env.ts";
import type { ObservedObject } from "../../../sim/observation.ts";
import { loadWorld } from "../../../sim/world/load-world.ts";
import { WorldPool } from "../../../sim/world/world-pool.ts";
import { worldState } from "../world/world-state.ts";

/**
 * An episode of the random agent (never done), which every fourth step goes to an observed openable or
 * toggleable object and then switches it (so states change too, not only poses): every observation and
 * step result as JSON (lazy parts included).
 */
function episode(env: RearrangeEnv, seed: number, steps: number): string[] {
  const agent = new RandomAgent({ doneProbability: 0 });
  const { observation, info } = env.reset(seed);
  agent.reset({ id: env.options.task.task.id, instruction: "", seed });
  const out = [JSON.stringify({ observation, info })];
  let obs = observation;
  let switching: ObservedObject | null = null;
  for (let t = 0; t < steps; t++) {
    let action: Action = agent.act(obs);
    if (switching) {
      const o = switching;
      action = o.abilities.includes("openable") ? { type: o.states.open ? "close" : "open", object: o.id } : { type: o.states.toggled_on ? "toggle_off" : "toggle_on", object: o.id };
      switching = null;
    } else if (t % 4 === 3) {
      const switchable = Object.values(obs.objects).filter((o) => o.abilities.includes("openable") || o.abilities.includes("toggleable"));
      if (switchable.length) {
        switching = switchable[(seed + t) % switchable.length]!;
        action = { type: "navigate", target: switching.id };
      }
    }
    const r = env.step(action);
    out.push(JSON.stringify(r));
    obs = r.observation;
    if (r.terminated || r.truncated) break;
  }
  return out;
}

describe("RearrangeEnv with a world pool", () => {
  it("episodes of real actions on restored worlds = the same episodes on freshly loaded worlds", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 40, max: 160 }), fc.array(fc.nat(1000), { minLength: 2, maxLength: 4 }), fc.integer({ min: 20, max: 120 }), (houseSeed, size, seeds, steps) => {
        const house = generateHouse(size, houseSeed);
        const options = { scene: house.scene, task: house.task, seed: 0, maxSteps: 500 };
        const pool = new WorldPool();
        const pooled = new RearrangeEnv({ ...options, worlds: pool });
        const plain = new RearrangeEnv(options);
        let first = null;
        for (const seed of seeds) {
          expect(episode(pooled, seed, steps)).toEqual(episode(plain, seed, steps));
          first ??= pooled.world;
          // the same world every episode, restored, not a new one
          expect(pooled.world).toBe(first);
        }
        // after the last episode, what the pool would hand out next is a fresh load
        pooled.release();
        expect(() => pooled.world).toThrow(/reset/);
        const next = pool.take(house.scene);
        expect(next).toBe(first);
        expect(worldState(next)).toEqual(worldState(loadWorld(house.scene)));
      }),
      { numRuns: 12 },
    );
  });

  it("without a pool every reset loads a new world (a caller may keep the old one)", () => {
    const house = generateHouse(30, 9);
    const env = new RearrangeEnv({ scene: house.scene, task: house.task, seed: 0, maxSteps: 10 });
    env.reset(1);
    const before = env.world;
    env.reset(2);
    expect(env.world).not.toBe(before);
  });
});

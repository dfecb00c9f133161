import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadSceneFile } from "../../sim/scene/load.ts";
import { loadWorld } from "../../sim/world/load-world.ts";
import { generateHouse } from "./house-generator.ts";
import { median, spreadOf, timeIt, type Spread } from "./stats.ts";

/** Time to load a scene file and settle it. */
export interface LoadTime {
  /** Wall ms, median over repetitions. */
  loadMs: number;
  loadCpuMs: number;
  /** The quickest and slowest repetition, wall ms. */
  loadSpread: Spread;
}

/**
 * Writes a generated house of `objects` objects to a scene file, then times loading it as an episode
 * reset does: read + parse + validate the file, build the world (scene graph, spatial index), settle
 * every carryable object with physics and derive what rests on what. One unmeasured warm-up load first.
 */
export async function measureLoad(options: { objects: number; reps: number; dir: string }): Promise<LoadTime> {
  mkdirSync(options.dir, { recursive: true });
  const file = path.join(options.dir, `house-${options.objects}.scene.json`);
  writeFileSync(file, generateHouse(options.objects).text);
  const load = () => loadWorld(loadSceneFile(file).scene, file);
  load();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let rep = 0; rep < options.reps; rep++) {
    const t = await timeIt(load);
    wall.push(t.wallMs);
    cpu.push(t.cpuMs);
  }
  return { loadMs: median(wall), loadCpuMs: median(cpu), loadSpread: spreadOf(wall) };
}

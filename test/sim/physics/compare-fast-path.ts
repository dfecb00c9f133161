/**
 * Comparison script (not a test): the analytic fast path of the drop test against cannon-es on random
 * fully-supported drops. Each case is one box set down with its whole footprint on the top face of one
 * static slab (random sizes and headings, nothing else around), dropped as `findPlacement` drops it;
 * cannon-es's verdict (the same acceptance rule) is compared with the fast path's ("it stays").
 *
 *   npx tsx test/sim/physics/compare-fast-path.ts [--cases 4000] [--seed 1] [--min-side 0.02] [--min-slab 0.005] [--log | --thin]
 *
 * Box sides are uniform between `--min-side` and 1.3 m (height up to 0.5 m), or log-uniform with `--log`
 * (as many 2–4 cm sides as 20–40 cm ones: far more long thin boxes), or with `--thin` only long thin low
 * boards (2–12 cm by 0.3–1.5 m, 2–6 cm high: the class cannon-es sinks); slabs are 0.2–2.5 m wide,
 * `--min-slab` to 10 cm thick, at any heading. Rejections are also counted by the box's length over width.
 *
 * Prints how many cases cannon-es rejects, and each rejected case (sizes, how far it sank or tilted).
 */
import { performance } from "node:perf_hooks";
import { footprintWithin } from "../../../sim/geometry/containment.ts";
import { soleSupportIndex, staticPart } from "../../../sim/physics/analytic-drop.ts";
import { dropTest } from "../../../sim/physics/drop-test.ts";
import { instability } from "../../../sim/physics/find-placement.ts";
import { MAX_SINK, MAX_TILT } from "../../../sim/physics/physics-constants.ts";
import { Rng } from "../../../sim/rng.ts";
import type { Box } from "../../../sim/scene/schema.ts";
import { box, restingBox } from "../geometry/fixtures.ts";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const cases = arg("--cases", 4000);
const minSide = arg("--min-side", 0.02);
const minSlab = arg("--min-slab", 0.005);
const rng = new Rng(arg("--seed", 1));
const logUniform = process.argv.includes("--log");
const thin = process.argv.includes("--thin");
const side = (max: number) => (logUniform ? Math.exp(rng.range(Math.log(minSide), Math.log(max))) : rng.range(minSide, max));

/** A random slab and a box resting wholly on its top face. */
function randomCase(): { slab: Box; pose: Box } {
  for (;;) {
    const slab = box(rng.range(-1, 1), rng.range(-1, 1), rng.range(0, 1), rng.range(0.2, 2.5), rng.range(0.2, 2.5), rng.range(minSlab, 0.1), rng.range(-Math.PI, Math.PI));
    const top = slab.center.z + slab.size.z / 2;
    const size = thin ? { x: rng.range(0.02, 0.12), y: rng.range(0.3, 1.5), z: rng.range(0.02, 0.06) } : { x: side(1.3), y: side(1.3), z: side(0.5) };
    const heading = rng.range(-Math.PI, Math.PI);
    for (let attempt = 0; attempt < 20; attempt++) {
      const pose = restingBox(slab.center.x + rng.range(-0.5, 0.5) * slab.size.x, slab.center.y + rng.range(-0.5, 0.5) * slab.size.y, top, size.x, size.y, size.z, heading);
      if (footprintWithin(pose, slab)) return { slab, pose };
    }
  }
}

const rejected: string[] = [];
/** Length over width → [cases, rejected by cannon-es]. */
const byAspect: Record<string, [number, number]> = {};
const aspectClass = (s: Box["size"]) => {
  const a = Math.max(s.x, s.y) / Math.min(s.x, s.y);
  return a < 5 ? "<5:1" : a < 10 ? "5-10:1" : a < 20 ? "10-20:1" : a < 40 ? "20-40:1" : ">=40:1";
};
let fastPathTaken = 0;
let differ = 0;
const t0 = performance.now();
for (let i = 0; i < cases; i++) {
  const { slab, pose } = randomCase();
  const fast = soleSupportIndex(pose, [staticPart(slab)]) === 0;
  if (fast) fastPathTaken++;
  const outcome = dropTest(pose, [slab], { stopWhen: { sink: 3 * MAX_SINK, tilt: 3 * MAX_TILT } });
  const problem = instability(outcome, { restsOn: null });
  const bucket = (byAspect[aspectClass(pose.size)] ??= [0, 0]);
  bucket[0]++;
  if (problem) bucket[1]++;
  if (problem && fast) differ++;
  if (problem) {
    const s = pose.size;
    rejected.push(
      `#${i} box ${s.x.toFixed(3)}×${s.y.toFixed(3)}×${s.z.toFixed(3)} on slab ${slab.size.x.toFixed(2)}×${slab.size.y.toFixed(2)}×${slab.size.z.toFixed(4)}: ${problem} (sink ${(outcome.sink * 100).toFixed(2)} cm, tilt ${outcome.tilt.toFixed(3)} rad, drift ${(outcome.drift * 100).toFixed(2)} cm, rested ${outcome.rested}, ${outcome.steps} steps)`,
    );
  }
}
console.log(
  JSON.stringify(
    { cases, minSide, minSlab, sides: thin ? "long thin" : logUniform ? "log-uniform" : "uniform", fastPathTaken, cannonRejected: rejected.length, differ, seconds: +((performance.now() - t0) / 1000).toFixed(1), byAspect, rejected },
    null,
    2,
  ),
);

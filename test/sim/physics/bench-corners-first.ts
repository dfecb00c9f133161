/**
 * Timing script (not a test): what `cornersFirst` costs an `inside` place, against the plain reading it replaced
 * (every pose's contacts worked out on every call, then the shuffled order walked once per group). Each round
 * times `--calls` shuffles of one pose list alone, then with each ordering after it, and prints the median over
 * `--rounds` of the difference per call, µs.
 * Run: `npx tsx test/sim/physics/bench-corners-first.ts [--calls 100000] [--rounds 5]`.
 */
import { gridPoses } from "../../../sim/physics/candidate-grid.ts";
import { cornersFirst, shuffledIndices } from "../../../sim/physics/find-placement.ts";
import { Rng } from "../../../sim/rng.ts";
import { median } from "../../../harness/bench/stats.ts";
import { scriptArg } from "../../harness/bench/script-args.ts";

// a 60 × 40 cm drawer and 3 cm cubes: 1,053 candidate poses, as a grid over a container's floor makes them
const poses = gridPoses({ center: { x: 0, y: 0, z: 0.5 }, size: { x: 0.6, y: 0.4, z: 0.3 }, heading: 0.3 }, 0.55, { x: 0.03, y: 0.03, z: 0.1 }, "contain");
const calls = Number(scriptArg("calls", "100000"));
const rounds = Number(scriptArg("rounds", "5"));
const order = new Uint32Array(poses.length);
const contacts = new Uint8Array(poses.length);
const packed = new Uint32Array(poses.length);

/** The reading before session 29: contacts made on every call, then three stable passes. */
function threePasses(shuffled: Uint32Array): Uint32Array {
  poses.edgeContactsInto(contacts);
  let k = 0;
  for (let want = 2; want >= 0; want--) for (let i = 0; i < shuffled.length; i++) if (contacts[shuffled[i]!] === want) packed[k++] = shuffled[i]!;
  return packed;
}

let sink = 0;
function time(after: ((o: Uint32Array) => Uint32Array) | null): number {
  const rng = new Rng(7);
  const t = performance.now();
  for (let i = 0; i < calls; i++) {
    const shuffled = shuffledIndices(rng, poses.length, order);
    sink += after ? after(shuffled)[0]! : shuffled[0]!;
  }
  return ((performance.now() - t) * 1000) / calls;
}

const ways = { cornersFirst: (o: Uint32Array) => cornersFirst(o, poses), threePasses };
const extra: Record<string, number[]> = { cornersFirst: [], threePasses: [] };
for (let round = -1; round < rounds; round++) {
  const alone = time(null);
  for (const [name, f] of Object.entries(ways)) {
    const us = time(f) - alone;
    if (round >= 0) extra[name]!.push(us);
  }
}
console.log(JSON.stringify({ poses: poses.length, usPerCall: Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, Math.round(median(v) * 100) / 100])), sink: sink > 0 }));

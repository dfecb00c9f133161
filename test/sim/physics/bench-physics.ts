/**
 * Timing script (not a test): builds a synthetic 1,000-object house, settles it, then times `findPlacement`.
 * Run: `npx tsx test/sim/physics/bench-physics.ts [--rounds N]`. Prints JSON with medians (wall and CPU).
 */
import { performance } from "node:perf_hooks";
import { footprintOverlapArea } from "../../../sim/geometry/footprint-overlap.ts";
import { SpatialIndex } from "../../../sim/geometry/spatial-index.ts";
import { findPlacement } from "../../../sim/physics/find-placement.ts";
import type { PlacementRelation } from "../../../sim/physics/placement-types.ts";
import { settleScene } from "../../../sim/physics/settle-scene.ts";
import { Rng } from "../../../sim/rng.ts";
import { floor, object, restingBox, type TestObject } from "../geometry/fixtures.ts";

/**
 * 25 rooms of 6×6 m; each has a floor, 3 tables, a shelf, an open basket and a cabinet, and 33 small
 * things on or in the furniture, about 1,000 objects in all. Things float up to 3 cm above or sink up to
 * 1 cm into their support, as scanned boxes do. `clutter` is the share of things dropped anywhere on
 * their host regardless of the others (they then overlap and many cannot balance: a worst case);
 * the rest are spread without overlapping.
 */
function buildHouse(seed: number, clutter: number): TestObject[] {
  const rng = new Rng(seed);
  const objects: TestObject[] = [];
  for (let r = 0; r < 25; r++) {
    const ox = (r % 5) * 6;
    const oy = Math.floor(r / 5) * 6;
    const room = `room_${r}`;
    objects.push(floor(`floor_${r}`, ox, oy, ox + 6, oy + 6, room));
    const furniture: TestObject[] = [];
    for (let t = 0; t < 3; t++) furniture.push(object(`table_${r}_${t}`, restingBox(ox + 1 + 2 * t, oy + 1.5, 0, 1.2, 0.8, 0.75), { shape: "table", kind: "fixed", room }));
    furniture.push(object(`shelf_${r}`, restingBox(ox + 3, oy + 5, 0, 1.6, 0.4, 0.9), { kind: "fixed", room }));
    furniture.push(object(`basket_${r}`, restingBox(ox + 5, oy + 4, 0, 0.5, 0.4, 0.3), { shape: "container", room }));
    furniture.push(object(`cabinet_${r}`, restingBox(ox + 0.6, oy + 4.5, 0, 0.8, 0.5, 0.9), { shape: "container", abilities: ["openable"], kind: "fixed", room }));
    objects.push(...furniture);
    const onHost = new Map<string, TestObject[]>();
    for (let k = 0; k < 33; k++) {
      const host = furniture[rng.int(furniture.length)]!;
      const size = { x: rng.range(0.05, 0.2), y: rng.range(0.05, 0.2), z: rng.range(0.03, 0.2) };
      const hb = host.box;
      const top = host.shape === "container" ? hb.center.z - hb.size.z / 2 + 0.02 : hb.center.z + hb.size.z / 2;
      const messy = rng.next() < clutter;
      const others = onHost.get(host.id) ?? [];
      for (let attempt = 0; attempt < 20; attempt++) {
        const x = hb.center.x + rng.range(-0.4, 0.4) * (hb.size.x - size.x - 0.05);
        const y = hb.center.y + rng.range(-0.4, 0.4) * (hb.size.y - size.y - 0.05);
        const thing = object(`thing_${r}_${k}`, restingBox(x, y, top + rng.range(-0.01, 0.03), size.x, size.y, size.z, rng.range(-0.2, 0.2)), { room });
        if (messy || others.every((o) => footprintOverlapArea(o.box, thing.box) === 0)) {
          objects.push(thing);
          onHost.set(host.id, [...others, thing]);
          break;
        }
      }
    }
  }
  return objects;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

const rounds = Number(process.argv[process.argv.indexOf("--rounds") + 1]) || 5;

/** Settles `rounds` fresh houses (index build included); the first, cold run is reported apart. */
function timeSettle(clutter: number) {
  const wall: number[] = [];
  const cpu: number[] = [];
  let counts = { objects: 0, moved: 0, unstable: 0 };
  for (let round = 0; round < rounds; round++) {
    const objects = buildHouse(round, clutter);
    const w0 = performance.now();
    const c0 = cpuMs();
    const index = new SpatialIndex(1);
    for (const o of objects) index.insert(o.id, o.box);
    const report = settleScene(objects, index);
    cpu.push(cpuMs() - c0);
    wall.push(performance.now() - w0);
    counts = { objects: objects.length, moved: report.moved.length, unstable: report.unstable.length };
  }
  return { clutter, ...counts, coldWallMs: +wall[0]!.toFixed(1), coldCpuMs: +cpu[0]!.toFixed(1), medianWallMs: +median(wall.slice(1)).toFixed(1), medianCpuMs: +median(cpu.slice(1)).toFixed(1) };
}

const settleTidy = timeSettle(0);
const settleCluttered = timeSettle(1);
const objects = buildHouse(99, 0);
const index = new SpatialIndex(1);
for (const o of objects) index.insert(o.id, o.box);
settleScene(objects, index);
const byId = new Map(objects.map((o) => [o.id, o]));
const rng = new Rng(1);
const targets = objects.filter((o) => /^(table|shelf|basket|cabinet)_/.test(o.id));
const relations: Record<string, PlacementRelation[]> = { table: ["ontop", "under", "nextto"], shelf: ["ontop", "nextto"], basket: ["inside"], cabinet: ["inside", "ontop"] };
const placeWall: number[] = [];
const placeCpu: number[] = [];
const outcomes = { ok: 0, failed: 0 };
const byKind: Record<string, number[]> = {};
for (let i = 0; i < 600; i++) {
  const target = targets[rng.int(targets.length)]!;
  const relation = rng.pick(relations[target.id.split("_")[0]!]!);
  const item = object(`held_${i}`, restingBox(0, 0, 0, rng.range(0.05, 0.2), rng.range(0.05, 0.2), rng.range(0.03, 0.2)));
  const w0 = performance.now();
  const c0 = cpuMs();
  const nearby = index.query(target.box, 1).map((id) => byId.get(id)!);
  const result = findPlacement({ object: item, relation, target, nearby, rng });
  const c1 = cpuMs();
  const w1 = performance.now();
  if (i >= 100) {
    placeWall.push(w1 - w0);
    placeCpu.push(c1 - c0);
  }
  outcomes[result.ok ? "ok" : "failed"]++;
  if (i >= 100) {
    const key = `${relation}:${result.ok ? "ok" : "failed"}`;
    (byKind[key] ??= []).push(w1 - w0);
  }
}

console.log(
  JSON.stringify(
    {
      rounds,
      settleTidy,
      settleCluttered,
      placeByRelation: Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, { n: v.length, medianWallMs: +median(v).toFixed(3), maxWallMs: +Math.max(...v).toFixed(1) }])),
      place: { calls: placeWall.length, ...outcomes, medianWallMs: +median(placeWall).toFixed(3), medianCpuMs: +median(placeCpu).toFixed(3), p90WallMs: +[...placeWall].sort((a, b) => a - b)[Math.floor(placeWall.length * 0.9)]!.toFixed(3) },
    },
    null,
    2,
  ),
);

/**
 * The simulator never reads the clock or Math.random (SPEC §4: same scene, task, seed and actions →
 * byte-identical trajectories). Checked twice: every clock and entropy source is counted while
 * RearrangeEnv resets and steps through whole episodes on the bundled houses, and sim/** is scanned for
 * calls to them.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { Object3D } from "three";
import { describe, expect, it } from "vitest";
import { RandomAgent } from "../../../agents/random-agent.ts";
import { loadSuite, resolveRelative } from "../../../harness/suite/load.ts";
import { RearrangeEnv } from "../../../sim/env.ts";
import { loadSceneFile } from "../../../sim/scene/load.ts";
import { loadTaskFile } from "../../../sim/task/load.ts";

const REPO = path.resolve(import.meta.dirname, "../../..");

/**
 * three.js gives every Object3D a random `uuid` (Math.random) when it is created. The simulator never
 * reads it (checked below), so those calls cannot reach a trajectory; they are counted apart.
 */
function fromThreeUuid(): boolean {
  const stack = new Error().stack ?? "";
  return /at generateUUID \(.*node_modules\/three\//.test(stack);
}

/** Sources of time and entropy, each replaced by a counting wrapper while the simulator runs. */
function countingClock(): { calls: Map<string, number>; around<T>(fn: () => T): T } {
  const calls = new Map<string, number>();
  const hit = (name: string) => calls.set(name, (calls.get(name) ?? 0) + 1);
  const RealDate = Date;
  const CountingDate = new Proxy(RealDate, {
    construct(target, args, newTarget) {
      if (args.length === 0) hit("new Date()");
      return Reflect.construct(target, args, newTarget);
    },
    apply(target, self, args) {
      hit("Date()");
      return Reflect.apply(target, self, args);
    },
    get(target, key, receiver) {
      if (key === "now") return () => (hit("Date.now"), RealDate.now());
      return Reflect.get(target, key, receiver);
    },
  });
  const patches: Array<[object, string, (real: any) => unknown]> = [
    [Math, "random", (real) => () => (hit(fromThreeUuid() ? "Math.random (three.js object uuid)" : "Math.random"), real())],
    [performance, "now", (real) => () => (hit("performance.now"), real.call(performance))],
    [process, "hrtime", (real) => Object.assign((...a: unknown[]) => (hit("process.hrtime"), real(...a)), { bigint: () => (hit("process.hrtime.bigint"), real.bigint()) })],
    [process, "uptime", (real) => () => (hit("process.uptime"), real())],
    [crypto, "getRandomValues", (real) => (a: any) => (hit("crypto.getRandomValues"), real.call(crypto, a))],
    [crypto, "randomUUID", (real) => () => (hit("crypto.randomUUID"), real.call(crypto))],
    [globalThis, "Date", () => CountingDate],
  ];
  return {
    calls,
    around<T>(fn: () => T): T {
      const saved = patches.map(([obj, key]) => (obj as any)[key]);
      patches.forEach(([obj, key, wrap], i) => Object.defineProperty(obj, key, { value: wrap(saved[i]), configurable: true, writable: true }));
      try {
        return fn();
      } finally {
        patches.forEach(([obj, key], i) => Object.defineProperty(obj, key, { value: saved[i], configurable: true, writable: true }));
      }
    },
  };
}

describe("the simulator reads no clock and no Math.random", () => {
  it("counts zero clock and entropy reads while episodes on the bundled houses reset and step", () => {
    const loaded = loadSuite("default");
    // one episode per house, driven by the random agent (it may use what it likes: it runs outside the window)
    const byScene = new Map<string, (typeof loaded.suite.episodes)[number]>();
    for (const e of loaded.suite.episodes) if (!byScene.has(e.scene)) byScene.set(e.scene, e);
    expect(byScene.size).toBeGreaterThanOrEqual(3);
    const clock = countingClock();
    let steps = 0;
    for (const spec of byScene.values()) {
      const scene = loadSceneFile(resolveRelative(loaded.path, spec.scene));
      const task = loadTaskFile(resolveRelative(loaded.path, spec.task));
      const env = new RearrangeEnv({ scene: scene.scene, scenePath: scene.path, task, seed: spec.seed, maxSteps: 40 });
      const agent = new RandomAgent({ doneProbability: 0 });
      let obs = clock.around(() => env.reset(spec.seed)).observation;
      agent.reset({ id: task.task.id, instruction: task.task.instruction, seed: spec.seed });
      for (let t = 0; t < 40; t++) {
        const action = agent.act(obs);
        const r = clock.around(() => env.step(action));
        steps++;
        obs = r.observation;
        if (r.terminated || r.truncated) break;
      }
    }
    expect(steps).toBeGreaterThanOrEqual(100);
    // three.js uuids are allowed (never read); the world builds three nodes only on demand, so there may be none
    const { "Math.random (three.js object uuid)": _uuids = 0, ...others } = Object.fromEntries(clock.calls);
    expect(others).toEqual({});
    // the stack test recognises three's uuids (else allowing them would let any Math.random through)
    const probe = countingClock();
    probe.around(() => new Object3D());
    expect([...probe.calls.keys()]).toEqual(["Math.random (three.js object uuid)"]);
    expect(probe.calls.get("Math.random (three.js object uuid)")).toBeGreaterThan(0);
  }, 60_000);

  it("the counting wrappers do count (the check above could fail)", () => {
    const clock = countingClock();
    clock.around(() => [Math.random(), Date.now(), new Date(), performance.now(), process.hrtime.bigint(), crypto.randomUUID()]);
    expect([...clock.calls.keys()].sort()).toEqual(["Date.now", "Math.random", "crypto.randomUUID", "new Date()", "performance.now", "process.hrtime.bigint"]);
    expect(typeof Date.now()).toBe("number"); // restored
  });

  it("no source file under sim/ calls a clock or an entropy source", () => {
    const FORBIDDEN = /\bMath\.random\b|\bDate\.now\b|\bnew Date\s*\(|\bperformance\.now\b|\bprocess\.hrtime\b|\bprocess\.uptime\b|\brandomUUID\b|\bgetRandomValues\b|\brandomBytes\b|\bfrom\s+["']node:perf_hooks["']/;
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const f of readdirSync(dir)) {
        const p = path.join(dir, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.(ts|js|mjs)$/.test(f)) files.push(p);
      }
    };
    walk(path.join(REPO, "sim"));
    expect(files.length).toBeGreaterThan(50);
    const offenders: string[] = [];
    for (const file of files) {
      // comments may say what the code never does
      const code = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
      code.split("\n").forEach((line, i) => {
        if (FORBIDDEN.test(line)) offenders.push(`${path.relative(REPO, file)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
    // the one entropy the simulator's libraries draw, three.js object uuids, is never read
    const readsUuid = files.filter((f) => /\.uuid\b/.test(readFileSync(f, "utf8")));
    expect(readsUuid).toEqual([]);
  });
});

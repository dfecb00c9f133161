import { spawnSync } from "node:child_process";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { copyBox, copyVec3 } from "../../../sim/geometry/copy.ts";

const REPO = path.resolve(import.meta.dirname, "../../..");
const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
const vec3 = fc.record({ x: finite, y: finite, z: finite });

describe("copyVec3 / copyBox", () => {
  it("copy every number exactly (−0 too), into new objects with the keys in x, y, z order", () => {
    fc.assert(
      fc.property(vec3, vec3, finite, (center, size, heading) => {
        // a source built key by key in another order, frozen, as parsed and sealed scenes are
        const src = Object.freeze({ z: center.z, y: center.y, x: center.x });
        const v = copyVec3(src);
        expect(Object.keys(v)).toEqual(["x", "y", "z"]);
        expect([Object.is(v.x, center.x), Object.is(v.y, center.y), Object.is(v.z, center.z)]).toEqual([true, true, true]);
        expect(Object.isFrozen(v)).toBe(false);
        const box = Object.freeze({ center: src, size: Object.freeze({ ...size }), heading });
        const b = copyBox(box);
        expect(b).toEqual({ center, size, heading });
        expect(b.center).not.toBe(box.center);
        expect(b.size).not.toBe(box.size);
      }),
    );
  });

  it("leave a loaded world's points of one hidden class, whatever the scene was parsed and sealed into", () => {
    // V8's own view of it (%HaveSameMap) needs a flag no test worker runs with: a process of its own
    const script = `
      const same = new Function("a", "b", "return %HaveSameMap(a, b)");
      const { parseScene } = await import("./sim/scene/load.ts");
      const { sealScene } = await import("./sim/world/load-cache.ts");
      const { loadWorld } = await import("./sim/world/load-world.ts");
      const { readFileSync } = await import("node:fs");
      const file = "scenes/houses/cottage.scene.json";
      const world = loadWorld(sealScene(parseScene(readFileSync(file, "utf8"), file)));
      const literal = { x: 0.5, y: 0.5, z: 0.5 };
      let points = 0, odd = 0;
      for (const o of world.objects.values()) for (const p of [o.box.center, o.box.size]) { points++; if (!same(p, literal)) odd++; }
      console.log(JSON.stringify({ points, odd }));`;
    const r = spawnSync(process.execPath, ["--allow-natives-syntax", "--import", "tsx", "--input-type=module", "-e", script], { cwd: REPO, encoding: "utf8" });
    expect(r.stderr).toBe("");
    const { points, odd } = JSON.parse(r.stdout.trim().split("\n").pop()!);
    expect(points).toBeGreaterThan(20);
    expect(odd).toBe(0);
  });
});

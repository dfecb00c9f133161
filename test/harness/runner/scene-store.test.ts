import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SceneStore } from "../../../harness/runner/scene-store.ts";
import type { LoadedScene } from "../../../sim/scene/load.ts";

/** A stand-in scene: only its path, hash and object count matter to the store. */
const sceneOf = (path: string, hash: string, objects: number) => ({ path, hash, scene: { objects: Array.from({ length: objects }, () => ({})) } }) as unknown as LoadedScene;

describe("SceneStore", () => {
  it("gives back a kept scene only for the same path and content hash; a new content of the path replaces it", () => {
    const store = new SceneStore();
    const a = sceneOf("/s/a.scene.json", "h1", 3);
    store.keep(a);
    expect(store.find("/s/a.scene.json", "h1")).toBe(a);
    expect(store.find("/s/a.scene.json", "h2")).toBeUndefined();
    expect(store.find("/s/b.scene.json", "h1")).toBeUndefined();
    const a2 = sceneOf("/s/a.scene.json", "h2", 3);
    store.keep(a2);
    expect(store.find("/s/a.scene.json", "h1")).toBeUndefined();
    expect(store.find("/s/a.scene.json", "h2")).toBe(a2);
    expect(store.size).toBe(1);
  });

  it("keeps scenes within its object budget, dropping the least recently used first and never the last one kept", () => {
    const op = fc.record({ path: fc.constantFrom("a", "b", "c", "d", "e"), hash: fc.constantFrom("1", "2"), objects: fc.integer({ min: 0, max: 40 }), find: fc.boolean() });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.array(op, { minLength: 1, maxLength: 40 }), (budget, ops) => {
        const store = new SceneStore(budget);
        /** The model: path → scene, least recently used first. */
        const model = new Map<string, LoadedScene>();
        for (const o of ops) {
          const kept = model.get(o.path);
          if (o.find) {
            const found = store.find(o.path, o.hash);
            expect(found).toBe(kept && kept.hash === o.hash ? kept : undefined);
            if (found) {
              model.delete(o.path);
              model.set(o.path, found);
            }
            continue;
          }
          const s = sceneOf(o.path, o.hash, o.objects);
          store.keep(s);
          model.delete(o.path);
          model.set(o.path, s);
          let total = [...model.values()].reduce((n, m) => n + m.scene.objects.length, 0);
          for (const [p, m] of model) {
            if (total <= budget || model.size === 1) break;
            model.delete(p);
            total -= m.scene.objects.length;
          }
          // the scene just kept is always there, and the rest fit the budget
          expect(store.find(s.path, s.hash)).toBe(s);
          model.delete(s.path);
          model.set(s.path, s);
          expect(total <= budget || model.size === 1).toBe(true);
        }
        expect(store.size).toBe(model.size);
        for (const m of model.values()) expect(store.find(m.path, m.hash)).toBe(m);
      }),
    );
  });
});

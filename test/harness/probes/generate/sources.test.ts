import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readSceneSources } from "../../../../harness/probes/generate/sources.ts";
import { InputError } from "../../../../sim/errors.ts";
import { ROOT } from "../shared-data.ts";

const house = (h: string) => path.join(ROOT, "scenes/houses", `${h}.scene.json`);

describe("scenes named by --from-scene", () => {
  it("a bundled suite name, a suite file and a bundled house name", () => {
    expect(readSceneSources("default").map((s) => s.scene.id)).toEqual(["flat", "family_house", "cottage"]);
    expect(readSceneSources(path.join(ROOT, "scenes/suites/smoke.suite.json")).length).toBeGreaterThan(0);
    expect(readSceneSources("cottage").map((s) => s.scene.id)).toEqual(["cottage"]);
  });

  it("a folder of scene files, read in name order", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sources-"));
    mkdirSync(path.join(dir, "sub"));
    copyFileSync(house("flat"), path.join(dir, "sub", "b.scene.json"));
    copyFileSync(house("cottage"), path.join(dir, "a.scene.json"));
    writeFileSync(path.join(dir, "notes.txt"), "not a scene");
    expect(readSceneSources(dir).map((s) => s.scene.id)).toEqual(["cottage", "flat"]);
  });

  it("refuses two different files with one scene id (their case ids would collide), naming the file", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sources-dup-"));
    const scene = JSON.parse(readFileSync(house("flat"), "utf8"));
    writeFileSync(path.join(dir, "a.scene.json"), JSON.stringify(scene));
    writeFileSync(path.join(dir, "b.scene.json"), JSON.stringify({ ...scene, name: "another flat" }));
    expect(() => readSceneSources(dir)).toThrow(InputError);
    expect(() => readSceneSources(dir)).toThrow(/b\.scene\.json: \$\.id: scene id "flat" is also the id of .*a\.scene\.json/);
  });

  it("an invalid scene is an InputError naming the file and place", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sources-bad-"));
    const bad = path.join(dir, "bad.scene.json");
    writeFileSync(bad, JSON.stringify({ schemaVersion: 1, id: "bad", rooms: [], objects: [], agent: { room: "x" } }));
    expect(() => readSceneSources(bad)).toThrow(/bad\.scene\.json.*\$\.rooms/);
  });
});

import { McapIndexedReader, TempBuffer } from "@mcap/core";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readTrajectory } from "../../../harness/trajectory/reader.ts";
import { rearrange } from "../viewer/cli.ts";
import { BLUNDER_AGENT, runSmoke } from "../viewer/run-fixture.ts";

let trajectory: string;
let out: string;

beforeAll(async () => {
  trajectory = (await runSmoke("cottage-radio-on", BLUNDER_AGENT)).trajectories[0]!;
  out = mkdtempSync(path.join(tmpdir(), "rearrange-export-cmd-"));
}, 180_000);

describe("rearrange export", () => {
  it("writes an MCAP file with a scene update per step and reports it with --json", async () => {
    const file = path.join(out, "ep.mcap");
    const r = rearrange(["export", trajectory, "--format", "mcap", "--out", file, "--json"]);
    expect(r.status).toBe(0);
    const steps = readTrajectory(trajectory).steps.length;
    expect(JSON.parse(r.stdout)).toMatchObject({ file, count: steps + 1 });
    const reader = await McapIndexedReader.Initialize({ readable: new TempBuffer(readFileSync(file)) });
    const scene = [...reader.channelsById.values()].find((c) => c.topic === "/scene")!;
    expect(reader.statistics!.channelMessageCounts.get(scene.id)).toBe(BigInt(steps + 1));
  }, 120_000);

  it("writes glTF for a scene file", () => {
    const file = path.join(out, "cottage.gltf");
    const r = rearrange(["export", "scenes/houses/cottage.scene.json", "--format", "gltf", "--out", file]);
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(file);
    expect(JSON.parse(readFileSync(file, "utf8")).asset.version).toBe("2.0");
  }, 120_000);

  it("exits 1 for MCAP of a scene, 2 for --step with MCAP or a missing --format", () => {
    const scene = rearrange(["export", "scenes/houses/cottage.scene.json", "--format", "mcap", "--out", path.join(out, "x.mcap")]);
    expect(scene.status).toBe(1);
    expect(scene.stderr).toContain("cottage.scene.json");
    expect(scene.stderr).not.toMatch(/\n\s+at /);
    expect(rearrange(["export", trajectory, "--format", "mcap", "--step", "1"]).status).toBe(2);
    expect(rearrange(["export", trajectory]).status).toBe(2);
    expect(rearrange(["export", "scenes/houses/cottage.scene.json", "--format", "gltf", "--compression", "none"]).status).toBe(2);
  }, 120_000);
});

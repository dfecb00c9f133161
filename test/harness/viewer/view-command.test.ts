import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { episode, writeRun } from "../trajectory/builders.ts";
import { rearrange, rearrangeFirstLine } from "./cli.ts";

describe("rearrange view", () => {
  it("prints the 127.0.0.1 URL on stdout, serves, and stops cleanly on SIGTERM", async () => {
    const { child, line, exited } = rearrangeFirstLine(["view", "scenes/houses/flat.scene.json", "--no-open", "--port", "0"]);
    try {
      const url = await line;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const manifest = await (await fetch(`${url}api/manifest`)).json();
      expect(manifest).toEqual({ kind: "scene", title: "flat.scene.json" });
      expect((await fetch(`${url}api/../../package.json`)).status).toBe(404);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
  }, 120_000);

  it("exits 1 naming the file when the path is missing, 2 for a bad port", () => {
    const missing = rearrange(["view", "no/such/run", "--no-open"]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("no/such/run");
    expect(missing.stderr).not.toMatch(/\n\s+at /);
    const port = rearrange(["view", "scenes/houses/flat.scene.json", "--no-open", "--port", "70000"]);
    expect(port.status).toBe(2);
    expect(port.stderr).toContain("--port");
  }, 120_000);

  it("exits 1 with file and reason for an episode whose scene file is gone", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "rearrange-view-"));
    writeRun(dir, [episode({ id: "lost" }).done().end("done")]);
    const r = rearrange(["view", path.join(dir, "episodes", "lost.jsonl"), "--no-open"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("lost.jsonl");
    expect(r.stderr).toMatch(/scene file .* not found/);
  }, 120_000);
});

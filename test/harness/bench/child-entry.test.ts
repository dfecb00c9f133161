import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CHILD_ENTRIES, childEntry } from "../../../harness/bench/child-entry.ts";
import { DEFAULT_CACHE_DIR } from "../../../harness/workers/worker-bundle.ts";

const saved = process.env.REARRANGE_WORKER_BUNDLE;
afterEach(() => {
  if (saved === undefined) delete process.env.REARRANGE_WORKER_BUNDLE;
  else process.env.REARRANGE_WORKER_BUNDLE = saved;
});

/** Runs a child entry with no arguments: each refuses with its usage line, which shows its top-level code ran. */
function runWithoutArguments(file: string) {
  return spawnSync(process.execPath, [file], { encoding: "utf8", timeout: 60_000 });
}

describe("bench child processes", () => {
  it("start from their entry's bundle, which runs the entry's top-level code", { timeout: 120_000 }, async () => {
    for (const [child, usage] of [
      [CHILD_ENTRIES.processLane, "usage: process-lane <suite file>"],
      [CHILD_ENTRIES.rssProbe, "usage: rss-probe <scene file>"],
    ] as const) {
      const file = await childEntry(child);
      expect(path.dirname(path.dirname(file))).toBe(DEFAULT_CACHE_DIR);
      expect(file).toMatch(/\.mjs$/);
      const r = runWithoutArguments(file);
      expect(r.status).not.toBe(0);
      expect(r.stderr).toContain(usage);
    }
  });

  it("start from the tsx bootstrap when bundling is turned off, with the same entry behind it", { timeout: 120_000 }, async () => {
    process.env.REARRANGE_WORKER_BUNDLE = "0";
    const file = await childEntry(CHILD_ENTRIES.rssProbe);
    expect(file).toBe(CHILD_ENTRIES.rssProbe.bootstrap);
    const r = runWithoutArguments(file);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain("usage: rss-probe <scene file>");
  });
});

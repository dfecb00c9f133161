import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import setup, { TEST_TMP_PREFIX } from "./temp-dir.ts";

describe("the test run's temporary folder", () => {
  it("is what os.tmpdir() gives in a test process and in the processes a test starts", () => {
    const here = os.tmpdir();
    expect(path.basename(here).startsWith(TEST_TMP_PREFIX)).toBe(true);
    const child = spawnSync(process.execPath, ["-e", "process.stdout.write(require('node:os').tmpdir())"], { encoding: "utf8" });
    expect(child.status).toBe(0);
    expect(child.stdout).toBe(here);
  });

  it("is removed with what was written in it, and the environment is put back", () => {
    const before = process.env.TMPDIR;
    const teardown = setup();
    const dir = os.tmpdir();
    try {
      expect(dir).not.toBe(before);
      expect(path.dirname(dir)).toBe(before);
      const nested = mkdtempSync(path.join(os.tmpdir(), "leftover-"));
      writeFileSync(path.join(nested, "run.jsonl"), "{}\n");
    } finally {
      teardown();
    }
    expect(existsSync(dir)).toBe(false);
    expect(process.env.TMPDIR).toBe(before);
    expect(os.tmpdir()).toBe(before);
  });
});

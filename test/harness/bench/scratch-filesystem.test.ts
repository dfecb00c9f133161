import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesystemOf } from "../../../harness/bench/scratch-filesystem.ts";

describe("filesystemOf", () => {
  it("names the filesystem of a folder, and of a file in it the same", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "rearrange-fs-"));
    try {
      const kind = filesystemOf(dir);
      expect(kind).not.toBe("unknown");
      expect(kind).toMatch(/^([a-z0-9]+|0x[0-9a-f]+)$/);
      writeFileSync(path.join(dir, "f.txt"), "x");
      expect(filesystemOf(path.join(dir, "f.txt"))).toBe(kind);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(process.platform === "linux" && existsSync("/dev/shm") && existsSync("/proc/self"))("tells Linux's memory filesystem from others by its statfs number", () => {
    expect(filesystemOf("/dev/shm")).toBe("tmpfs");
    // procfs is not in the list: its number, in hex
    expect(filesystemOf("/proc")).toBe("0x9fa0");
  });

  it("says unknown for a path that does not exist", () => {
    expect(filesystemOf(path.join(os.tmpdir(), "rearrange-no-such-folder", "deeper"))).toBe("unknown");
  });
});

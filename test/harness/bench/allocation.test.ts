import { describe, expect, it } from "vitest";
import { measureAllocation } from "../../../harness/bench/allocation.ts";

/** Where allocated arrays are kept a little while (so that no optimisation can leave them out). */
const ring: unknown[] = new Array(64);

/** Allocates `count` arrays of `length` holes (each at least 4 bytes a slot) and returns how many it made. */
function allocateArrays(count: number, length: number): number {
  for (let i = 0; i < count; i++) ring[i & 63] = new Array(length);
  return count;
}

describe("measureAllocation", () => {
  it("counts the bytes a function allocates, across the collections it causes", async () => {
    // 4,000 arrays of 8,000 slots: at least 128 MB, more than any young generation holds, so collections happen
    const big = await measureAllocation(() => allocateArrays(4000, 8000));
    expect(big.value).toBe(4000);
    expect(big.allocatedBytes).toBeGreaterThanOrEqual(4000 * 8000 * 4);
    expect(big.allocatedBytes).toBeLessThan(4000 * 8000 * 8 * 1.5);
    expect(big.scavenges + big.otherCollections).toBeGreaterThan(0);
    expect(big.gcPauseMs).toBeGreaterThan(0);
    // a tenth of the work allocates about a tenth of the bytes
    const small = await measureAllocation(() => allocateArrays(400, 8000));
    expect(small.allocatedBytes / big.allocatedBytes).toBeGreaterThan(0.05);
    expect(small.allocatedBytes / big.allocatedBytes).toBeLessThan(0.2);
  });

  it("awaits an async function, and a function that allocates next to nothing shows next to nothing", async () => {
    const r = await measureAllocation(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return "done";
    });
    expect(r.value).toBe("done");
    expect(r.allocatedBytes).toBeLessThan(1024 * 1024);
  });

  it("stops the profiler when the function throws, so the next measurement counts only its own collections", async () => {
    await expect(
      measureAllocation(() => {
        allocateArrays(1000, 8000);
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    const after = await measureAllocation(() => 0);
    expect(after.scavenges + after.otherCollections).toBe(0);
    expect(after.allocatedBytes).toBeLessThan(1024 * 1024);
  });
});

/**
 * The OS threads of this process (Linux: /proc/self/task), for tests that a worker pool's threads end. A joined
 * thread stays listed until the kernel reaps it, which on a loaded machine may come a moment later (clean-clone
 * CI runs saw 13 threads against 12, and 15 against 14): {@link expectThreadsBackTo} waits for that, up to 2 s,
 * while a thread left running never goes.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { expect } from "vitest";

/** True where threads can be listed (Linux). */
export const CAN_LIST_THREADS = existsSync("/proc/self/task");

/** The process's OS threads by name (`comm`). */
export function threadNames(): string[] {
  return readdirSync("/proc/self/task").map((tid) => {
    try {
      return readFileSync(`/proc/self/task/${tid}/comm`, "utf8").trim();
    } catch {
      return "?"; // ended while listed
    }
  });
}

/** Asserts that the process has at most as many threads as `before` (a {@link threadNames} list), once the ended ones are reaped. */
export async function expectThreadsBackTo(before: readonly string[]): Promise<void> {
  const deadline = Date.now() + 2000;
  while (readdirSync("/proc/self/task").length > before.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const after = threadNames();
  expect(after.length, `threads before: ${[...before].sort().join(", ")}; after: ${after.sort().join(", ")}`).toBeLessThanOrEqual(before.length);
}

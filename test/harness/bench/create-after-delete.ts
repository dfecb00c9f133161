/**
 * Timing script (not a test; a diagnostic of the disk a run writes to): what creating a trajectory-sized file costs
 * in `--dir`, before and after deleting many files there, and how that cost decays. On an ext4 filesystem without a
 * journal (this project's VM) the kernel's inode allocator skips inodes deleted in the last 60 s (360 s while their
 * inode-table block is still dirty; `recently_deleted()` in fs/ext4/ialloc.c) and looks each one up as it goes, so
 * after a bulk deletion — a test run's temporary folders, an earlier bench's scratch folder — every new file costs
 * several times what it costs on a quiet disk, for minutes. Every run the bench times writes one file an episode.
 * Session 40 on /tmp: 60 µs a file before, 122 µs right after deleting 5,000, 308 µs 20 s later, 297 after 45 s,
 * 177 after 70 s; on tmpfs 14 – 22 µs whatever was deleted.
 * Run: `npx tsx test/harness/bench/create-after-delete.ts [--dir /tmp] [--deleted 5000] [--files 300] [--after 20,45,70]`.
 * Prints one line per measurement: µs a file (open, one 3 KB write, close).
 */
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { filesystemOf } from "../../../harness/bench/scratch-filesystem.ts";
import { scriptArg } from "./script-args.ts";

const root = mkdtempSync(path.join(scriptArg("dir", os.tmpdir()), "rearrange-create-after-delete-"));
const deleted = Number(scriptArg("deleted", "5000"));
const files = Number(scriptArg("files", "300"));
const after = scriptArg("after", "20,45,70").split(",").map(Number);
/** About a 200-step episode's trajectory of the default suite's size. */
const text = Buffer.alloc(3000, "x");
let folders = 0;

/** Creates `n` files in a new folder under `root`; returns µs a file. */
function createFiles(n: number): number {
  const folder = path.join(root, `f-${folders++}`);
  mkdirSync(folder);
  const startedAt = performance.now();
  for (let i = 0; i < n; i++) {
    const fd = openSync(path.join(folder, `ep-${i}.jsonl`), "w");
    writeSync(fd, text);
    closeSync(fd);
  }
  return ((performance.now() - startedAt) / n) * 1000;
}

const report = (what: string, us: number) => console.log(`${what.padEnd(34)}${us.toFixed(0).padStart(6)} µs a file`);
try {
  console.log(`${root} (${filesystemOf(root)})`);
  report("before", createFiles(files));
  const victims = path.join(root, "victims");
  mkdirSync(victims);
  for (let i = 0; i < deleted; i++) closeSync(openSync(path.join(victims, `v-${i}`), "w"));
  rmSync(victims, { recursive: true });
  const deletedAt = performance.now();
  report(`right after deleting ${deleted}`, createFiles(files));
  for (const seconds of after) {
    const wait = seconds * 1000 - (performance.now() - deletedAt);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    report(`${seconds} s after`, createFiles(files));
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}

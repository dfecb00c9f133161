import { statfsSync } from "node:fs";

/**
 * Linux `statfs` magic numbers of the filesystems a bench's scratch folder is likely on (linux/magic.h). ext2, ext3
 * and ext4 share one number.
 */
const FILESYSTEMS: ReadonlyMap<number, string> = new Map([
  [0xef53, "ext4"],
  [0x01021994, "tmpfs"],
  [0x58465342, "xfs"],
  [0x9123683e, "btrfs"],
  [0x6969, "nfs"],
  [0x794c7630, "overlayfs"],
  // virtiofs reports itself as FUSE
  [0x65735546, "fuse"],
  [0x2fc12fc1, "zfs"],
  [0xf2f52010, "f2fs"],
  [0x858458f6, "ramfs"],
  [0x01021997, "9p"],
]);

/**
 * The kind of filesystem `dir` is on (`ext4`, `tmpfs`, …; the `statfs` type as `0x…` for one this list does not
 * name and on other systems than Linux, whose numbers differ; `unknown` where it cannot be read). Every run the
 * bench times writes its trajectories there, one file per episode, and what creating and writing those files costs
 * is part of the runs' wall time: on this project's 2-core VM an episode's file took 21 – 45 µs new and 56 – 75 µs
 * overwritten on ext4 against 15 – 18 µs on tmpfs (session 38). So a result says where it wrote.
 */
export function filesystemOf(dir: string): string {
  try {
    const type = statfsSync(dir).type >>> 0;
    const named = process.platform === "linux" ? FILESYSTEMS.get(type) : undefined;
    return named ?? `0x${type.toString(16)}`;
  } catch {
    return "unknown";
  }
}

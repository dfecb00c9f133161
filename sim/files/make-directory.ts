import { mkdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Creates a directory and its missing parents, like `mkdir -p`, but one level at a time.
 * `fs.mkdirSync(dir, { recursive: true })` never returns for a path under /proc (Node 20: each level
 * answers ENOENT, and Node retries the parent forever); creating level by level from the deepest
 * existing ancestor fails at once with the system's reason instead.
 *
 * @throws the first error creating a level (ENOTDIR under a regular file, EACCES, EROFS, ENOENT under /proc, …)
 */
export function makeDirectory(dir: string): void {
  const missing: string[] = [];
  let at = path.resolve(dir);
  for (;;) {
    let isDir: boolean | null = null;
    try {
      isDir = statSync(at).isDirectory();
    } catch (err) {
      // ENOTDIR: some ancestor is a regular file; walking up finds it and names it below
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") throw err;
    }
    if (isDir === true) break;
    if (isDir === false) {
      const e = new Error(`ENOTDIR: not a directory, mkdir '${missing.at(-1) ?? at}' (${at} exists and is not a directory)`) as NodeJS.ErrnoException;
      e.code = "ENOTDIR";
      e.syscall = "mkdir";
      e.path = missing.at(-1) ?? at;
      throw e;
    }
    missing.push(at);
    const parent = path.dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const level of missing.reverse()) {
    try {
      mkdirSync(level);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err; // made meanwhile by someone else: fine
    }
  }
}

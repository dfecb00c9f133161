import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's CLI entry, run with the current Node. */
export const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../bin/rearrange.js");

/** Runs `rearrange ARGS` to completion. */
export function rearrange(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", timeout: 120_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Starts `rearrange ARGS` and resolves with the process and its first stdout line. */
export function rearrangeFirstLine(args: string[]) {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  const line = new Promise<string>((resolve, reject) => {
    let out = "";
    let err = "";
    child.stdout.on("data", (c) => {
      out += c;
      const nl = out.indexOf("\n");
      if (nl >= 0) resolve(out.slice(0, nl));
    });
    child.stderr.on("data", (c) => (err += c));
    child.on("exit", (code) => reject(new Error(`exited ${code} before printing a line: ${err}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, line, exited };
}

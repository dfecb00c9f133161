import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withoutRejectedOptions, withoutTsxHooks } from "../../../harness/workers/episode-pool.ts";
import { REPO_ROOT } from "./run-files.ts";

const TSX_PRE = "/work/app/node_modules/tsx/dist/preflight.cjs";
const TSX_LOADER = "file:///work/app/node_modules/tsx/dist/loader.mjs";

describe("the Node options worker threads get", () => {
  it("drops tsx's hooks, as `npx tsx` passes them, and keeps the rest in order", () => {
    expect(withoutTsxHooks(["--require", TSX_PRE, "--import", TSX_LOADER])).toEqual([]);
    expect(withoutTsxHooks(["--max-old-space-size=4096", `--import=${TSX_LOADER}`, "--inspect", "-r", TSX_PRE])).toEqual(["--max-old-space-size=4096", "--inspect"]);
    // the package named bare, as tsx's docs run it (`node --import tsx script.ts`)
    expect(withoutTsxHooks(["--import", "tsx", "--inspect"])).toEqual(["--inspect"]);
    expect(withoutTsxHooks(["--require=tsx/cjs", "--loader", "tsx/esm", "--import", "tsx/esm/api"])).toEqual([]);
    // other packages whose names start with tsx, and relative files, are not tsx
    expect(withoutTsxHooks(["--import", "tsx-extra", "--require", "./tsx"])).toEqual(["--import", "tsx-extra", "--require", "./tsx"]);
    // a hook of the user's own stays, whatever it is called
    expect(withoutTsxHooks(["--import", "./my-hooks/tsx/setup.mjs", "--require", "dotenv/config"])).toEqual(["--import", "./my-hooks/tsx/setup.mjs", "--require", "dotenv/config"]);
    // an option with no value left is kept as it was
    expect(withoutTsxHooks(["--import"])).toEqual(["--import"]);
  });

  it("whatever else is there, the result is the input with exactly the tsx hook pairs taken out", () => {
    const plain = fc.constantFrom("--inspect", "--max-old-space-size=2048", "--enable-source-maps", "--require", "--import=./hooks.mjs", "./x.cjs", "--no-warnings");
    const hook = fc.constantFrom<string[]>(
      ["--require", TSX_PRE],
      ["--import", TSX_LOADER],
      [`--import=${TSX_LOADER}`],
      ["--loader", TSX_LOADER],
      [`--experimental-loader=${TSX_LOADER}`],
      ["--import", "tsx"],
      ["--require", "tsx/cjs"],
      ["--import=tsx/esm"],
    );
    // each part is either a plain option (with its value when it takes one) or a tsx hook
    const part = fc.oneof(
      plain.map((p) => ({ keep: p === "--require" ? [p, "./other.cjs"] : [p] })),
      hook.map((h) => ({ keep: [] as string[], drop: h })),
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 12 }), (parts) => {
        const input = parts.flatMap((p) => ("drop" in p ? p.drop! : p.keep));
        expect(withoutTsxHooks(input)).toEqual(parts.flatMap((p) => p.keep));
      }),
    );
  });

  it("leaves out exactly the options Node's worker threads refuse, as Node names them", () => {
    const given = ["--max-old-space-size=512", "--enable-source-maps", "--stack-size=900", "--conditions=custom", "--trace-gc"];
    let refusal: unknown = null;
    try {
      // refused before any thread starts
      new Worker("0", { eval: true, execArgv: given });
    } catch (err) {
      refusal = err;
    }
    expect(refusal).not.toBeNull();
    expect(withoutRejectedOptions(given, refusal)).toEqual(["--enable-source-maps", "--conditions=custom"]);
    // any other error is not a refusal; a refusal naming none of them leaves nothing to do
    expect(withoutRejectedOptions(given, new Error("Initiated Worker with invalid execArgv flags: --trace-gc"))).toBeNull();
    expect(withoutRejectedOptions(["--inspect"], refusal)).toBeNull();
  });

  it("whatever options a refusal names, the rest are kept in order", () => {
    const option = fc.stringMatching(/^--[a-z][a-z-]{0,12}(=[0-9a-z]{1,4})?$/);
    fc.assert(
      fc.property(fc.array(fc.record({ option, refused: fc.boolean() }), { minLength: 1, maxLength: 10 }), (parts) => {
        const refused = new Set(parts.filter((p) => p.refused).map((p) => p.option));
        const err = Object.assign(new Error(`Initiated Worker with invalid execArgv flags: ${[...refused].join(", ")}`), { code: "ERR_WORKER_INVALID_EXEC_ARGV" });
        const kept = parts.map((p) => p.option).filter((o) => !refused.has(o));
        expect(withoutRejectedOptions(parts.map((p) => p.option), err)).toEqual(refused.size === 0 ? null : kept);
      }),
    );
  });

  it("a run with two workers starts under V8 options given to node, which threads refuse", { timeout: 120_000 }, () => {
    const out = mkdtempSync(path.join(os.tmpdir(), "rearrange-exec-argv-"));
    try {
      const cli = path.join(REPO_ROOT, "bin", "rearrange.js");
      const r = spawnSync(process.execPath, ["--max-old-space-size=2048", "--stack-size=2000", cli, "run", "--suite", "smoke", "--workers", "2", "--out", out], { encoding: "utf8", timeout: 110_000 });
      expect(r.stderr).not.toContain("ERR_WORKER_INVALID_EXEC_ARGV");
      expect(r.status).toBe(0);
      const results = JSON.parse(readFileSync(path.join(out, "results.json"), "utf8")) as { episodes: unknown[] };
      expect(results.episodes).toHaveLength(3);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

import { spawnSync } from "node:child_process";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CLI_V8_FLAGS, cliV8Flags } from "../../../harness/cli/v8-options.js";

const ROOT = path.resolve(import.meta.dirname, "../../..");

describe("the command line's V8 options", () => {
  it("are set unless the user set them either way, in NODE_OPTIONS or node's own options", () => {
    expect(cliV8Flags(undefined, [])).toEqual(["--no-allocation-site-pretenuring"]);
    for (const given of ["--allocation-site-pretenuring", "--no-allocation-site-pretenuring", "--no_allocation_site_pretenuring", "--allocation_site_pretenuring"]) {
      expect(cliV8Flags(given, []), given).toEqual([]);
      expect(cliV8Flags("", ["--max-old-space-size=4096", given]), given).toEqual([]);
    }
    // other options, or the name inside another word or a value, are not the user's choice of this one
    expect(cliV8Flags("--max-old-space-size=4096 --trace-gc", ["--import", "tsx"])).toEqual(["--no-allocation-site-pretenuring"]);
    expect(cliV8Flags("--title=allocation-site-pretenuring", [])).toEqual(["--no-allocation-site-pretenuring"]);
  });

  it("are always among CLI_V8_FLAGS, and none is set twice whatever else the user gave", () => {
    const option = fc.oneof(fc.constantFrom(...CLI_V8_FLAGS, "--trace-gc", "--max-semi-space-size=64", "--allocation-site-pretenuring"), fc.stringMatching(/^--[a-z_-]{1,20}(=[a-z0-9]{1,4})?$/));
    fc.assert(
      fc.property(fc.array(option, { maxLength: 6 }), fc.array(option, { maxLength: 6 }), (fromEnv, fromArgv) => {
        const flags = cliV8Flags(fromEnv.join(" "), fromArgv);
        expect(new Set(flags).size).toBe(flags.length);
        for (const f of flags) expect(CLI_V8_FLAGS).toContain(f);
        const named = [...fromEnv, ...fromArgv].some((o) => /^--(no[-_])?allocation[-_]site[-_]pretenuring$/.test(o));
        expect(flags.length).toBe(named ? 0 : CLI_V8_FLAGS.length);
      }),
    );
  });

  it("are accepted by this node's V8 (a flag it did not know would be set silently, to no effect)", () => {
    // node refuses an unknown V8 option on its command line: each flag starts a process without complaint
    for (const f of CLI_V8_FLAGS) {
      const r = spawnSync(process.execPath, [f, "-e", "0"], { cwd: ROOT, encoding: "utf8" });
      expect(r.stderr, f).toBe("");
      expect(r.status, f).toBe(0);
    }
  });
});

import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import yargs from "yargs";
import { command } from "../../../harness/cli/commands/compare.ts";
import { CheckFailed, UsageError, failWithUsageError } from "../../../harness/cli/main.ts";
import { failed, ids, runDir, solved } from "./fixtures.ts";
import { parseXml } from "./xml-check.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const base = runDir(ids(10).map((id) => solved(id)));
const worse = runDir(ids(10).map((id, i) => (i < 6 ? failed(id) : solved(id))));
afterAll(() => [base, worse].forEach((d) => rmSync(d, { recursive: true, force: true })));

let stdout: string;
beforeEach(() => {
  stdout = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
});
afterEach(() => vi.restoreAllMocks());

/** Runs the command in-process as the CLI would parse it (with the CLI's failure handler: option values refused by yargs are usage errors). */
async function compare(...args: string[]): Promise<void> {
  await yargs(["compare", ...args])
    .command(command)
    .strict()
    .fail(failWithUsageError)
    .parseAsync();
}

describe("rearrange compare (in process)", () => {
  it("passes a run compared with itself under --fail-on-regression", async () => {
    await compare(base, base, "--fail-on-regression", "--iterations", "300");
    expect(stdout).toMatch(/result: no regression\n$/);
  });

  it("fails a worse run, naming the regressed metrics and episodes, after printing the report", async () => {
    const err = await compare(base, worse, "--fail-on-regression", "--iterations", "300").catch((e) => e);
    expect(err).toBeInstanceOf(CheckFailed);
    expect(err.message).toMatch(/^regression: SR -0\.600 \[.*episodes that got worse: ep00, ep01, ep02, ep03, ep04, ep05$/);
    expect(stdout).toContain("REGRESSION in SR");
  });

  it("reports a regression without failing when the flag is absent", async () => {
    await compare(base, worse, "--reporter", "json", "--iterations", "300");
    expect(JSON.parse(stdout).regressions).toContain("SR");
  });

  it("writes well-formed JUnit XML", async () => {
    await compare(base, worse, "--reporter", "junit", "--iterations", "300");
    expect(parseXml(stdout).attrs.tests).toBe("14");
  });

  it("rejects a bad iteration count and an unknown reporter as usage errors", async () => {
    await expect(compare(base, worse, "--iterations", "0")).rejects.toBeInstanceOf(UsageError);
    await expect(compare(base, worse, "--reporter", "html")).rejects.toThrow(/Invalid values|Choices/);
  });

  it("names a missing run", async () => {
    await expect(compare(base, path.join(base, "nope"))).rejects.toThrow(/nope: no such file or directory/);
  });
});

describe("rearrange compare (process exit codes)", () => {
  const cli = (...args: string[]) => spawnSync(process.execPath, [path.join(ROOT, "bin/rearrange.js"), "compare", ...args], { cwd: ROOT, encoding: "utf8" });

  it("exits 0 for no regression and 1 for a regression, with the reason on stderr", () => {
    const ok = cli(base, base, "--fail-on-regression", "--iterations", "200");
    expect(ok.status, ok.stderr).toBe(0);
    const bad = cli(base, worse, "--fail-on-regression", "--iterations", "200", "--reporter", "markdown");
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/^### rearrange compare: ❌ REGRESSION/);
    expect(bad.stderr).toMatch(/^regression: SR/m);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });
});

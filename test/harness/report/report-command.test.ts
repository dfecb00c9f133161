import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rearrange } from "../viewer/cli.ts";
import { episode, writeRun } from "../trajectory/builders.ts";

describe("rearrange report", () => {
  it("writes the HTML file it prints, beside the run by default or at --out", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "rearrange-report-cmd-"));
    writeRun(dir, [episode({ id: "a-1" }).done().end("done"), episode({ id: "a-2" }).done().end("budget")]);
    const byDefault = rearrange(["report", dir, "--iterations", "200"]);
    expect(byDefault.status).toBe(0);
    expect(byDefault.stdout.trim()).toBe(path.join(dir, "report.html"));
    expect(readFileSync(path.join(dir, "report.html"), "utf8")).toContain('data-chart="families"');
    const out = path.join(dir, "custom.html");
    const compared = rearrange(["report", dir, "--compare", dir, "--out", out, "--iterations", "200"]);
    expect(compared.status).toBe(0);
    expect(readFileSync(out, "utf8")).toContain('data-chart="compare-deltas"');
  }, 120_000);

  it("exits 1 naming the path for a missing run, 2 for bad options", () => {
    const missing = rearrange(["report", "/no/such/run"]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("/no/such/run");
    expect(missing.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync("/no/such/run/report.html")).toBe(false);
    expect(rearrange(["report", "/tmp", "--iterations", "0"]).status).toBe(2);
  }, 120_000);
});

import { describe, expect, it } from "vitest";
import yargs from "yargs";
import { skipHelpPreformatting } from "../../../harness/cli/main.ts";

type Usage = { help(): string; cacheHelpMessage(): void };

/** A CLI with one command; counts how often yargs lays the help text out while it runs `go`. */
async function layoutsWhileRunning(skip: boolean): Promise<{ layouts: number; ran: boolean; help: string }> {
  let ran = false;
  const cli = yargs(["go", "--n", "3"])
    .command("go", "do the thing", (y) => y.option("n", { type: "number" }), async () => {
      ran = true;
    })
    .strict();
  if (skip) skipHelpPreformatting(cli);
  const usage = (cli as unknown as { getInternalMethods(): { getUsageInstance(): Usage } }).getInternalMethods().getUsageInstance();
  let layouts = 0;
  const help = usage.help;
  usage.help = function (this: Usage) {
    layouts++;
    return help.call(this);
  };
  await cli.parseAsync();
  return { layouts, ran, help: await cli.getHelp() };
}

describe("the CLI skips yargs' help layout after a command starts", () => {
  it("yargs (as pinned) lays the help text out while a command runs; with the skip it does not, and the help is still there", async () => {
    const plain = await layoutsWhileRunning(false);
    expect(plain.ran).toBe(true);
    expect(plain.layouts).toBeGreaterThan(0);
    const skipped = await layoutsWhileRunning(true);
    expect(skipped.ran).toBe(true);
    expect(skipped.layouts).toBe(0);
    expect(skipped.help).toContain("do the thing");
  });
});

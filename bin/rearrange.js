#!/usr/bin/env node
// Registers tsx so the CLI and users' `--agent ./agent.ts` files load as TypeScript with no build step.
import { register } from "tsx/esm/api";

register();
// `rearrange run | head` closes stdout early: that is the reader's choice, not an error
process.stdout.on("error", (err) => {
  if (err.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw err;
});
const { main } = await import("../harness/cli/main.ts");
process.exitCode = await main(process.argv.slice(2));

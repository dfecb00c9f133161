#!/usr/bin/env node
// Registers tsx so the CLI and users' `--agent ./agent.ts` files load as TypeScript with no build step.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../harness/cli/main.ts");
process.exitCode = await main(process.argv.slice(2));

import type { CommandModule } from "yargs";
import { command as benchCommand } from "./commands/bench.ts";
import { command as compareCommand } from "./commands/compare.ts";
import { command as exportCommand } from "./commands/export.ts";
import { command as importCommand } from "./commands/import.ts";
import { command as listCommand } from "./commands/list.ts";
import { command as mcpCommand } from "./commands/mcp.ts";
import { command as mergeCommand } from "./commands/merge.ts";
import { command as probeCommand } from "./commands/probe.ts";
import { command as replayCommand } from "./commands/replay.ts";
import { command as reportCommand } from "./commands/report.ts";
import { command as rescoreCommand } from "./commands/rescore.ts";
import { command as runCommand } from "./commands/run.ts";
import { command as schemaCommand } from "./commands/schema.ts";
import { command as validateCommand } from "./commands/validate.ts";
import { command as viewCommand } from "./commands/view.ts";

/**
 * Every top-level command, in help order. A static list rather than a scan of `commands/` at start-up: the CLI
 * then bundles into one precompiled file (see bin/rearrange.js), and a test checks that every command file is here.
 * (`probe cases` is registered by `probe`.)
 */
export const COMMANDS: readonly CommandModule[] = [
  benchCommand, compareCommand, exportCommand, importCommand, listCommand, mcpCommand, mergeCommand, probeCommand, replayCommand, reportCommand, rescoreCommand, runCommand, schemaCommand, validateCommand, viewCommand,
] as unknown as CommandModule[];

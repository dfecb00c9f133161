import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../../harness/cli/command-list.ts";

const COMMANDS_DIR = path.resolve(import.meta.dirname, "../../../harness/cli/commands");

describe("the CLI's command list", () => {
  it("holds every command file's command, once each", async () => {
    const files = readdirSync(COMMANDS_DIR).filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"));
    const exported = [];
    for (const f of files) {
      const mod = (await import(pathToFileURL(path.join(COMMANDS_DIR, f)).href)) as { command?: unknown };
      if (mod.command) exported.push({ file: f, command: mod.command });
    }
    // a new command file that is not in the list would silently be missing from the CLI
    expect(exported.length).toBeGreaterThan(10);
    for (const e of exported) expect(COMMANDS, `${e.file}'s command`).toContain(e.command);
    expect(new Set(COMMANDS).size).toBe(COMMANDS.length);
    expect(COMMANDS.length).toBe(exported.length);
  });

  it("names each command once", () => {
    const names = COMMANDS.map((c) => String(Array.isArray(c.command) ? c.command[0] : c.command).split(" ")[0]);
    expect(new Set(names).size).toBe(names.length);
  });
});

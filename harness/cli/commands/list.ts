import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { CommandModule } from "yargs";
import { readStructuredFile } from "../../../sim/files/read-structured.ts";

/** What `rearrange list` can list. */
export const LISTABLE = ["suites", "agents", "scenes"] as const;
export type Listable = (typeof LISTABLE)[number];

interface ListArgs {
  what: Listable;
  json: boolean;
}

/** One line of a listing: a name, a one-line description and a few facts. */
export interface ListEntry {
  name: string;
  description: string;
  [fact: string]: string | number;
}

/**
 * What is bundled and registered: suites (scenes/suites, with their episode counts), built-in agents
 * (with their one-line descriptions) and scenes (scenes/houses, with room and object counts).
 * A bundled file that cannot be read is listed with the problem as its description, never skipped.
 */
export async function listBundled(what: Listable): Promise<ListEntry[]> {
  if (what === "agents") {
    const { listAgents } = await import("../../../agents/registry.ts");
    return listAgents().map((a) => ({ name: a.name, description: a.description }));
  }
  const { PACKAGE_ROOT } = await import("../../version.ts");
  if (what === "suites") {
    const { BUNDLED_SUITES, listBundledSuites, resolveSuitePath } = await import("../../suite/load.ts");
    return listBundledSuites().map((name) => {
      const file = resolveSuitePath(name);
      const data = readJsonOrYaml(file);
      if ("problem" in data) return { name, description: `(unreadable: ${data.problem})`, episodes: 0, file: path.relative(BUNDLED_SUITES, file) };
      const episodes = Array.isArray(data.value.episodes) ? data.value.episodes.length : 0;
      return { name, description: String(data.value.description ?? ""), episodes, file: path.relative(PACKAGE_ROOT, file) };
    });
  }
  const dir = path.join(PACKAGE_ROOT, "scenes", "houses");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".scene.json"))
    .sort()
    .map((f) => {
      const file = path.join(dir, f);
      const data = readJsonOrYaml(file);
      const name = f.replace(/\.scene\.json$/, "");
      if ("problem" in data) return { name, description: `(unreadable: ${data.problem})`, rooms: 0, objects: 0, file: path.relative(PACKAGE_ROOT, file) };
      const s = data.value;
      return {
        name,
        description: String(s.description ?? s.name ?? ""),
        rooms: Array.isArray(s.rooms) ? s.rooms.length : 0,
        objects: Array.isArray(s.objects) ? s.objects.length : 0,
        file: path.relative(PACKAGE_ROOT, file),
      };
    });
}

function readJsonOrYaml(file: string): { value: Record<string, unknown> } | { problem: string } {
  try {
    const value = readStructuredFile(file) as Record<string, unknown> | null;
    return value && typeof value === "object" ? { value } : { problem: "not an object" };
  } catch (err) {
    return { problem: (err as Error).message.split("\n")[0]! };
  }
}

export const command: CommandModule<object, ListArgs> = {
  command: "list <what>",
  describe: "list bundled suites, registered agents or bundled scenes",
  builder: (y) =>
    y
      .positional("what", { choices: LISTABLE, demandOption: true, describe: "suites, agents or scenes" })
      .option("json", { type: "boolean", default: false, describe: "print JSON instead of a table" }),
  handler: async (argv) => {
    const entries = await listBundled(argv.what);
    if (argv.json) {
      process.stdout.write(`${JSON.stringify(entries, null, 2)}\n`);
      return;
    }
    const { renderTable } = await import("../../reporters/table.ts");
    const facts = [...new Set(entries.flatMap((e) => Object.keys(e)))].filter((k) => k !== "name" && k !== "description" && k !== "file");
    const headers = ["name", ...facts, "description"];
    process.stdout.write(`${renderTable(headers, entries.map((e) => headers.map((h) => e[h] ?? "")))}\n`);
  },
};

/**
 * Importers by format name, as `rearrange import FORMAT SRC --out DIR` spells it. Each entry loads
 * its module only when used, so adding a format is one line here.
 */
import path from "node:path";

/** Options every importer takes; formats may read more (`--split`, …). */
export interface ImportOptions {
  /** Output folder (created when missing). */
  out: string;
  /** Seed of any deterministic choice the importer makes (splits, sampling). */
  seed?: number;
  [option: string]: unknown;
}

/** A file an importer wrote. */
export interface ImportedFile {
  path: string;
  /** What it holds, e.g. "ranking cases (test split)". */
  what: string;
  /** Lines, cases or objects in it. */
  count: number;
}

/** What an import did: every input file is either used or listed as skipped with a reason. */
export interface ImportSummary {
  format: string;
  source: string;
  out: string;
  files: ImportedFile[];
  skipped: Array<{ file: string; where?: string; reason: string }>;
  /** Facts a user should know (splits used, rules applied, counts left out). */
  notes: string[];
}

export type Importer = (src: string, options: ImportOptions) => Promise<ImportSummary>;

/** Formats the CLI names, whether or not an importer is registered for them yet. */
export const IMPORT_FORMATS = ["bddl", "vla3d", "housekeep", "tidybot"] as const;

function lazy(load: () => Promise<Record<string, unknown>>, name: string): Importer {
  return async (src, options) => {
    const mod = await load();
    return (mod[name] as Importer)(src, options);
  };
}

/** Registered importers. */
export const importers: Record<string, Importer> = {
  bddl: lazy(() => import("./bddl/index.ts"), "importBddl"),
  housekeep: lazy(() => import("./housekeep.ts"), "importHousekeep"),
  tidybot: lazy(() => import("./tidybot.ts"), "importTidybot"),
  vla3d: lazy(() => import("./vla3d.ts"), "importVla3d"),
};

/** The summary's own file, listed among the written files but not imported data. */
const SUMMARY_FILE = "import.json";

/**
 * Why an import wrote no data (every written file but the summary holds nothing), or null when it
 * imported something: the skip reasons, most frequent first, so the user sees what was wrong with
 * the source (wrong format, wrong folder, every activity unsupported, …).
 */
export function nothingImported(summary: ImportSummary): string | null {
  const data = summary.files.filter((f) => path.basename(f.path) !== SUMMARY_FILE);
  if (data.some((f) => f.count > 0)) return null;
  const head = `nothing was imported from ${summary.source} as ${summary.format}`;
  if (summary.skipped.length === 0) return `${head}: it holds no ${summary.format} input files`;
  const byReason = new Map<string, Array<ImportSummary["skipped"][number]>>();
  for (const s of summary.skipped) byReason.set(s.reason, [...(byReason.get(s.reason) ?? []), s]);
  const groups = [...byReason.entries()].sort((a, b) => b[1].length - a[1].length);
  const shown = groups.slice(0, 3).map(([reason, items]) => {
    const first = items[0]!;
    return items.length === 1 ? `${first.file}${first.where ? `: ${first.where}` : ""}: ${reason}` : `${reason} (${items.length} entries, e.g. ${first.file})`;
  });
  const rest = groups.length - 3;
  const more = rest > 0 ? `\n  … and ${rest} more reason${rest === 1 ? "" : "s"} (see the summary)` : "";
  const total = summary.skipped.length;
  return `${head}: ${total} ${total === 1 ? "entry was" : "entries were"} skipped:\n${shown.map((s) => `  ${s}`).join("\n")}${more}`;
}

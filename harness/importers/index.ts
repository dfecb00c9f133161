/**
 * Importers by format name, as `rearrange import FORMAT SRC --out DIR` spells it. Each entry loads
 * its module only when used, so adding a format is one line here.
 */

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

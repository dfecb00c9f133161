import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { escapeRegExp } from "../escape-regexp.ts";
import { getLogger } from "../logger.ts";
import { PACKAGE_ROOT } from "../version.ts";
import { bundleBase, bundleKey, DEFAULT_CACHE_DIR, leaseBundle, manifestFile, readManifest, recordedBundle, type SourceStamp } from "./bundle-manifest.js";

/**
 * Worker threads start from one precompiled JavaScript file instead of registering tsx and loading
 * ~150 TypeScript modules through loader hooks (about 1.5 s of CPU per thread), and so does the CLI
 * (bin/rearrange.js, from a bundle of {@link CLI_SOURCE}: reading the manifest needs no TypeScript, see
 * bundle-manifest.js). The file is made at
 * run time with esbuild (a pinned dependency, also the compiler tsx uses) and cached under
 * `node_modules/.cache/rearrange/<entry>-<hash>/`, named by a hash of the exact sources bundled:
 * editing any of them makes the next run rebuild. Nothing is committed and there is no build step.
 * What the sources load lazily (`await import(…)`: built-in agents, the llm agent's client) stays
 * lazy — a chunk of its own — and tsx itself loads only if a TypeScript agent file is imported.
 *
 * Every edit makes a new folder, so each build prunes the others ({@link prune}). Because of those lazy
 * chunks, a process needs its folder until it exits, not only while it starts: each process leases the
 * folders it uses (bundle-manifest.js's leaseBundle; the main thread leases its worker threads' bundle), and
 * a leased folder stays. Of the unleased ones the few most recently used stay too, so switching between
 * branches finds their bundles instead of rebuilding; the rest go, whatever their age.
 */

/** The worker's TypeScript entry and its tsx bootstrap (the fallback when bundling is not possible). */
export const WORKER_SOURCE = fileURLToPath(new URL("./episode-worker.ts", import.meta.url));
export const TSX_BOOTSTRAP = fileURLToPath(new URL("./episode-worker.js", import.meta.url));
/** The CLI's entry: bin/rearrange.js starts from its bundle, made by the same {@link bundleWorker}. */
export const CLI_SOURCE = fileURLToPath(new URL("../cli/main.ts", import.meta.url));

export { DEFAULT_CACHE_DIR };

/**
 * Packages compiled into the bundle instead of imported from node_modules by each thread. A thread that
 * imports them resolves, reads and compiles each of their files as a module of its own (zod alone is
 * ~100 modules): ~150 ms of a thread's ~420 ms start; yargs (the CLI's only) was ~90 ms of every CLI start.
 * None of their values crosses from the simulator to an agent, so an agent file that imports its own copy
 * sees no difference. `three` stays a package import:
 * the world's scene graph reaches agents with `privileged = "full"`, and their `instanceof` checks against
 * their own `three` must hold.
 */
export const INLINED_PACKAGES: readonly string[] = ["cannon-es", "yaml", "zod", "rxjs", "yargs"];
/**
 * Inlined packages whose `exports` name a CommonJS build for Node ahead of their ES module build: the bundle
 * takes the ES module build (path in the package), so that only what is used is compiled in. rxjs's CommonJS
 * index loads every operator: ~75 ms of each CLI start, for the Subject and Observable the runner uses.
 */
const ES_MODULE_BUILDS: Readonly<Record<string, string>> = { rxjs: "dist/esm/index.js" };
/**
 * Unleased bundles of other source versions that pruning keeps: the most recently used, so that going back to
 * a recent branch or edit does not rebuild (a few seconds), while a day of edits does not pile up hundreds of MB.
 */
const KEEP_OTHER_VERSIONS = 3;
/**
 * How long a lease of another machine protects a folder (a cache shared between machines or containers): its
 * process cannot be asked whether it is alive, and a day outlasts any run. Also the age after which a `.tmp`
 * folder is taken for the leftover of a crashed build rather than one being written (a build takes seconds).
 */
const PRUNE_AFTER_MS = 24 * 3600 * 1000;

/** The file a worker thread starts from, and how it was made. */
export interface WorkerEntry {
  file: string;
  /** `bundle`: precompiled JavaScript, no tsx in the thread; `tsx`: the bootstrap that registers tsx. */
  kind: "bundle" | "tsx";
}

export interface BundleOptions {
  /** TypeScript entry to bundle (default: the episode worker). */
  entry?: string;
  /** Cache folder (default: DEFAULT_CACHE_DIR). */
  cacheDir?: string;
}

let warned = false;

/**
 * The file worker threads should start from: the cached bundle (built now if the sources changed),
 * or — when bundling fails or `REARRANGE_WORKER_BUNDLE=0` — the tsx bootstrap, with one warning per process.
 */
export async function workerEntry(options: BundleOptions = {}): Promise<WorkerEntry> {
  if (process.env.REARRANGE_WORKER_BUNDLE === "0") return { file: TSX_BOOTSTRAP, kind: "tsx" };
  try {
    return { file: await bundleWorker(options), kind: "bundle" };
  } catch (err) {
    if (!warned) {
      warned = true;
      getLogger().warn({ err: String((err as Error)?.message ?? err) }, "could not precompile the worker threads' code; they load TypeScript through tsx instead (slower start)");
    }
    return { file: TSX_BOOTSTRAP, kind: "tsx" };
  }
}

/**
 * Path of an up-to-date bundle of `entry`: the cached one when every source it was made from is
 * unchanged, otherwise a fresh one. Unchanged means the same modification time and size as when the
 * bundle was recorded (a stat per source, about 1 ms); when any differs, the sources' content hash
 * decides (reading and hashing them all, 20–40 ms), so a touched but unedited file costs no rebuild.
 * @throws whatever esbuild or the file system throws (the caller falls back to tsx)
 */
export async function bundleWorker(options: BundleOptions = {}): Promise<string> {
  const entry = path.resolve(options.entry ?? WORKER_SOURCE);
  const cacheDir = options.cacheDir ?? DEFAULT_CACHE_DIR;
  const base = bundleBase(entry);
  const manifest = manifestFile(cacheDir, entry);
  // unchanged file times and sizes: the sources are those the recorded bundle was made from (no reading, no hashing)
  // (the cache folder may be shared by checkouts of the same package: only a manifest of this entry and format counts)
  const cached = readManifest(manifest);
  const upToDate = recordedBundle(cached, entry);
  if (upToDate) return leased(upToDate);
  if (cached) {
    // a source that is gone: the entry no longer imports it, or the checkout moved (then: rebuild)
    if (cached.stamps.every((s) => existsSync(s.file))) {
      const sources = cached.stamps.map((s): [string, string] => [s.file, readFileSync(s.file, "utf8")]);
      const file = entryFile(cacheDir, base, hashSources(entry, sources));
      // leased before it is checked and named by the manifest: a prune by another run then sees the lease, or
      // removed the folder already (then the check fails and this run builds)
      if (existsSync(leased(file))) {
        writeAtomic(manifest, manifestText(entry, sources, file));
        return file;
      }
    }
  }
  const built = await build(entry, base);
  const file = entryFile(cacheDir, base, hashSources(entry, built.sources));
  mkdirSync(cacheDir, { recursive: true });
  // write into a private folder, then rename it into place: a run starting at the same moment sees
  // no bundle (and builds its own) or the whole one, never half of it
  const dir = path.dirname(file);
  const tmp = `${dir}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  mkdirSync(tmp);
  for (const out of built.files) writeFileSync(path.join(tmp, out.name), out.text);
  try {
    renameSync(tmp, dir);
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    // another run put the same bundle there first: same sources, same bytes
    if (!existsSync(file)) throw err;
  }
  leaseBundle(file);
  writeAtomic(manifest, manifestText(entry, built.sources, file));
  prune(cacheDir, base, dir);
  return file;
}

/** `file`, leased for this process (see {@link leaseBundle}): the caller starts this process or its threads from it. */
function leased(file: string): string {
  leaseBundle(file);
  return file;
}

function entryFile(cacheDir: string, base: string, hash: string): string {
  return path.join(cacheDir, `${base}-${hash}`, `${base}.mjs`);
}

/** Bundles `entry` with its repository imports; packages stay `import`s that Node resolves at run time. */
async function build(entry: string, base: string): Promise<{ files: Array<{ name: string; text: string }>; sources: Array<[string, string]> }> {
  const esbuild = await import("esbuild");
  const loaded = new Map<string, string>();
  const result = await esbuild.build({
    entryPoints: { [base]: entry },
    absWorkingDir: PACKAGE_ROOT,
    bundle: true,
    // dynamic imports become chunks loaded on demand, as they load on demand from the sources
    splitting: true,
    outdir: "out",
    entryNames: "[name]",
    chunkNames: "chunk-[hash]",
    outExtension: { ".js": ".mjs" },
    platform: "node",
    format: "esm",
    target: `node${process.versions.node.split(".")[0]}`,
    // packages stay imports (Node resolves them as the sources' own imports), but for INLINED_PACKAGES
    mainFields: ["module", "main"],
    // an inlined package's CommonJS files call require() (yaml: "process", "buffer"); an ES module has none of its own
    banner: { js: 'import { createRequire as __bundleCreateRequire } from "node:module";\nconst require = __bundleCreateRequire(import.meta.url);' },
    metafile: true,
    write: false,
    logLevel: "silent",
    legalComments: "none",
    plugins: [
      {
        name: "lazy-tsx",
        setup(b) {
          // loadAgent imports tsx's tsImport statically; in a worker it is needed only for a TypeScript agent file
          b.onResolve({ filter: /^tsx\/esm\/api$/ }, (args) => (args.kind === "import-statement" ? { path: "lazy-tsx", namespace: "lazy-tsx" } : undefined));
          b.onLoad({ filter: /.*/, namespace: "lazy-tsx" }, () => ({
            contents: 'export async function tsImport(...args) { return (await import("tsx/esm/api")).tsImport(...args); }',
            loader: "js",
            resolveDir: PACKAGE_ROOT,
          }));
        },
      },
      {
        name: "es-module-builds",
        setup(b) {
          const requireHere = createRequire(path.join(PACKAGE_ROOT, "package.json"));
          for (const [name, file] of Object.entries(ES_MODULE_BUILDS)) {
            const filter = new RegExp(`^${escapeRegExp(name)}$`);
            b.onResolve({ filter }, () => ({ path: path.join(path.dirname(requireHere.resolve(`${name}/package.json`)), file) }));
          }
        },
      },
      {
        // after lazy-tsx, which takes tsx/esm/api first
        name: "external-packages",
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("node:") || !INLINED_PACKAGES.includes(packageName(args.path)) ? { path: args.path, external: true } : undefined));
        },
      },
      {
        name: "source-location",
        setup(b) {
          // every module keeps the import.meta of its source file (version.ts reads ../package.json through it)
          b.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => {
            const text = readFileSync(args.path, "utf8");
            loaded.set(args.path, text);
            return { contents: withSourceLocation(text, args.path), loader: loaderOf(args.path), resolveDir: path.dirname(args.path) };
          });
        },
      },
    ],
  });
  const inputs = Object.keys(result.metafile.inputs)
    .filter((f) => !f.includes(":"))
    .map((f) => path.resolve(PACKAGE_ROOT, f));
  const sources = inputs.map((f): [string, string] => [f, loaded.get(f) ?? readFileSync(f, "utf8")]);
  // esbuild compiles with the entry's tsconfig (class fields, target): it is recorded and stamped like a source,
  // so that editing it makes the next start rebuild instead of trusting a bundle compiled with the old settings
  const tsconfig = tsconfigOf(entry);
  if (tsconfig) sources.push([tsconfig, readFileSync(tsconfig, "utf8")]);
  return { files: result.outputFiles.map((o) => ({ name: path.basename(o.path), text: o.text })), sources };
}

/**
 * Replaces `import.meta.url|dirname|filename` in code with the source file's own values. An occurrence right
 * after a quote is text, not code (this function's own patterns), and is left alone.
 */
export function withSourceLocation(text: string, file: string): string {
  const values: Record<string, string> = { url: pathToFileURL(file).href, dirname: path.dirname(file), filename: file };
  return text.replace(/(?<!["'`\w.])import\.meta\.(url|dirname|filename)\b/g, (_, key: string) => JSON.stringify(values[key]));
}

function loaderOf(file: string): "ts" | "tsx" | "js" | "jsx" {
  const ext = path.extname(file);
  if (ext === ".tsx" || ext === ".jsx") return ext.slice(1) as "tsx" | "jsx";
  return /ts$/.test(ext) ? "ts" : "js";
}

/** The tsconfig.json esbuild applies to `entry`: the nearest one in its folder or above, or null. */
function tsconfigOf(entry: string): string | null {
  for (let dir = path.dirname(entry); ; dir = path.dirname(dir)) {
    const file = path.join(dir, "tsconfig.json");
    if (existsSync(file)) return file;
    if (path.dirname(dir) === dir) return null;
  }
}

/** Hash of everything the bundle depends on: its sources' paths and contents (its tsconfig among them), esbuild and the options. */
function hashSources(entry: string, sources: Array<[string, string]>): string {
  const h = createHash("sha256");
  h.update(`${bundleKey(entry)}\0`);
  for (const [f, text] of [...sources].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) h.update(`\0${f}\0${text}`);
  return h.digest("hex").slice(0, 16);
}

/**
 * The manifest of a bundle made from `sources` (path and the text that went in). Each file is stamped only
 * if it still holds that text after its stat: a source edited since it was read gets a stamp that matches
 * nothing, so the next run hashes it instead of trusting the bundle.
 */
function manifestText(entry: string, sources: ReadonlyArray<readonly [string, string]>, bundle: string): string {
  const stamps = sources.map(([f, text]): SourceStamp => {
    const st = statSync(f);
    const same = readFileSync(f, "utf8") === text;
    return { file: f, mtimeMs: same ? st.mtimeMs : -1, size: same ? st.size : -1 };
  });
  return `${JSON.stringify({ key: bundleKey(entry), bundle, sources: stamps })}\n`;
}

/** `zod` of `zod/v4/core`, `@scope/pkg` of `@scope/pkg/sub`. */
export function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

function writeAtomic(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

/**
 * Removes bundles of `base` that no process needs (best effort): of the folders of other source versions than
 * `keep`, those without a live lease ({@link hasLiveLease}) but the {@link KEEP_OTHER_VERSIONS} most recently
 * used, and leftovers of crashed builds. Exported with its clock and host name as parameters for the tests.
 */
export function prune(cacheDir: string, base: string, keep: string, now = Date.now(), host = os.hostname()): void {
  let names: string[];
  try {
    names = readdirSync(cacheDir);
  } catch {
    return;
  }
  // the exact names this bundler gives (`<base>-<hex hash>`): a bare prefix would take another entry's bundles
  // (base `act` and the bundles of `act-time`)
  const escaped = escapeRegExp(base);
  const version = new RegExp(`^${escaped}-[0-9a-f]+$`);
  const building = new RegExp(`^${escaped}-[0-9a-f]+\\..*\\.tmp$`);
  const unleased: Array<{ dir: string; usedMs: number }> = [];
  for (const name of names) {
    const dir = path.join(cacheDir, name);
    if (path.resolve(dir) === path.resolve(keep)) continue;
    try {
      if (building.test(name)) {
        if (now - statSync(dir).mtimeMs > PRUNE_AFTER_MS) rmSync(dir, { recursive: true, force: true });
      } else if (version.test(name) && !hasLiveLease(dir, now, host)) {
        unleased.push({ dir, usedMs: lastUsedMs(dir) });
      }
    } catch {
      // gone meanwhile (another run pruned it): nothing to do
    }
  }
  unleased.sort((a, b) => b.usedMs - a.usedMs);
  for (const { dir } of unleased.slice(KEEP_OTHER_VERSIONS)) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // read-only, or another run removed it first: harmless
    }
  }
}

/**
 * When a bundle folder was last used: built, or a process started or ended using it. The folder's own time
 * changes only when its files are written (and when `.leases` is made, on the first use); each lease made or
 * released changes the `.leases` folder's time.
 */
function lastUsedMs(dir: string): number {
  const own = statSync(dir).mtimeMs;
  try {
    return Math.max(own, statSync(path.join(dir, ".leases")).mtimeMs);
  } catch {
    return own;
  }
}

/**
 * Whether a process may still load files from the bundle folder `dir`: one of its leases (`<hostname>-<pid>`)
 * names a process of this machine that is alive, or was made less than {@link PRUNE_AFTER_MS} ago on another
 * machine. A reused pid looks alive: the folder then stays a while longer, which is harmless. Leases of dead
 * processes are left in place, not deleted: deleting one would change `.leases`'s time, which {@link lastUsedMs}
 * reads as a use; they go with their folder.
 */
function hasLiveLease(dir: string, now: number, host: string): boolean {
  let names: string[];
  try {
    names = readdirSync(path.join(dir, ".leases"));
  } catch {
    return false;
  }
  for (const name of names) {
    const m = /^(.*)-(\d+)$/.exec(name);
    if (!m) continue;
    if (m[1] === host) {
      if (isAlive(Number(m[2]))) return true;
    } else {
      try {
        if (now - statSync(path.join(dir, ".leases", name)).mtimeMs < PRUNE_AFTER_MS) return true;
      } catch {
        // released meanwhile
      }
    }
  }
  return false;
}

/** Whether process `pid` of this machine exists (signal 0 checks without sending; EPERM: it exists, owned by another user). */
function isAlive(pid: number): boolean {
  // 0 and negative numbers would name process groups
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

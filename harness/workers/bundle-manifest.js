// Plain JavaScript on purpose: bin/rearrange.js reads a bundle's manifest before anything can load TypeScript.
// The bundles themselves are made by worker-bundle.ts (with esbuild), which records these manifests.
import { existsSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isMainThread } from "node:worker_threads";

/** Bumped when the bundling options change, so a cache made with other options is not reused. */
export const BUNDLE_FORMAT = "3";

/** The package's root folder (where package.json and node_modules are). */
const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Where bundles live: inside the package's own node_modules, so a bundle's bare imports (three, piscina…) resolve as the sources' do. */
export const DEFAULT_CACHE_DIR = path.join(PACKAGE_ROOT, "node_modules", ".cache", "rearrange");

/**
 * The manifest file of `entry`'s bundle in `cacheDir`: named by the entry's file name without extension.
 * @param {string} cacheDir
 * @param {string} entry
 */
export function manifestFile(cacheDir, entry) {
  return path.join(cacheDir, `${bundleBase(entry)}.inputs.json`);
}

/**
 * The name of `entry`'s bundle files: its file name without extension.
 * @param {string} entry
 */
export function bundleBase(entry) {
  return path.basename(entry).replace(/\.[cm]?[jt]sx?$/, "");
}

/**
 * What a manifest's bundle was made with besides its sources: the entry, the bundling format, esbuild and Node's major version.
 * @param {string} entry absolute path of the bundled entry
 */
export function bundleKey(entry) {
  return `${BUNDLE_FORMAT}\0${esbuildVersion()}\0${process.versions.node.split(".")[0]}\0${entry}`;
}

function esbuildVersion() {
  try {
    return JSON.parse(readFileSync(path.join(PACKAGE_ROOT, "node_modules", "esbuild", "package.json"), "utf8")).version;
  } catch {
    return "?";
  }
}

/**
 * What the manifest records: the entry's key, the bundle, and every source with its time and size. Null when missing or unreadable.
 * @param {string} file
 * @returns {{ key: string; stamps: { file: string; mtimeMs: number; size: number }[]; bundle: string } | null}
 */
export function readManifest(file) {
  try {
    const { key, bundle, sources } = JSON.parse(readFileSync(file, "utf8")) ?? {};
    if (typeof key !== "string" || typeof bundle !== "string" || !Array.isArray(sources) || !sources.every(isStamp)) return null;
    return { key, stamps: sources, bundle };
  } catch {
    return null;
  }
}

/** @param {any} s */
function isStamp(s) {
  return typeof s === "object" && s !== null && typeof s.file === "string" && typeof s.mtimeMs === "number" && typeof s.size === "number";
}

/**
 * True when the file's modification time and size are those recorded.
 * @param {{ file: string; mtimeMs: number; size: number }} s
 */
function sameStamp(s) {
  try {
    const st = statSync(s.file);
    return st.mtimeMs === s.mtimeMs && st.size === s.size;
  } catch {
    return false;
  }
}

/**
 * The recorded bundle of `entry` when it is certainly up to date — same key, and every source it was made from
 * has the time and size it had (a stat per source, about 1 ms in all) — else null (the bundler decides then).
 * @param {string} cacheDir
 * @param {string} entry absolute path of the bundled entry
 * @returns {string | null}
 */
export function upToDateBundle(cacheDir, entry) {
  return recordedBundle(readManifest(manifestFile(cacheDir, entry)), entry);
}

/**
 * {@link upToDateBundle} of a manifest already read: its bundle when it is `entry`'s, exists, and every
 * recorded source still has its time and size; else null.
 * @param {{ key: string; stamps: { file: string; mtimeMs: number; size: number }[]; bundle: string } | null} cached
 * @param {string} entry absolute path of the bundled entry
 * @returns {string | null}
 */
export function recordedBundle(cached, entry) {
  if (!cached || cached.key !== bundleKey(entry) || !existsSync(cached.bundle)) return null;
  return cached.stamps.every(sameStamp) ? cached.bundle : null;
}

/** Lease files this thread made (one per bundle folder), removed when the process exits. */
const leases = new Set();
let releaseAtExit = false;

/**
 * Records that this process uses the bundle whose entry file is `bundleFile`: an empty file
 * `<bundle folder>/.leases/<hostname>-<pid>`. A bundle's lazy chunks (`await import(…)`) load from its folder
 * long after the start, so the bundler's pruning (worker-bundle.ts) must not remove a folder a live process
 * started from, however old. The lease is removed when the process exits normally; one left by a crash names
 * a dead pid and protects nothing. Cheap (a mkdir and an empty write, once per folder per process) and never
 * throws: a lease that cannot be written (read-only cache) only leaves the folder unprotected.
 * @param {string} bundleFile
 * @returns {void}
 */
export function leaseBundle(bundleFile) {
  try {
    const dir = path.join(path.dirname(bundleFile), ".leases");
    const file = path.join(dir, `${os.hostname()}-${process.pid}`);
    if (leases.has(file)) return;
    try {
      // not recursive: a bundle folder that is gone must not come back as an empty one (a build renaming its
      // finished folder into that place would then fail)
      mkdirSync(dir);
    } catch (err) {
      if (err?.code !== "EEXIST") return;
    }
    writeFileSync(file, "");
    leases.add(file);
    // a worker thread's exit is not the process's: another thread may hold the same lease file and still use
    // the folder. A thread's lease stays until the process is gone, then counts as dead.
    if (isMainThread && !releaseAtExit) {
      releaseAtExit = true;
      process.on("exit", releaseLeases);
    }
  } catch {
    // leasing must never stop a start
  }
}

function releaseLeases() {
  for (const file of leases) {
    try {
      unlinkSync(file);
    } catch {
      // already gone: pruned with its folder, or released by another copy of this module
    }
  }
}

import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { leaseBundle } from "../../../harness/workers/bundle-manifest.js";
import { prune } from "../../../harness/workers/worker-bundle.ts";

const HOUR = 3600 * 1000;
const REPO = path.resolve(import.meta.dirname, "../../..");
const MANIFEST_MODULE = pathToFileURL(path.join(REPO, "harness/workers/bundle-manifest.js")).href;
const BUNDLER_MODULE = pathToFileURL(path.join(REPO, "harness/workers/worker-bundle.ts")).href;

/** A lease file's name as leaseBundle writes it: `<hostname>-<pid>`. */
type Lease = { name: string; ageHours?: number };

/** The hex hash part of a bundle folder's name, as the bundler makes them (16 hex digits). */
function hash(i: number): string {
  return i.toString(16).padStart(16, "0");
}

function setAge(file: string, ageHours: number): void {
  const t = new Date(Date.now() - ageHours * HOUR);
  utimesSync(file, t, t);
}

/**
 * A fake bundle folder `<base>-<hash>` in `cacheDir` (entry file and a lazy chunk), last changed `ageHours` ago, with
 * the given lease files. The `.leases` folder gets the bundle folder's age (as if its last lease was made then).
 */
function bundle(cacheDir: string, name: string, ageHours: number, leases: Lease[] = []): string {
  const dir = path.join(cacheDir, name);
  mkdirSync(dir);
  const base = name.replace(/-[0-9a-f]+(\..*)?$/, "");
  writeFileSync(path.join(dir, `${base}.mjs`), "export default 1;\n");
  writeFileSync(path.join(dir, "chunk-ABC.mjs"), "export const lazy = 1;\n");
  if (leases.length > 0) {
    mkdirSync(path.join(dir, ".leases"));
    for (const l of leases) {
      const file = path.join(dir, ".leases", l.name);
      writeFileSync(file, "");
      setAge(file, l.ageHours ?? ageHours);
    }
    setAge(path.join(dir, ".leases"), ageHours);
  }
  // last: writing into the folder changes its time
  setAge(dir, ageHours);
  return dir;
}

function cache(): string {
  return mkdtempSync(path.join(os.tmpdir(), "bundle-prune-"));
}

function listed(cacheDir: string): string[] {
  return readdirSync(cacheDir).sort();
}

/** The pid of a process that has exited (reuse by a new process before the test ends is unlikely). */
function deadPid(): number {
  const r = spawnSync(process.execPath, ["-e", ""]);
  expect(r.status).toBe(0);
  return r.pid!;
}

describe("pruning the bundle cache by use", () => {
  const host = os.hostname();
  const self: Lease = { name: `${host}-${process.pid}` };
  let dead: Lease;
  beforeAll(() => {
    dead = { name: `${host}-${deadPid()}` };
  });

  it("keeps the 3 most recently used other versions and the current one, removes the rest, and leaves other entries alone", () => {
    const dir = cache();
    const keep = bundle(dir, `entry-${hash(100)}`, 200);
    for (let i = 1; i <= 6; i++) bundle(dir, `entry-${hash(i)}`, i);
    // another entry whose name starts like this one's, and another entry altogether: not this entry's versions
    bundle(dir, `entry-time-${hash(7)}`, 300);
    bundle(dir, `other-${hash(8)}`, 300);
    writeFileSync(path.join(dir, "entry.inputs.json"), "{}");
    prune(dir, "entry", keep);
    expect(listed(dir)).toEqual(
      [`entry-${hash(100)}`, `entry-${hash(1)}`, `entry-${hash(2)}`, `entry-${hash(3)}`, `entry-time-${hash(7)}`, "entry.inputs.json", `other-${hash(8)}`].sort(),
    );
  });

  it("keeps a folder this process leased however old, without counting it among the 3", () => {
    const dir = cache();
    const keep = bundle(dir, `entry-${hash(100)}`, 0);
    const mine = bundle(dir, `entry-${hash(50)}`, 500, [self]);
    for (let i = 1; i <= 4; i++) bundle(dir, `entry-${hash(i)}`, i);
    prune(dir, "entry", keep);
    expect(existsSync(mine)).toBe(true);
    expect(listed(dir)).toEqual([`entry-${hash(1)}`, `entry-${hash(2)}`, `entry-${hash(3)}`, `entry-${hash(50)}`, `entry-${hash(100)}`].sort());
  });

  it("removes a folder whose only lease names a dead process of this machine", () => {
    const dir = cache();
    const keep = bundle(dir, `entry-${hash(100)}`, 0);
    const stale = bundle(dir, `entry-${hash(50)}`, 30, [dead]);
    for (let i = 1; i <= 3; i++) bundle(dir, `entry-${hash(i)}`, i);
    prune(dir, "entry", keep);
    expect(existsSync(stale)).toBe(false);
    expect(listed(dir)).toEqual([`entry-${hash(1)}`, `entry-${hash(2)}`, `entry-${hash(3)}`, `entry-${hash(100)}`].sort());
  });

  it("a lease of another machine protects for 24 h after it was made", () => {
    const dir = cache();
    const keep = bundle(dir, `entry-${hash(100)}`, 0);
    const young = bundle(dir, `entry-${hash(50)}`, 40, [{ name: "build-box-2-4242", ageHours: 23 }]);
    const old = bundle(dir, `entry-${hash(51)}`, 40, [{ name: "build-box-2-4242", ageHours: 25 }]);
    for (let i = 1; i <= 3; i++) bundle(dir, `entry-${hash(i)}`, i);
    prune(dir, "entry", keep);
    expect(existsSync(young)).toBe(true);
    expect(existsSync(old)).toBe(false);
  });

  it("counts a lease made or released as a use: an old build used lately outranks newer builds", () => {
    const dir = cache();
    const keep = bundle(dir, `entry-${hash(100)}`, 0);
    // built two days ago, last run (and its lease released) half an hour ago: a branch switched back to
    const used = bundle(dir, `entry-${hash(50)}`, 48);
    mkdirSync(path.join(used, ".leases"));
    setAge(path.join(used, ".leases"), 0.5);
    setAge(used, 48);
    for (let i = 1; i <= 3; i++) bundle(dir, `entry-${hash(i)}`, i);
    prune(dir, "entry", keep);
    expect(existsSync(used)).toBe(true);
    expect(existsSync(path.join(dir, `entry-${hash(3)}`))).toBe(false);
  });

  it("leaves a build's folder being written, removes one a crashed build left a day ago", () => {
    const dir = cache();
    const keep = bundle(dir, `entry-${hash(100)}`, 0);
    const writing = bundle(dir, `entry-${hash(1)}.123.abc.tmp`, 0.01);
    const crashed = bundle(dir, `entry-${hash(2)}.456.def.tmp`, 30);
    prune(dir, "entry", keep);
    expect(existsSync(writing)).toBe(true);
    expect(existsSync(crashed)).toBe(false);
  });

  it("does nothing (and does not throw) when the cache folder is missing", () => {
    const dir = path.join(cache(), "missing");
    expect(() => prune(dir, "entry", path.join(dir, `entry-${hash(1)}`))).not.toThrow();
    expect(existsSync(dir)).toBe(false);
  });

  it("property: keeps exactly the current folder, the live-leased ones, and the 3 most recently used of the rest", () => {
    const leaseKinds = ["none", "self", "dead", "otherYoung", "otherOld"] as const;
    type Kind = (typeof leaseKinds)[number];
    const leasesOf = (kind: Kind): Lease[] =>
      kind === "self" ? [self] : kind === "dead" ? [dead] : kind === "otherYoung" ? [{ name: "elsewhere-7", ageHours: 2 }] : kind === "otherOld" ? [{ name: "elsewhere-7", ageHours: 30 }] : [];
    fc.assert(
      fc.property(
        // distinct ages in minutes (no ties in "most recently used"), each with the kind of lease its folder holds
        fc.uniqueArray(fc.integer({ min: 1, max: 5000 }), { maxLength: 9 }).chain((ages) =>
          fc.tuple(fc.constant(ages), fc.array(fc.constantFrom(...leaseKinds), { minLength: ages.length, maxLength: ages.length }), fc.nat({ max: 6000 })),
        ),
        ([ages, kinds, keepAge]) => {
          const dir = cache();
          const keep = bundle(dir, `entry-${hash(999)}`, keepAge / 60);
          const folders = ages.map((age, i) => ({ name: `entry-${hash(i)}`, age, kind: kinds[i]! }));
          for (const f of folders) bundle(dir, f.name, f.age / 60, leasesOf(f.kind));
          prune(dir, "entry", keep);
          const live = folders.filter((f) => f.kind === "self" || f.kind === "otherYoung");
          const newest = folders
            .filter((f) => !live.includes(f))
            .sort((a, b) => a.age - b.age)
            .slice(0, 3);
          expect(listed(dir)).toEqual([path.basename(keep), ...[...live, ...newest].map((f) => f.name)].sort());
        },
      ),
    );
  });
});

describe("leaseBundle", () => {
  it("records this process's use of a bundle folder in <folder>/.leases/<hostname>-<pid>, and the lease keeps it", () => {
    const dir = cache();
    const mine = bundle(dir, `entry-${hash(50)}`, 100);
    leaseBundle(path.join(mine, "entry.mjs"));
    leaseBundle(path.join(mine, "entry.mjs"));
    expect(readdirSync(path.join(mine, ".leases"))).toEqual([`${os.hostname()}-${process.pid}`]);
    setAge(mine, 100);
    setAge(path.join(mine, ".leases"), 100);
    const keep = bundle(dir, `entry-${hash(100)}`, 0);
    for (let i = 1; i <= 3; i++) bundle(dir, `entry-${hash(i)}`, i);
    prune(dir, "entry", keep);
    expect(existsSync(mine)).toBe(true);
  });

  it("a process that leased a bundle and exits normally leaves no lease behind", () => {
    const dir = cache();
    const folder = bundle(dir, `entry-${hash(1)}`, 1);
    const file = path.join(folder, "entry.mjs");
    const script = [
      `import { readdirSync } from "node:fs";`,
      `import { leaseBundle } from ${JSON.stringify(MANIFEST_MODULE)};`,
      `leaseBundle(${JSON.stringify(file)});`,
      `console.log(JSON.stringify({ pid: process.pid, leases: readdirSync(${JSON.stringify(path.join(folder, ".leases"))}) }));`,
    ].join("\n");
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    const seen = JSON.parse(r.stdout) as { pid: number; leases: string[] };
    // leased while it ran, released when it ended
    expect(seen.leases).toEqual([`${os.hostname()}-${seen.pid}`]);
    expect(readdirSync(path.join(folder, ".leases"))).toEqual([]);
  });

  it("bundleWorker leases the bundle it returns, whether it built it, trusted the manifest or found it by hash", () => {
    const src = mkdtempSync(path.join(os.tmpdir(), "bundle-src-"));
    const entry = path.join(src, "entry.ts");
    writeFileSync(entry, `export default (): number => 1;\n`);
    const cacheDir = cache();
    // each in a process of its own: a process leases a folder once, and releases it when it exits
    const run = (): { file: string; pid: number; leases: string[] } => {
      const script = [
        `import { readdirSync } from "node:fs";`,
        `import path from "node:path";`,
        `import { bundleWorker } from ${JSON.stringify(BUNDLER_MODULE)};`,
        `const file = await bundleWorker({ entry: ${JSON.stringify(entry)}, cacheDir: ${JSON.stringify(cacheDir)} });`,
        `console.log(JSON.stringify({ file, pid: process.pid, leases: readdirSync(path.join(path.dirname(file), ".leases")) }));`,
      ].join("\n");
      const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: REPO, encoding: "utf8" });
      expect(r.status, r.stderr).toBe(0);
      return JSON.parse(r.stdout.trim().split("\n").at(-1)!);
    };
    const built = run();
    expect(built.leases).toEqual([`${os.hostname()}-${built.pid}`]);
    const trusted = run();
    expect(trusted.file).toBe(built.file);
    expect(trusted.leases).toEqual([`${os.hostname()}-${trusted.pid}`]);
    // a new time, the same content: the manifest is not trusted, the sources' hash finds the same bundle
    setAge(entry, -1);
    const hashed = run();
    expect(hashed.file).toBe(built.file);
    expect(hashed.leases).toEqual([`${os.hostname()}-${hashed.pid}`]);
    expect(readdirSync(path.join(path.dirname(built.file), ".leases"))).toEqual([]);
  });

  it("never throws: a missing bundle folder (not made by the lease), an unwritable one", () => {
    const dir = cache();
    const missing = path.join(dir, `entry-${hash(1)}`, "entry.mjs");
    expect(() => leaseBundle(missing)).not.toThrow();
    // a lease must not make the folder: a build renaming its finished folder into place would then fail
    expect(existsSync(path.dirname(missing))).toBe(false);

    // `.leases` taken by a file: nothing can be written under it, even by root (who ignores permissions)
    const blocked = bundle(dir, `entry-${hash(2)}`, 1);
    writeFileSync(path.join(blocked, ".leases"), "");
    expect(() => leaseBundle(path.join(blocked, "entry.mjs"))).not.toThrow();

    // a read-only folder (effective when the tests do not run as root)
    const readOnly = bundle(dir, `entry-${hash(3)}`, 1);
    chmodSync(readOnly, 0o555);
    try {
      expect(() => leaseBundle(path.join(readOnly, "entry.mjs"))).not.toThrow();
    } finally {
      chmodSync(readOnly, 0o755);
    }
  });
});

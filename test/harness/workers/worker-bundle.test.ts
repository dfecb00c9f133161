import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { getLogger, setLogger } from "../../../harness/logger.ts";
import { upToDateBundle } from "../../../harness/workers/bundle-manifest.js";
import { bundleWorker, CLI_SOURCE, INLINED_PACKAGES, packageName, TSX_BOOTSTRAP, withSourceLocation, workerEntry, WORKER_SOURCE } from "../../../harness/workers/worker-bundle.ts";

/** A small module graph in a temp folder: entry → dep, plus a lazily imported module with a side effect. */
function writeSources(depValue: string): { dir: string; entry: string; dep: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bundle-src-"));
  const entry = path.join(dir, "entry.ts");
  const dep = path.join(dir, "dep.ts");
  writeFileSync(dep, `export const value: string = ${JSON.stringify(depValue)};\n`);
  writeFileSync(path.join(dir, "lazy.ts"), `(globalThis as Record<string, unknown>).lazyLoaded = true;\nexport const lazy = 1;\n`);
  writeFileSync(
    entry,
    [
      `import { value } from "./dep.ts";`,
      `export const where: string = import.meta.url;`,
      `export const dirname: string = import.meta.dirname;`,
      `export const loadLazy = () => import("./lazy.ts");`,
      `export default function read(): string { return value; }`,
      "",
    ].join("\n"),
  );
  return { dir, entry, dep };
}

/** Packages a bundle file imports statically, following its static imports of its own chunks. */
function staticPackages(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const text = readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s[^;]*?from\s*"([^"]+)";/gms)) {
    const spec = m[1]!;
    if (spec.startsWith("./")) out.push(...staticPackages(path.join(path.dirname(file), spec), seen));
    else if (!spec.startsWith("node:")) out.push(spec);
  }
  for (const m of text.matchAll(/^import\s*"([^"]+)";/gm)) if (m[1]!.startsWith("./")) out.push(...staticPackages(path.join(path.dirname(file), m[1]!), seen));
  return [...new Set(out)];
}

/** Imports a bundle afresh (a query string makes Node treat each as a new module). */
async function load(file: string): Promise<Record<string, unknown> & { default: () => string }> {
  return import(`${pathToFileURL(file).href}?t=${Math.random()}`);
}

describe("worker bundle cache", () => {
  const savedLogger = getLogger();
  const savedEnv = process.env.REARRANGE_WORKER_BUNDLE;
  afterEach(() => {
    setLogger(savedLogger);
    if (savedEnv === undefined) delete process.env.REARRANGE_WORKER_BUNDLE;
    else process.env.REARRANGE_WORKER_BUNDLE = savedEnv;
  });

  it("reuses the bundle while the sources are unchanged and rebuilds when one changes", async () => {
    const { entry, dep } = writeSources("first");
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), "bundle-cache-"));
    const a = await bundleWorker({ entry, cacheDir });
    expect((await load(a)).default()).toBe("first");
    const builtAt = statSync(a).mtimeMs;
    const again = await bundleWorker({ entry, cacheDir });
    expect(again).toBe(a);
    expect(statSync(again).mtimeMs).toBe(builtAt);

    // a change in an imported file (not the entry) must reach the threads
    writeFileSync(dep, `export const value: string = "second";\n`);
    const b = await bundleWorker({ entry, cacheDir });
    expect(b).not.toBe(a);
    expect((await load(b)).default()).toBe("second");

    // the name is a hash of contents: going back to the old source finds the old bundle
    writeFileSync(dep, `export const value: string = "first";\n`);
    expect(await bundleWorker({ entry, cacheDir })).toBe(a);
    expect(readdirSync(cacheDir).filter((f) => f.startsWith("entry-")).length).toBe(2);
  });

  it("trusts file times and sizes: a touched but unchanged source reuses the bundle, an edit of the same size rebuilds", async () => {
    const { entry, dep } = writeSources("aaaa");
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), "bundle-cache-"));
    const a = await bundleWorker({ entry, cacheDir });
    const builtAt = statSync(a).mtimeMs;
    // a new time, the same content: hashed, found, not rebuilt
    const later = new Date(Date.now() + 5_000);
    utimesSync(dep, later, later);
    expect(await bundleWorker({ entry, cacheDir })).toBe(a);
    expect(statSync(a).mtimeMs).toBe(builtAt);
    // the same size, other content, another time: rebuilt from the new content
    writeFileSync(dep, `export const value: string = "bbbb";\n`);
    const b = await bundleWorker({ entry, cacheDir });
    expect(b).not.toBe(a);
    expect((await load(b)).default()).toBe("bbbb");
  });

  it("rebuilds when the tsconfig that compiles the sources changes, though no source did", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "bundle-src-"));
    const entry = path.join(dir, "entry.ts");
    // with ES2022 define semantics `x` is defined (as undefined) before `y`; with assignment semantics `y` comes first
    writeFileSync(entry, `class C { x: number; y = 2; constructor() { this.x = 1; } }\nexport default function read(): string { return Object.keys(new C()).join(); }\n`);
    const tsconfig = (define: boolean) => writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { target: "ES2022", useDefineForClassFields: define } }));
    tsconfig(true);
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), "bundle-cache-"));
    const a = await bundleWorker({ entry, cacheDir });
    expect((await load(a)).default()).toBe("x,y");
    expect(upToDateBundle(cacheDir, entry)).toBe(a);
    tsconfig(false);
    // what bin/rearrange.js trusts without bundling no longer names the old bundle
    expect(upToDateBundle(cacheDir, entry)).toBeNull();
    const b = await bundleWorker({ entry, cacheDir });
    expect(b).not.toBe(a);
    expect((await load(b)).default()).toBe("y,x");
  });

  it("never takes the bundle of another checkout sharing the cache folder (same entry name, other path)", async () => {
    const one = writeSources("one");
    const two = writeSources("two");
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), "bundle-cache-"));
    for (let round = 0; round < 2; round++) {
      expect((await load(await bundleWorker({ entry: one.entry, cacheDir }))).default()).toBe("one");
      expect((await load(await bundleWorker({ entry: two.entry, cacheDir }))).default()).toBe("two");
    }
  });

  it("rebuilds when a recorded source is gone (the entry no longer imports it)", async () => {
    const { entry, dep } = writeSources("before");
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), "bundle-cache-"));
    await bundleWorker({ entry, cacheDir });
    writeFileSync(entry, readFileSync(entry, "utf8").replace(`import { value } from "./dep.ts";`, `const value: string = "inlined";`));
    rmSync(dep);
    expect((await load(await bundleWorker({ entry, cacheDir }))).default()).toBe("inlined");
  });

  it("rebuilds when the cache's source list is damaged", async () => {
    const { entry } = writeSources("x");
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), "bundle-cache-"));
    const a = await bundleWorker({ entry, cacheDir });
    writeFileSync(path.join(cacheDir, "entry.inputs.json"), "not json");
    expect(await bundleWorker({ entry, cacheDir })).toBe(a);
    expect(existsSync(a)).toBe(true);
  });

  it("keeps each module's import.meta and keeps dynamic imports lazy", async () => {
    const { dir, entry } = writeSources("x");
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), "bundle-cache-"));
    const g = globalThis as Record<string, unknown>;
    delete g.lazyLoaded;
    const mod = await load(await bundleWorker({ entry, cacheDir }));
    expect(mod.where).toBe(pathToFileURL(entry).href);
    expect(mod.dirname).toBe(dir);
    expect(g.lazyLoaded).toBeUndefined();
    await (mod.loadLazy as () => Promise<unknown>)();
    expect(g.lazyLoaded).toBe(true);
  });

  it("bundles the real episode worker; tsx and the llm client are not loaded up front", async () => {
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), "bundle-cache-"));
    const file = await bundleWorker({ entry: WORKER_SOURCE, cacheDir });
    const packages = staticPackages(file);
    // three stays shared with agents' own imports; the inlined packages are compiled in
    expect(packages).toContain("three");
    for (const inlined of INLINED_PACKAGES) expect(packages.map(packageName)).not.toContain(inlined);
    expect(packages).not.toContain("tsx/esm/api");
    expect(packages).not.toContain("openai");
  });

  it("compiles rxjs into the CLI's bundle from its ES module build: what the runner uses, not every operator", async () => {
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), "bundle-cache-"));
    const file = await bundleWorker({ entry: CLI_SOURCE, cacheDir });
    expect(staticPackages(file).map(packageName)).not.toContain("rxjs");
    const text = readdirSync(path.dirname(file))
      .filter((f) => f.endsWith(".mjs"))
      .map((f) => readFileSync(path.join(path.dirname(file), f), "utf8"))
      .join("\n");
    // esbuild names each module's source in a comment above its code
    expect(text).toContain("rxjs/dist/esm/internal/Subject.js");
    expect(text).not.toContain("rxjs/dist/cjs");
    // an operator nothing imports is left out (the CommonJS index would have brought all of them)
    expect(text).not.toContain("switchMap");
  });

  it("falls back to the tsx bootstrap when bundling fails, warning once per process", async () => {
    const lines: string[] = [];
    setLogger(pino({ level: "warn" }, { write: (s: string) => lines.push(s) }));
    const dir = mkdtempSync(path.join(os.tmpdir(), "bundle-bad-"));
    const broken = path.join(dir, "broken.ts");
    writeFileSync(broken, "export const = ;\n");
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), "bundle-cache-"));
    const first = await workerEntry({ entry: broken, cacheDir });
    expect(first).toEqual({ file: TSX_BOOTSTRAP, kind: "tsx" });
    expect(await workerEntry({ entry: broken, cacheDir })).toEqual({ file: TSX_BOOTSTRAP, kind: "tsx" });
    expect(lines.length).toBe(1);
    expect(JSON.parse(lines[0]!).msg).toMatch(/through tsx instead/);
  });

  it("upToDateBundle, what bin/rearrange.js trusts without bundling, names the bundle only while every source is as recorded", async () => {
    const { entry, dep } = writeSources("first");
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), "bundle-cache-"));
    expect(upToDateBundle(cacheDir, entry)).toBeNull();
    const a = await bundleWorker({ entry, cacheDir });
    expect(upToDateBundle(cacheDir, entry)).toBe(a);
    // another entry of the same name (another checkout sharing the folder) is not this one
    const other = writeSources("other");
    expect(upToDateBundle(cacheDir, other.entry)).toBeNull();
    // an edit of a source: not trusted until the bundler has looked (and rebuilt)
    writeFileSync(dep, `export const value: string = "second";\n`);
    expect(upToDateBundle(cacheDir, entry)).toBeNull();
    const b = await bundleWorker({ entry, cacheDir });
    expect(upToDateBundle(cacheDir, entry)).toBe(b);
    // a bundle file that is gone
    rmSync(path.dirname(b), { recursive: true });
    expect(upToDateBundle(cacheDir, entry)).toBeNull();
  });

  it("replaces import.meta's location fields in code, not in quoted text", () => {
    const file = path.join(os.tmpdir(), "src", "mod.ts");
    const url = JSON.stringify(pathToFileURL(file).href);
    const text = [
      "const a = new URL('./x', import.meta.url);",
      "const b = `${import.meta.dirname}/y`;",
      "const c = import.meta.filename;",
      'const d = text.replaceAll("import.meta.url", "?");',
      "// see `import.meta.url` here",
      "const e = other.import.meta.url;",
    ].join("\n");
    const out = withSourceLocation(text, file).split("\n");
    expect(out[0]).toBe(`const a = new URL('./x', ${url});`);
    expect(out[1]).toBe(`const b = \`\${${JSON.stringify(path.dirname(file))}}/y\`;`);
    expect(out[2]).toBe(`const c = ${JSON.stringify(file)};`);
    expect(out[3]).toBe('const d = text.replaceAll("import.meta.url", "?");');
    expect(out[4]).toBe("// see `import.meta.url` here");
    expect(out[5]).toBe("const e = other.import.meta.url;");
  });

  it("names the package of a specifier", () => {
    expect(packageName("zod")).toBe("zod");
    expect(packageName("zod/v4/core")).toBe("zod");
    expect(packageName("@foxglove/schemas/jsonschema")).toBe("@foxglove/schemas");
  });

  it("REARRANGE_WORKER_BUNDLE=0 chooses the tsx bootstrap without bundling", async () => {
    process.env.REARRANGE_WORKER_BUNDLE = "0";
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), "bundle-cache-"));
    expect(await workerEntry({ cacheDir })).toEqual({ file: TSX_BOOTSTRAP, kind: "tsx" });
    expect(readdirSync(cacheDir)).toEqual([]);
  });
});

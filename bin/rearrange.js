#!/usr/bin/env node
// Starts the CLI. Loading ~200 TypeScript modules through tsx's hooks takes most of a second on every start, so
// the CLI runs from a precompiled bundle of harness/cli/main.ts (made with esbuild, cached in
// node_modules/.cache/rearrange and rebuilt when a source changes: see harness/workers/worker-bundle.ts). Users'
// TypeScript agent files still load as they are (loadAgent uses tsx for them). REARRANGE_CLI_BUNDLE=0, or a
// bundle that cannot be made, runs the sources through tsx instead.
import { fileURLToPath, pathToFileURL } from "node:url";
import { applyCliV8Flags } from "../harness/cli/v8-options.js";
import { DEFAULT_CACHE_DIR, leaseBundle, upToDateBundle } from "../harness/workers/bundle-manifest.js";

// before any of the CLI's code runs (see harness/cli/v8-options.js)
applyCliV8Flags();

// `rearrange run | head` closes stdout early: that is the reader's choice, not an error
process.stdout.on("error", (err) => {
  if (err.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw err;
});
const { main } = await loadMain();
process.exitCode = await main(process.argv.slice(2));

/** The CLI's main module: the cached bundle, a bundle made now, or the TypeScript sources through tsx. */
async function loadMain() {
  const entry = fileURLToPath(new URL("../harness/cli/main.ts", import.meta.url));
  if (process.env.REARRANGE_CLI_BUNDLE !== "0") {
    // the usual case: a stat of each source says the bundle is current (a few ms)
    const cached = upToDateBundle(DEFAULT_CACHE_DIR, entry);
    if (cached) {
      // the CLI's lazy chunks load from the bundle's folder later on: a build by another run must not prune it
      leaseBundle(cached);
      return import(pathToFileURL(cached).href);
    }
    try {
      // tsImport loads the bundler alone through tsx, without hooking every later import
      const { tsImport } = await import("tsx/esm/api");
      const { bundleWorker } = await tsImport("../harness/workers/worker-bundle.ts", import.meta.url);
      const built = await bundleWorker({ entry });
      // bundleWorker leased it already, but through its own copy of bundle-manifest.js (tsImport loads a module
      // graph of its own): this one is the copy the CLI keeps, whatever tsImport does
      leaseBundle(built);
      return await import(pathToFileURL(built).href);
    } catch (err) {
      process.stderr.write(`rearrange: could not precompile the CLI (${err?.message ?? err}); loading its TypeScript through tsx instead (slower start)\n`);
    }
  }
  const { register } = await import("tsx/esm/api");
  register();
  globalThis[Symbol.for("rearrange.tsxRegistered")] = true;
  return import("../harness/cli/main.ts");
}

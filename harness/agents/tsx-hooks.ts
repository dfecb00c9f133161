/** Marks a thread whose module loader already has tsx's hooks (bin/rearrange.js sets it too when it registers them). */
const REGISTERED = Symbol.for("rearrange.tsxRegistered");

/**
 * Registers tsx's module hooks in this thread, once, so that a JavaScript agent file may import TypeScript of
 * its own, as it could when every CLI start registered tsx. The CLI now starts from precompiled JavaScript
 * and worker threads from a bundle: neither has the hooks unless an agent needs them. (A TypeScript agent
 * file needs none: `loadAgent` loads it with tsx's `tsImport`.)
 */
export async function registerTsxHooks(): Promise<void> {
  const g = globalThis as Record<symbol, unknown>;
  if (g[REGISTERED]) return;
  const { register } = await import("tsx/esm/api");
  register();
  g[REGISTERED] = true;
}

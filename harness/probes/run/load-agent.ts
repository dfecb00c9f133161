/**
 * Finds the agent a probe runs: a built-in probe baseline (`random`, `prior`) by name, otherwise
 * whatever `loadAgent` in harness/agents/load.ts resolves (registered names, module paths,
 * `cmd:` programs). That loader is imported lazily so the probes work without it.
 */
import { probeBaselines, type ProbeAgent } from "../baselines/index.ts";

/** Raised when a spec names no built-in baseline and no general agent loader is available. */
export class AgentUnavailable extends Error {}

/** Loads the agent named by `spec` (see module comment). */
export async function loadProbeAgent(spec: string, options: Record<string, unknown> = {}): Promise<ProbeAgent> {
  const builtIn = probeBaselines[spec];
  if (builtIn) return builtIn(options);
  let loader: { loadAgent?: (spec: string, options?: Record<string, unknown>) => Promise<ProbeAgent> };
  try {
    // a literal specifier: the CLI's precompiled bundle carries the loader as a chunk of its own
    loader = await import("../../agents/load.ts");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ERR_MODULE_NOT_FOUND" && String((err as Error).message).includes("agents/load")) {
      throw new AgentUnavailable(`agent "${spec}" is not a built-in probe agent (${Object.keys(probeBaselines).join(", ")}) and the general agent loader is not available`);
    }
    throw err;
  }
  if (typeof loader.loadAgent !== "function") throw new AgentUnavailable(`harness/agents/load.ts exports no loadAgent`);
  return loader.loadAgent(spec, options);
}

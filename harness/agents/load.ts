import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";
import { getAgentEntry, listAgents } from "../../agents/registry.ts";
import { InputError, UnknownNameError } from "../../sim/errors.ts";
import type { Agent, AgentOptions } from "../agent.ts";
import { describeThrown } from "../trajectory/recordable.ts";
import { registerTsxHooks } from "./tsx-hooks.ts";

/**
 * Loads an agent from `--agent`: a built-in name, a path to a module whose default export is an
 * Agent class or factory (TypeScript loads as is, through tsx), or `cmd:COMMAND` for a
 * program that speaks JSON-RPC 2.0 on stdin/stdout (started and initialized here, so it reports its
 * version before the run begins).
 */
export async function loadAgent(spec: string, options: AgentOptions = {}): Promise<Agent> {
  if (spec.startsWith("cmd:")) {
    const { JsonRpcAgent } = await import("./jsonrpc-agent.ts");
    const agent = new JsonRpcAgent(spec.slice(4), options);
    try {
      // a mistyped program fails here, once, not as an error in every episode
      await agent.start();
    } catch (err) {
      await agent.close().catch(() => undefined);
      throw new InputError(spec, undefined, `the agent program did not start: ${describeThrown(err, 2000, false)}`);
    }
    return agent;
  }
  const entry = getAgentEntry(spec);
  if (entry) return entry.create(options);
  const looksLikePath = /[\\/]/.test(spec) || /\.(m?[jt]s|cjs|cts|mts)$/.test(spec);
  if (!looksLikePath) {
    throw new UnknownNameError(spec, `unknown agent (built-in: ${listAgents().map((a) => a.name).join(", ")}; or a path ./agent.ts, or cmd:"COMMAND")`);
  }
  const file = path.resolve(spec);
  if (!existsSync(file)) throw new InputError(spec, undefined, "agent module not found");
  let mod: Record<string, unknown>;
  try {
    // tsImport loads TypeScript as ESM wherever it lives (a folder without "type":"module" included); a
    // JavaScript agent may import TypeScript of its own, which needs tsx's hooks in place first
    if (/\.[cm]?ts$/.test(file)) mod = await tsImport(pathToFileURL(file).href, import.meta.url);
    else {
      await registerTsxHooks();
      mod = await import(pathToFileURL(file).href);
    }
  } catch (err) {
    throw new InputError(spec, undefined, `agent module failed to load: ${(err as Error).message}`);
  }
  let exported = (mod.default ?? mod.Agent ?? mod.agent) as unknown;
  // a CommonJS-shaped namespace nests the ESM default export one level down
  if (exported && typeof exported === "object" && !isAgent(exported) && "default" in exported) exported = (exported as { default: unknown }).default;
  if (typeof exported !== "function" && !isAgent(exported)) {
    throw new InputError(spec, "default export", "expected an Agent class, a factory function or an agent object");
  }
  let agent: unknown = exported;
  if (!isAgent(exported)) {
    try {
      agent = await instantiate(exported as (...a: unknown[]) => unknown, options);
    } catch (err) {
      // the agent's own start-up failed (a missing model file, a bad option): say so in one line
      throw new InputError(spec, "default export", `the agent failed to start: ${describeThrown(err)}`);
    }
  }
  if (!isAgent(agent)) throw new InputError(spec, "default export", "did not produce an object with act() and reset()");
  return agent;
}

async function instantiate(fn: (...a: unknown[]) => unknown, options: AgentOptions): Promise<unknown> {
  // a class has a prototype with methods; a factory is called
  const isClass = /^class\s/.test(Function.prototype.toString.call(fn)) || (fn.prototype && Object.getOwnPropertyNames(fn.prototype).length > 1);
  if (isClass) return new (fn as unknown as new (o: AgentOptions) => unknown)(options);
  return await fn(options);
}

function isAgent(x: unknown): x is Agent {
  return typeof x === "object" && x !== null && typeof (x as Agent).act === "function" && typeof (x as Agent).reset === "function";
}

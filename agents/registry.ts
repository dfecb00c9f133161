import type { Agent, AgentOptions } from "../harness/agent.ts";

/** A built-in agent: name, one-line description and a lazy constructor (heavy modules load only when used). */
export interface AgentEntry {
  name: string;
  description: string;
  create(options: AgentOptions): Promise<Agent>;
}

const entries = new Map<string, AgentEntry>();

/** Registers a built-in agent under its name. */
export function registerAgent(entry: AgentEntry): void {
  entries.set(entry.name, entry);
}

/** The built-in agent with this name, if any. */
export function getAgentEntry(name: string): AgentEntry | undefined {
  return entries.get(name);
}

/** Every built-in agent, sorted by name. */
export function listAgents(): AgentEntry[] {
  return [...entries.values()].sort((a, b) => a.name.localeCompare(b.name));
}

registerAgent({
  name: "explorer",
  description: "default baseline: knows the goal, not where things are; explores rooms, opens containers, fetches and places, then done()",
  create: async (o) => new (await import("./explorer/explorer-agent.ts")).ExplorerAgent(o),
});
registerAgent({
  name: "llm",
  description: "language model behind an OpenAI-compatible endpoint (--agent-opt model=… baseUrl=…; key from $OPENAI_API_KEY)",
  create: async (o) => new (await import("./llm/llm-agent.ts")).LlmAgent(o),
});
registerAgent({
  name: "oracle",
  description: "privileged planner: reads the goal and the full state; SR = 1 shows every task is solvable",
  create: async (o) => new (await import("./oracle/oracle-agent.ts")).OracleAgent(o),
});
registerAgent({
  name: "random",
  description: "valid random actions over what it has observed (seeded); a floor for every metric",
  create: async (o) => new (await import("./random-agent.ts")).RandomAgent(o),
});

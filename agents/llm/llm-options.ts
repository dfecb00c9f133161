import path from "node:path";
import type { AgentOptions } from "../../harness/agent.ts";
import { InputError } from "../../sim/errors.ts";

/** Settings of the `llm` agent, from `--agent-opt key=value`. Times are in seconds. */
export interface LlmOptions {
  /** Model name sent to the endpoint (required). */
  model: string;
  /** OpenAI-compatible base URL (vLLM, Ollama, llama.cpp server, …); the OpenAI API when absent. */
  baseUrl?: string;
  /** Name of the environment variable holding the API key (the key itself is never an option). */
  apiKeyEnv: string;
  temperature: number;
  maxTokens?: number;
  /** Past actions (with feedback) shown in each prompt. */
  historySize: number;
  /** Re-prompts after a reply that is not a valid action, before the step is spent on it. */
  maxInvalidReplies: number;
  /** The same response this many times in a row ends the episode as stuck. */
  stuckRepeats: number;
  /** Retries of one request on 429, 5xx, timeouts, connection errors and malformed bodies. */
  maxRetries: number;
  retryBaseDelay: number;
  /** Upper bound of one wait, including a server's Retry-After. */
  retryMaxDelay: number;
  /** Timeout of one HTTP request. */
  timeout: number;
  /** Folder of the response cache (`llm-cache.jsonl`); none = no cache. */
  cacheDir?: string;
  /** Answer only from the cache (replay a recorded run without network). */
  offline: boolean;
  /** Sent as the request's `seed` when given (servers that honour it repeat themselves). */
  seed?: number;
}

const WHERE = "--agent-opt";

/**
 * Reads and checks the agent options. The cache folder is `cacheDir`, else `$REARRANGE_LLM_CACHE_DIR`,
 * else the run folder when the runner passes `runDir`.
 * @throws InputError naming the option and what is wrong
 */
export function parseLlmOptions(o: AgentOptions, env: NodeJS.ProcessEnv = process.env): LlmOptions {
  if ("apiKey" in o) throw new InputError(WHERE, "apiKey", "do not pass the key as an option (it would be recorded); put it in an environment variable and name it with apiKeyEnv=VAR");
  const model = o.model;
  if (typeof model !== "string" || !model) throw new InputError(WHERE, "model", "required: --agent-opt model=NAME");
  const cacheDir = str(o, "cacheDir") ?? env.REARRANGE_LLM_CACHE_DIR ?? str(o, "runDir");
  return {
    model,
    baseUrl: str(o, "baseUrl"),
    apiKeyEnv: str(o, "apiKeyEnv") ?? "OPENAI_API_KEY",
    temperature: num(o, "temperature", 0, 0, 2),
    maxTokens: o.maxTokens === undefined ? undefined : num(o, "maxTokens", 0, 1, 1e7),
    historySize: num(o, "historySize", 8, 0, 1000),
    maxInvalidReplies: num(o, "maxInvalidReplies", 2, 0, 100),
    stuckRepeats: num(o, "stuckRepeats", 3, 2, 1000),
    maxRetries: num(o, "maxRetries", 5, 0, 100),
    retryBaseDelay: num(o, "retryBaseDelay", 1, 0, 3600),
    retryMaxDelay: num(o, "retryMaxDelay", 60, 0, 3600),
    timeout: num(o, "timeout", 120, 0.001, 86400),
    cacheDir: cacheDir ? path.resolve(cacheDir) : undefined,
    offline: o.offline === true || o.offline === "true",
    seed: o.seed === undefined ? undefined : num(o, "seed", 0, -(2 ** 53), 2 ** 53),
  };
}

function str(o: AgentOptions, key: string): string | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "string" || !v) throw new InputError(WHERE, key, `expected a non-empty string, got ${JSON.stringify(v)}`);
  return v;
}

function num(o: AgentOptions, key: string, fallback: number, min: number, max: number): number {
  const v = o[key];
  if (v === undefined) return fallback;
  const n = typeof v === "string" ? Number(v) : v;
  if (typeof n !== "number" || !Number.isFinite(n) || n < min || n > max) throw new InputError(WHERE, key, `expected a number from ${min} to ${max}, got ${JSON.stringify(v)}`);
  return n;
}

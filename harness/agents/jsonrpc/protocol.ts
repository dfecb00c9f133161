/**
 * The external-agent protocol: JSON-RPC 2.0, one JSON object per line on the agent's stdin (requests from
 * the harness) and stdout (its responses). docs/agents.md shows a full exchange.
 */

/** Protocol version the harness sends in `initialize`. */
export const PROTOCOL_VERSION = 1;

/** Methods the harness calls. `initialize`, `close` and the probe methods are optional for the agent. */
export const METHODS = {
  initialize: "initialize",
  reset: "reset",
  act: "act",
  close: "close",
  rankPlacements: "rankPlacements",
  detectMisplaced: "detectMisplaced",
  buildFunctionalGraph: "buildFunctionalGraph",
  answer: "answer",
} as const;

/** Probe methods an agent may implement. */
export const PROBE_METHODS = ["rankPlacements", "detectMisplaced", "buildFunctionalGraph", "answer"] as const;
export type ProbeMethod = (typeof PROBE_METHODS)[number];

/** Standard JSON-RPC 2.0 error codes. */
export const ERROR_CODES = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

export interface JsonRpcRequest {
  jsonrpc: "2.0";
  id?: number | string | null;
  method: string;
  params?: unknown;
}

export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

export type JsonRpcResponse =
  | { jsonrpc: "2.0"; id: number | string | null; result: unknown }
  | { jsonrpc: "2.0"; id: number | string | null; error: JsonRpcErrorObject };

/** What an agent may answer to `initialize`. Every field is optional. */
export interface InitializeResult {
  name?: string;
  version?: string;
  /** Methods it implements beyond reset/act (e.g. `["close", "rankPlacements"]`). */
  methods?: string[];
}

/** An error the agent returned for a call (its `error` object). */
export class JsonRpcRemoteError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    readonly remoteMessage: string,
    readonly data?: unknown,
  ) {
    super(`agent answered ${method} with error ${code}: ${remoteMessage}`);
    this.name = "JsonRpcRemoteError";
  }
}

/** The agent process broke the protocol or went away (died, wrote non-JSON, closed stdout). */
export class AgentProcessError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AgentProcessError";
  }
}

/** Classifies one parsed stdout line. */
export function classifyMessage(msg: unknown): { kind: "response"; id: number | string | null; result?: unknown; error?: JsonRpcErrorObject } | { kind: "notification"; method: string; params: unknown } | { kind: "request"; id: number | string; method: string } | { kind: "invalid"; reason: string } {
  if (typeof msg !== "object" || msg === null || Array.isArray(msg)) return { kind: "invalid", reason: "not a JSON object (batches are not supported)" };
  const m = msg as Record<string, unknown>;
  if (m.jsonrpc !== "2.0") return { kind: "invalid", reason: 'missing "jsonrpc": "2.0"' };
  if (typeof m.method === "string") {
    if (m.id === undefined) return { kind: "notification", method: m.method, params: m.params };
    if (typeof m.id === "number" || typeof m.id === "string") return { kind: "request", id: m.id, method: m.method };
    return { kind: "invalid", reason: "request id must be a number or string" };
  }
  if (!("id" in m)) return { kind: "invalid", reason: 'a response needs an "id"' };
  const id = m.id as number | string | null;
  if ("error" in m) {
    const e = m.error as Partial<JsonRpcErrorObject> | null;
    if (!e || typeof e !== "object" || typeof e.code !== "number" || typeof e.message !== "string") {
      return { kind: "invalid", reason: '"error" must be {code: number, message: string}' };
    }
    return { kind: "response", id, error: { code: e.code, message: e.message, data: e.data } };
  }
  if (!("result" in m)) return { kind: "invalid", reason: 'a response needs "result" or "error"' };
  return { kind: "response", id, result: m.result };
}

import { setTimeout as delay } from "node:timers/promises";
import OpenAI, { APIConnectionError, APIError } from "openai";
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import { requestKey, ResponseCache } from "./response-cache.ts";
import { retryableStatus, retryAfterMs, retryDelayMs, type RetryPolicy } from "./retry-policy.ts";

/** One retry the client made, for the step's info. */
export interface RetryRecord {
  /** HTTP status, or "timeout" / "connection" / "malformed". */
  reason: number | string;
  /** What the server asked for (Retry-After), in ms. */
  retryAfterMs?: number;
  /** What the client waited, in ms. */
  waitedMs: number;
}

/** A completion and how it was obtained. */
export interface ChatResult {
  completion: ChatCompletion;
  cached: boolean;
  retries: RetryRecord[];
}

/** A model request that failed for good (not retryable, retries used up, or cancelled). Never contains the key. */
export class LlmRequestError extends Error {
  /**
   * @param attempts HTTP requests sent for it (0 when none was: offline cache miss, cancelled before sending)
   * @param retries the waits between those attempts (a cancelled wait included)
   */
  constructor(
    message: string,
    readonly attempts = 0,
    readonly retries: readonly RetryRecord[] = [],
  ) {
    super(message);
    this.name = "LlmRequestError";
  }
}

export interface ChatClientOptions extends RetryPolicy {
  baseUrl?: string;
  apiKey: string;
  /** Seconds per HTTP request. */
  timeout: number;
  cache?: ResponseCache;
  offline: boolean;
  /** How to wait (tests pass a recorder); default a timer that the request's signal cancels. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * Chat completions with a response cache in front and its own retry loop (the `openai` client's retries
 * are off so that waits are bounded and recorded). A cached response is returned without any request.
 */
export class ChatClient {
  private readonly client: OpenAI | null;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(private readonly options: ChatClientOptions) {
    this.client = options.offline ? null : new OpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl, maxRetries: 0, timeout: options.timeout * 1000 });
    // a cancelled wait ends at once (its timer would otherwise keep the process alive for the whole back-off)
    this.sleep = options.sleep ?? ((ms, signal) => delay(ms, undefined, signal ? { signal } : undefined).catch(() => undefined));
  }

  /**
   * Sends one request (or answers it from the cache). `signal` abandons it: the request in flight is aborted and
   * no retry follows (the runner gave up waiting, see LlmAgent.cancel). @throws LlmRequestError
   */
  async complete(request: ChatCompletionCreateParamsNonStreaming, signal?: AbortSignal): Promise<ChatResult> {
    const key = requestKey(request);
    const hit = this.options.cache?.get(key);
    if (hit !== undefined) return { completion: hit as ChatCompletion, cached: true, retries: [] };
    if (!this.client) throw new LlmRequestError(`offline: no cached response for this request (key ${key.slice(0, 12)}…) in ${this.options.cache?.file ?? "(no cache)"}`);
    const retries: RetryRecord[] = [];
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw cancelled(attempt, retries);
      let failure: { reason: number | string; message: string; retryable: boolean; headers?: { get(n: string): string | null } };
      try {
        const completion = await this.client.chat.completions.create(request, signal ? { signal } : undefined);
        const problem = malformed(completion);
        if (!problem) {
          this.options.cache?.put(key, completion);
          return { completion, cached: false, retries };
        }
        failure = { reason: "malformed", message: problem, retryable: true };
      } catch (err) {
        if (signal?.aborted) throw cancelled(attempt + 1, retries);
        failure = classify(err);
      }
      if (!failure.retryable) throw new LlmRequestError(`model request failed (${failure.reason}): ${failure.message}`, attempt + 1, retries);
      if (attempt >= this.options.maxRetries) {
        throw new LlmRequestError(`model request failed after ${attempt + 1} attempt${attempt ? "s" : ""} (last: ${failure.reason}): ${failure.message}`, attempt + 1, retries);
      }
      const asked = retryAfterMs(failure.headers);
      const wait = retryDelayMs(this.options, attempt, asked);
      retries.push({ reason: failure.reason, ...(asked !== undefined ? { retryAfterMs: asked } : {}), waitedMs: wait });
      await this.sleep(wait, signal);
    }
  }
}

/** A request abandoned through its signal, after `attempts` attempts. */
function cancelled(attempts: number, retries: readonly RetryRecord[]): LlmRequestError {
  return new LlmRequestError(`model request cancelled after ${attempts} attempt${attempts === 1 ? "" : "s"} (the runner stopped waiting for it)`, attempts, retries);
}

function classify(err: unknown): { reason: number | string; message: string; retryable: boolean; headers?: { get(n: string): string | null } } {
  if (err instanceof APIConnectionError) {
    const timeout = err.constructor.name === "APIConnectionTimeoutError";
    return { reason: timeout ? "timeout" : "connection", message: err.message, retryable: true };
  }
  if (err instanceof APIError) {
    return { reason: err.status ?? "error", message: firstLine(err.message), retryable: retryableStatus(err.status), headers: err.headers as Headers | undefined };
  }
  // a body that is not JSON surfaces as a parse error from the client
  if (err instanceof SyntaxError) return { reason: "malformed", message: `response is not JSON: ${firstLine(err.message)}`, retryable: true };
  return { reason: "error", message: err instanceof Error ? firstLine(err.message) : String(err), retryable: false };
}

/** Why a 200 response cannot be used, or null. */
function malformed(c: unknown): string | null {
  const x = c as ChatCompletion | null;
  if (!x || typeof x !== "object") return "response body is not an object";
  if (!Array.isArray(x.choices) || x.choices.length === 0) return "response has no choices";
  const m = x.choices[0]?.message;
  if (!m || typeof m !== "object") return "first choice has no message";
  return null;
}

function firstLine(s: string): string {
  return s.split("\n")[0]!.slice(0, 300);
}

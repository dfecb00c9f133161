/**
 * When to retry a failed model request and how long to wait: 408, 409, 429 and 5xx statuses, timeouts,
 * connection errors and malformed response bodies are retried with exponential backoff; a server's
 * `Retry-After` / `retry-after-ms` header is honoured (capped by the longest allowed wait).
 */
export interface RetryPolicy {
  maxRetries: number;
  /** Seconds before the first retry; doubled for each next one. */
  baseDelay: number;
  /** Longest single wait in seconds. */
  maxDelay: number;
}

/** True for HTTP statuses worth retrying. */
export function retryableStatus(status: number | undefined): boolean {
  return status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * Milliseconds a server asked the client to wait: `retry-after-ms`, else `Retry-After` as seconds or an
 * HTTP date (relative to `now`). Undefined when absent or unreadable.
 */
export function retryAfterMs(headers: { get(name: string): string | null } | undefined, now: number = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get("retry-after-ms");
  if (ms !== null && ms.trim() !== "" && Number.isFinite(Number(ms)) && Number(ms) >= 0) return Number(ms);
  const ra = headers.get("retry-after");
  if (ra === null || ra.trim() === "") return undefined;
  const seconds = Number(ra);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(ra);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

/** Wait before retry number `attempt` (0-based): the server's request if any, else base × 2^attempt; never above maxDelay. */
export function retryDelayMs(policy: RetryPolicy, attempt: number, serverAskedMs?: number): number {
  const backoff = policy.baseDelay * 1000 * 2 ** attempt;
  return Math.min(policy.maxDelay * 1000, serverAskedMs ?? backoff);
}

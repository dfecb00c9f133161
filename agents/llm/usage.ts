import type { CompletionUsage } from "openai/resources/completions";

/** Token counts and calls, summed. Cached responses cost nothing and are counted apart. */
export interface UsageTotals {
  /** Requests sent to the endpoint (a request retried counts once; one that failed for good counts too). */
  calls: number;
  /** Requests answered from the response cache. */
  cachedCalls: number;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  /** Tokens of cached responses (what they cost when first made). */
  cachedTokens: number;
  /** Retries after 429 / 5xx / timeouts: `calls + retries` HTTP requests were made. */
  retries: number;
}

/** An empty tally. */
export function emptyUsage(): UsageTotals {
  return { calls: 0, cachedCalls: 0, promptTokens: 0, completionTokens: 0, totalTokens: 0, cachedTokens: 0, retries: 0 };
}

/** Adds one response's usage to a tally. */
export function addUsage(t: UsageTotals, usage: CompletionUsage | undefined | null, cached: boolean, retries: number): void {
  const prompt = usage?.prompt_tokens ?? 0;
  const completion = usage?.completion_tokens ?? 0;
  const total = usage?.total_tokens ?? prompt + completion;
  t.retries += retries;
  if (cached) {
    t.cachedCalls++;
    t.cachedTokens += total;
    return;
  }
  t.calls++;
  t.promptTokens += prompt;
  t.completionTokens += completion;
  t.totalTokens += total;
}

/**
 * Adds a request that failed for good after `attempts` HTTP requests (LlmRequestError): a call with no
 * tokens, and its retries. Nothing when no request was sent. So `calls + retries` is always the number of
 * HTTP requests made.
 */
export function addFailedRequest(t: UsageTotals, attempts: number): void {
  if (attempts <= 0) return;
  t.calls++;
  t.retries += attempts - 1;
}

/** Sum of two tallies. */
export function sumUsage(a: UsageTotals, b: UsageTotals): UsageTotals {
  const out = emptyUsage();
  for (const k of Object.keys(out) as Array<keyof UsageTotals>) out[k] = a[k] + b[k];
  return out;
}

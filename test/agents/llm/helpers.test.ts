import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { completeRanking, extractIdList } from "../../../agents/llm/probes.ts";
import { canonicalJson, requestKey } from "../../../agents/llm/response-cache.ts";
import { retryAfterMs, retryDelayMs, retryableStatus } from "../../../agents/llm/retry-policy.ts";

const headers = (h: Record<string, string>) => new Headers(h);

describe("retry policy", () => {
  it("reads Retry-After as seconds, as an HTTP date, and retry-after-ms first", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(retryAfterMs(headers({ "retry-after": "2" }), now)).toBe(2000);
    expect(retryAfterMs(headers({ "retry-after": "0.25" }), now)).toBe(250);
    expect(retryAfterMs(headers({ "retry-after": "Wed, 01 Jan 2025 00:00:05 GMT" }), now)).toBe(5000);
    expect(retryAfterMs(headers({ "retry-after": "3", "retry-after-ms": "120" }), now)).toBe(120);
    expect(retryAfterMs(headers({ "retry-after": "soon" }), now)).toBeUndefined();
    expect(retryAfterMs(headers({}), now)).toBeUndefined();
  });

  it("retries 408, 409, 429 and 5xx only", () => {
    expect([400, 401, 403, 404, 408, 409, 422, 429, 500, 503].filter(retryableStatus)).toEqual([408, 409, 429, 500, 503]);
  });

  it("backs off exponentially, honours the server, and never exceeds the cap (property)", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 10, noNaN: true }), fc.double({ min: 0, max: 60, noNaN: true }), fc.nat(10), fc.option(fc.nat(100000), { nil: undefined }), (base, max, attempt, asked) => {
        const d = retryDelayMs({ maxRetries: 5, baseDelay: base, maxDelay: max }, attempt, asked);
        expect(d).toBeLessThanOrEqual(max * 1000);
        expect(d).toBe(Math.min(max * 1000, asked ?? base * 1000 * 2 ** attempt));
      }),
    );
  });
});

describe("request keys", () => {
  it("do not depend on key order, and differ when any value differs (property)", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.string(), (obj, extra) => {
        const reversed = Object.fromEntries(Object.entries(obj).reverse());
        expect(requestKey(obj)).toBe(requestKey(reversed));
        expect(canonicalJson(obj)).toBe(canonicalJson(reversed));
        const changed = { ...obj, ["\u0000extra"]: extra };
        expect(requestKey(changed)).not.toBe(requestKey(obj));
      }),
    );
  });
});

describe("probe answers", () => {
  it("completeRanking gives a permutation of the candidates that keeps the model's order (property)", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { maxLength: 10 }), fc.array(fc.string(), { maxLength: 12 }), (candidates, answer) => {
        const out = completeRanking(answer, candidates);
        expect([...out].sort()).toEqual([...candidates].sort());
        const kept = [...new Set(answer.filter((a) => candidates.includes(a)))];
        expect(out.slice(0, kept.length)).toEqual(kept);
      }),
    );
  });

  it("extractIdList finds the first string array in prose or code fences", () => {
    expect(extractIdList('Here: ```json\n["a", "b"]\n``` done')).toEqual(["a", "b"]);
    expect(extractIdList("scores [1, 2] then ids [\"x\"]")).toEqual(["x"]);
    expect(extractIdList("[]")).toEqual([]);
    expect(extractIdList("no list")).toBeNull();
    expect(extractIdList(null)).toBeNull();
  });
});

import { createHash } from "node:crypto";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { makeDirectory } from "../../sim/files/make-directory.ts";

/** File name of the cache inside its folder. */
export const CACHE_FILE = "llm-cache.jsonl";

/** JSON text with object keys sorted at every level, so equal requests hash equally. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** Cache key of a request body: SHA-256 of its canonical JSON. The endpoint and key are not part of it. */
export function requestKey(request: unknown): string {
  return createHash("sha256").update(canonicalJson(request)).digest("hex");
}

/**
 * Responses by request key, kept as JSONL (`{"key","response"}` per line) so a run's model calls can be
 * replayed offline and reruns cost nothing. Lines are appended as responses arrive; a torn last line
 * (crash) is ignored on load.
 */
export class ResponseCache {
  private entries: Map<string, unknown> | null = null;
  readonly file: string;

  constructor(dir: string) {
    this.file = path.join(dir, CACHE_FILE);
  }

  get(key: string): unknown | undefined {
    return this.load().get(key);
  }

  put(key: string, response: unknown): void {
    const entries = this.load();
    if (entries.has(key)) return;
    entries.set(key, response);
    makeDirectory(path.dirname(this.file));
    appendFileSync(this.file, `${JSON.stringify({ key, response })}\n`);
  }

  get size(): number {
    return this.load().size;
  }

  private load(): Map<string, unknown> {
    if (this.entries) return this.entries;
    this.entries = new Map();
    if (!existsSync(this.file)) return this.entries;
    for (const line of readFileSync(this.file, "utf8").split("\n")) {
      if (!line.trim()) continue;
      try {
        const e = JSON.parse(line) as { key?: unknown; response?: unknown };
        if (typeof e.key === "string" && e.response !== undefined) this.entries.set(e.key, e.response);
      } catch {
        // a line torn by a crash: that request is simply asked again
      }
    }
    return this.entries;
  }
}

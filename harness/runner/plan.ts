import { deriveSeed, hashString } from "../../sim/rng.ts";
import type { EpisodeSpec } from "../suite/schema.ts";
import { escapeRegExp } from "../escape-regexp.ts";

/** An episode of a run: a suite episode, possibly repeated, with its effective seed and budget. */
export interface PlannedEpisode {
  key: string;
  spec: EpisodeSpec;
  repeat: number;
  seed: number;
  maxSteps: number;
}

export interface PlanOptions {
  /** Overrides every episode's seed deterministically (`--seed`). */
  seed: number | null;
  maxSteps: number | null;
  /** Glob over episode ids (`*` and `?`), e.g. `flat-*`. */
  episodes: string | null;
  repeat: number;
  shard: { index: number; total: number } | null;
}

/** Key of an episode repeat: `id` for repeat 0, `id~rK` for repeat K. */
export function episodeKey(id: string, repeat: number): string {
  return repeat ? `${id}~r${repeat}` : id;
}

/**
 * Which episodes a run executes, in suite order: filtered by `--episodes`, repeated `--repeat` times with
 * derived seeds, and split by `--shard I/N` on a hash of the episode id (stable across machines and order).
 */
export function planEpisodes(episodes: readonly EpisodeSpec[], o: PlanOptions): PlannedEpisode[] {
  const match = o.episodes ? globToRegExp(o.episodes) : null;
  const out: PlannedEpisode[] = [];
  for (const spec of episodes) {
    if (match && !match.test(spec.id)) continue;
    if (o.shard && shardOf(spec.id, o.shard.total) !== o.shard.index) continue;
    const base = o.seed === null ? spec.seed : hashString(`${o.seed}:${spec.id}:${spec.seed}`);
    for (let k = 0; k < Math.max(1, o.repeat); k++) {
      out.push({ key: episodeKey(spec.id, k), spec, repeat: k, seed: deriveSeed(base, k), maxSteps: o.maxSteps ?? spec.maxSteps });
    }
  }
  return out;
}

/** 1-based shard an episode id belongs to among `total`. */
export function shardOf(id: string, total: number): number {
  return (hashString(id) % total) + 1;
}

/** `*` any run of characters, `?` one character; everything else literal. Comma-separated alternatives. */
export function globToRegExp(glob: string): RegExp {
  const alts = glob.split(",").map((g) =>
    g
      .trim()
      .split("")
      .map((c) => (c === "*" ? ".*" : c === "?" ? "." : escapeRegExp(c)))
      .join(""),
  );
  return new RegExp(`^(?:${alts.join("|")})$`);
}

/** Parses `--shard I/N` (1 ≤ I ≤ N). */
export function parseShard(text: string): { index: number; total: number } | null {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!m) return null;
  const index = Number(m[1]);
  const total = Number(m[2]);
  if (total < 1 || index < 1 || index > total) return null;
  return { index, total };
}


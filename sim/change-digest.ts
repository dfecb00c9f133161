import { AGENT_ID } from "./task/binding.ts";
import type { World } from "./world/world.ts";
import { sortIds } from "./sort-ids.ts";

/**
 * The `changed` digests of a step: for each changed object (and the agent), the FNV-1a hash, in hex, of
 * `room|x|y|z|heading|states|held` (the agent: `room|x|y|holding`) with every number rounded to 6 decimals
 * (replay compares them); `ids` are distinct, in any order. Every changed object is digested on every step
 * that changes it, so the hash is taken as the text is produced — field by field, numbers digit by digit —
 * without building the text: no template string, no number-to-string conversion. `hashString(text)` of that
 * text is the same number.
 */
export function digestChanges(world: World, ids: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (ids.length === 0) return out;
  for (const id of ids.length === 1 ? ids : sortIds(ids.slice())) {
    if (id === AGENT_ID) {
      out[id] = agentDigest(world);
      continue;
    }
    const o = world.objects.get(id);
    if (!o) continue;
    const b = o.box;
    let h = fnvText(FNV_OFFSET, o.room);
    h = fnvNumber(fnvCode(h, BAR), b.center.x);
    h = fnvNumber(fnvCode(h, BAR), b.center.y);
    h = fnvNumber(fnvCode(h, BAR), b.center.z);
    h = fnvNumber(fnvCode(h, BAR), b.heading);
    h = fnvStates(fnvCode(h, BAR), o.states);
    h = fnvText(fnvCode(h, BAR), o.held);
    out[id] = hex32(h >>> 0);
  }
  return out;
}

/** The agent's digest: `room|x|y|holding`. */
function agentDigest(world: World): string {
  const a = world.agent;
  let h = fnvText(FNV_OFFSET, a.room);
  h = fnvNumber(fnvCode(h, BAR), a.position.x);
  h = fnvNumber(fnvCode(h, BAR), a.position.y);
  h = fnvText(fnvCode(h, BAR), a.holding);
  return hex32(h >>> 0);
}

/** ASCII codes of the hex digits. */
const HEX_CODES = new Uint8Array([48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 97, 98, 99, 100, 101, 102]);
const HEX_DIGITS = "0123456789abcdef";

/**
 * `h.toString(16)` for an unsigned 32-bit integer: lower-case, no leading zeros. Why not `toString(16)`:
 * V8's radix conversion goes through its general double-to-radix routine, a few hundred ns a call — more
 * than the whole hash of an object; this is a few dozen. 15 in 16 hashes have all eight digits.
 */
export function hex32(h: number): string {
  if (h >= 0x10000000) {
    const c = HEX_CODES;
    return String.fromCharCode(c[h >>> 28]!, c[(h >>> 24) & 15]!, c[(h >>> 20) & 15]!, c[(h >>> 16) & 15]!, c[(h >>> 12) & 15]!, c[(h >>> 8) & 15]!, c[(h >>> 4) & 15]!, c[h & 15]!);
  }
  let s = "";
  do {
    s = HEX_DIGITS[h & 15]! + s;
    h >>>= 4;
  } while (h !== 0);
  return s;
}

const FNV_OFFSET = 0x811c9dc5;
const BAR = 0x7c; // "|"
const COMMA = 0x2c;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;

/** FNV-1a step over one UTF-16 code unit (as `hashString` takes them). */
function fnvCode(h: number, code: number): number {
  return Math.imul(h ^ code, 0x01000193);
}

/** FNV-1a continued over `String(v)` (what a template literal writes for a string, boolean or null). */
export function fnvText(h: number, v: unknown): number {
  const s = typeof v === "string" ? v : String(v);
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}

/**
 * FNV-1a continued over `String(round6(x))`, where round6 rounds to 6 decimals and turns -0 into 0.
 * For r = k / 1e6 with k an integer of at most 15 digits, `String(r)` is the decimal k·10⁻⁶ with its
 * trailing zeros dropped: division is correctly rounded, so r is the double nearest that decimal, and two
 * decimals of at most 15 significant digits never round to the same double — so no shorter text reads back
 * as r (the shortest such text is what `String` writes), and fixed notation holds from 1e-6 to 1e21.
 * Anything else (huge values, NaN, ±Infinity) goes through `String` itself.
 */
export function fnvNumber(h: number, x: number): number {
  const k = Math.round(x * 1e6);
  if (k === 0) return fnvCode(h, ZERO); // also -0 and values that round to 0
  let a = k;
  if (a < 0) {
    a = -a;
    if (a < 1e15) h = fnvCode(h, MINUS);
  }
  if (!(a < 1e15)) return fnvText(h, String(k / 1e6)); // NaN too (k is NaN); k / 1e6 ≠ 0 here
  const whole = Math.floor(a / 1e6);
  let frac = a - whole * 1e6; // exact: a < 2^53
  h = fnvDigits(h, whole);
  if (frac === 0) return h;
  h = fnvCode(h, DOT);
  // six fractional digits, leading zeros kept, trailing zeros dropped
  let scale = 100000;
  while (frac > 0) {
    const d = Math.floor(frac / scale);
    h = fnvCode(h, ZERO + d);
    frac -= d * scale;
    scale /= 10;
  }
  return h;
}

/** FNV-1a continued over the decimal digits of a non-negative integer below 1e15. */
function fnvDigits(h: number, n: number): number {
  if (n < 10) return fnvCode(h, ZERO + n);
  let p = 10;
  while (p * 10 <= n) p *= 10;
  while (p >= 1) {
    const d = Math.floor(n / p);
    h = fnvCode(h, ZERO + d);
    n -= d * p;
    p /= 10;
  }
  return h;
}

/** FNV-1a continued over the names of the states that are on, sorted, comma-separated. */
function fnvStates(h: number, states: Readonly<Record<string, boolean | undefined>>): number {
  let first: string | null = null;
  let more: string[] | null = null;
  for (const k in states) {
    if (!Object.hasOwn(states, k) || !states[k]) continue;
    if (first === null) first = k;
    else (more ??= [first]).push(k);
  }
  if (first === null) return h;
  if (more === null) return fnvText(h, first);
  more.sort();
  h = fnvText(h, more[0]);
  for (let i = 1; i < more.length; i++) h = fnvText(fnvCode(h, COMMA), more[i]);
  return h;
}

import { types } from "node:util";

/**
 * What an agent hands back is written to the trajectory and fed to the simulator. An in-process agent
 * may hand back anything: a cycle, a BigInt, a Proxy whose traps throw, a 100 MB string, 100 000 nested
 * arrays. Recording must neither crash the run (JSON.stringify throws on cycles and BigInts and runs out
 * of stack on deep nesting) nor write a line the trajectory reader cannot take.
 */

/** Bounds on a recorded value. */
export interface RecordLimits {
  /** Nesting levels kept; deeper values become a marker string. */
  depth: number;
  /** Characters kept of one string. */
  stringLength: number;
  /** Items kept of one array, keys of one object. */
  items: number;
  /** Characters of the whole value as JSON; a larger value is replaced by a marker string. */
  totalLength: number;
}

export const RECORD_LIMITS: RecordLimits = { depth: 32, stringLength: 10_000, items: 1_000, totalLength: 1_000_000 };

/** Thrown inside the walk when the size budget is spent. */
class TooLarge extends Error {}

/**
 * A plain-JSON copy of `value` within `limits`, as `JSON.stringify` would see it (undefined, functions
 * and symbols dropped from objects and null in arrays, NaN and ±Infinity → null, `toJSON` honoured,
 * inherited properties ignored). What JSON cannot hold becomes a marker object, never a string, so it
 * cannot pass for an object id or an action's text: `{$bigint: "10"}`, `{$circular: true}`,
 * `{$nestedTooDeep: true}`, `{$moreItems: n}` at the end of a cut array, `$moreKeys` in a cut object,
 * `{$unreadable: reason}` for a value that throws when read, `{$tooLarge: …}` for the whole value when
 * it is too large. Long strings are cut with a note. Small plain JSON (every valid action) comes back
 * equal to itself, so feeding the copy to the simulator changes nothing for a well-behaved agent.
 */
export function recordable(value: unknown, limits: RecordLimits = RECORD_LIMITS): unknown {
  if (value === undefined) return null; // an agent that publishes no step info: the common case, kept cheap
  // every step records an action and often step info, nearly always a flat record of a few short strings
  if (limits === RECORD_LIMITS) {
    try {
      const flat = flatCopy(value);
      if (flat !== null) return flat;
    } catch (err) {
      return { $unreadable: describeThrown(err, 200) }; // a getter that throws: what the walk makes of it
    }
  }
  // module-level walk over one state object rather than closures made on every call: this runs on every step
  const state: WalkState = { budget: limits.totalLength, limits, ancestors: [] };
  try {
    const copy = walk(state, value, 0);
    return copy === undefined ? null : copy;
  } catch (err) {
    if (err instanceof TooLarge) return { $tooLarge: `more than ${limits.totalLength} characters as JSON` };
    return { $unreadable: describeThrown(err, 200) };
  }
}

/** Most keys {@link flatCopy} takes; a larger record goes through the walk. */
const FLAT_KEYS = 8;
/** Longest string {@link flatCopy} takes (far below the default limits: the walk would keep it whole too). */
const FLAT_STRING = 1000;

/**
 * What the walk would return for a plain record of at most {@link FLAT_KEYS} keys whose values are all
 * strings of at most {@link FLAT_STRING} characters, finite numbers, booleans or null (an action, an
 * agent's step info), or null for anything else — which then goes through the walk. Such a record cannot
 * hold a cycle or run past the default limits. A Proxy is left to the walk; a record with getters (rare
 * in what an agent returns) has a getter whose value does not qualify read again by the walk.
 */
function flatCopy(v: unknown): Record<string, unknown> | null {
  // a Proxy first: asking one for its prototype runs a trap, which may throw where the walk would not ask
  if (typeof v !== "object" || v === null || types.isProxy(v) || Object.getPrototypeOf(v) !== Object.prototype) return null;
  if ((v as { toJSON?: unknown }).toJSON !== undefined) return null;
  const keys = Object.keys(v);
  if (keys.length > FLAT_KEYS) return null;
  const out: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (key === "__proto__") return null;
    const item = (v as Record<string, unknown>)[key];
    if (typeof item === "string") {
      if (item.length > FLAT_STRING) return null;
    } else if (typeof item === "number") {
      if (!Number.isFinite(item)) return null;
      if (item === 0) {
        out[key] = 0; // -0 too, as the walk and a JSON round trip make it
        continue;
      }
    } else if (item !== null && typeof item !== "boolean") return null;
    out[key] = item;
  }
  return out;
}

/** What one {@link recordable} call carries through its walk. */
interface WalkState {
  /** Characters of JSON still allowed. */
  budget: number;
  limits: RecordLimits;
  /** Objects being copied, outermost first (a cycle leads back to one of them). */
  ancestors: object[];
}

function spend(state: WalkState, n: number): void {
  state.budget -= n;
  if (state.budget < 0) throw new TooLarge();
}

function walk(state: WalkState, v: unknown, depth: number): unknown {
  const { limits } = state;
  if (v === null || typeof v === "boolean") return spend(state, 5), v;
  // -0 becomes 0, as a JSON round trip (and so a replayed trajectory) would make it
  if (typeof v === "number") return spend(state, 24), Number.isFinite(v) ? (v === 0 ? 0 : v) : null;
  if (typeof v === "bigint") return spend(state, 24), { $bigint: String(v) };
  if (typeof v === "string") {
    const kept = v.length > limits.stringLength ? `${v.slice(0, limits.stringLength)}… [${v.length - limits.stringLength} more characters]` : v;
    spend(state, kept.length + 2);
    return kept;
  }
  if (typeof v !== "object") return undefined; // undefined, function, symbol: JSON leaves them out
  const toJSON = (v as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === "function") return walk(state, toJSON.call(v), depth + 1);
  if (state.ancestors.includes(v)) return spend(state, 16), { $circular: true };
  if (depth >= limits.depth) return spend(state, 24), { $nestedTooDeep: true };
  state.ancestors.push(v);
  try {
    if (Array.isArray(v)) {
      const n = Math.min(v.length, limits.items);
      const out: unknown[] = [];
      for (let i = 0; i < n; i++) {
        const item = walk(state, v[i], depth + 1);
        out.push(item === undefined ? null : item);
        spend(state, 1);
      }
      if (v.length > n) out.push({ $moreItems: v.length - n });
      return out;
    }
    const out: Record<string, unknown> = {};
    const keys = Object.keys(v);
    const n = Math.min(keys.length, limits.items);
    for (let i = 0; i < n; i++) {
      const key = keys[i]!;
      const item = walk(state, (v as Record<string, unknown>)[key], depth + 1);
      if (item === undefined) continue;
      spend(state, key.length + 4);
      // a key named __proto__ stays an ordinary own property of the copy (assigning it would set the prototype)
      if (key === "__proto__") Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
      else out[key] = item;
    }
    if (keys.length > limits.items) out.$moreKeys = keys.length - limits.items;
    return out;
  } finally {
    state.ancestors.pop();
  }
}

/**
 * A one-line description of whatever was thrown (`Name: message`, or the message alone without
 * `withName`), at most `maxLength` characters. Never throws itself, even for a thrown value whose
 * `message` getter, `instanceof` check or `toString` throws.
 */
export function describeThrown(err: unknown, maxLength = 2000, withName = true): string {
  let text: string;
  try {
    if (err instanceof Error) text = withName ? `${err.name}: ${err.message}` : err.message;
    else if (typeof err === "string") text = err;
    else if (typeof err === "object" && err !== null) text = JSON.stringify(recordable(err, { ...RECORD_LIMITS, depth: 4, totalLength: maxLength * 2 }));
    else text = String(err);
  } catch {
    text = "a value that cannot be described";
  }
  if (typeof text !== "string") text = "a value that cannot be described";
  return text.length > maxLength ? `${text.slice(0, maxLength)}… [${text.length - maxLength} more characters]` : text;
}

/**
 * Reads a callgrind output file (valgrind --tool=callgrind) into instructions per function, naming V8's
 * JIT-compiled code from the perf map Node writes with `--perf-basic-prof-only-functions`: callgrind sees
 * JavaScript only as anonymous addresses (`0x…`), and the map says which compiled function holds each.
 * Used by instruction-profile.ts; kept apart so the parsing can be tested on small made-up files.
 */

/** Instructions by function name: self (in the function's own code) and inclusive (with what it calls). */
export interface FunctionCosts {
  self: Map<string, number>;
  inclusive: Map<string, number>;
}

/** One compiled function of a perf map: [start, end) and its name. */
interface MapEntry {
  start: number;
  end: number;
  name: string;
}

/** The entries of a perf map (`<hex start> <hex size> <name>` a line), sorted by start. */
export function parsePerfMap(text: string): MapEntry[] {
  const out: MapEntry[] = [];
  for (const line of text.split("\n")) {
    const m = /^([0-9a-fA-F]+) ([0-9a-fA-F]+) (.+)$/.exec(line);
    if (!m) continue;
    const start = Number.parseInt(m[1]!, 16);
    out.push({ start, end: start + Number.parseInt(m[2]!, 16), name: m[3]! });
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * A readable name for a callgrind function name: an address inside a perf-map entry becomes that entry's
 * name without V8's tier marker and with only the file's base name (`*findPlacement chunk-X.mjs:119:23` →
 * `findPlacement chunk-X.mjs:119:23`); other names are kept (C++ and V8's builtins have symbols). The
 * recursion-depth suffix callgrind adds (`'2`) is dropped, so every depth counts as the one function.
 */
export function nameFunction(raw: string, map: readonly MapEntry[]): string {
  const name = raw.replace(/'\d+$/, "");
  const m = /^0x([0-9a-fA-F]+)$/.exec(name);
  if (!m) return name;
  const address = Number.parseInt(m[1]!, 16);
  let lo = 0;
  let hi = map.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (map[mid]!.start <= address) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (found < 0 || address >= map[found]!.end) return "(JIT code not in the perf map)";
  return map[found]!
    .name.replace(/^(JS|LazyCompile|Function|Script):[*^~+]?/, "")
    .replace(/ (?:file:\/\/)?\S*\/([^/\s]+)$/, " $1");
}

/**
 * Self and inclusive instructions (the `Ir` event, the first of each cost line) by function name. Self: the
 * cost lines under a `fn=`. Inclusive: self plus the cost of every call it makes (the line after a `calls=`),
 * calls of a function to itself left out so that recursion is not counted twice.
 */
export function functionCosts(callgrindOut: string, map: readonly MapEntry[]): FunctionCosts {
  const names = new Map<string, string>();
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, c: number) => m.set(k, (m.get(k) ?? 0) + c);
  /** A compressed name (`(12) name` defines it, `(12)` refers to it), resolved and made readable. */
  const resolve = (spec: string): string => {
    const m = /^\((\d+)\)(?: (.*))?$/.exec(spec);
    if (!m) return nameFunction(spec, map);
    if (m[2] !== undefined) names.set(m[1]!, nameFunction(m[2], map));
    return names.get(m[1]!) ?? `(${m[1]})`;
  };
  let fn = "(none)";
  let callee = "(none)";
  let callCostNext = false;
  for (const line of callgrindOut.split("\n")) {
    if (line.startsWith("fn=")) fn = resolve(line.slice(3));
    else if (line.startsWith("cfn=")) callee = resolve(line.slice(4));
    else if (line.startsWith("calls=")) callCostNext = true;
    else if (/^[0-9+\-*]/.test(line)) {
      const cost = Number(line.trim().split(/\s+/)[1] ?? 0);
      if (callCostNext) {
        callCostNext = false;
        if (callee !== fn) add(inclusive, fn, cost);
      } else {
        add(self, fn, cost);
        add(inclusive, fn, cost);
      }
    }
  }
  return { self, inclusive };
}

/** `(a − b) / steps` for every name either has: what the extra steps of run `a` cost, per step. */
export function perStepDifference(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>, steps: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const k of new Set([...a.keys(), ...b.keys()])) out.set(k, ((a.get(k) ?? 0) - (b.get(k) ?? 0)) / steps);
  return out;
}

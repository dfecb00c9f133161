/** Lists up to this long are sorted by binary insertion (measured faster than the built-in sort up to ~60). */
const INSERTION_LIMIT = 48;

/**
 * Sorts `ids` in place in the order `ids.sort()` gives strings (by UTF-16 code units) and returns it.
 * A step sorts a handful to a few dozen ids at a time (what an explore saw, the objects near a place): the
 * built-in sort, which converts and compares through its generic comparison, costs about twice a binary
 * insertion sort at those sizes. Longer lists use the built-in sort.
 */
export function sortIds(ids: string[]): string[] {
  const n = ids.length;
  if (n > INSERTION_LIMIT) return ids.sort();
  for (let i = 1; i < n; i++) {
    const v = ids[i]!;
    if (!(ids[i - 1]! > v)) continue;
    let lo = 0;
    let hi = i - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (ids[mid]! > v) hi = mid;
      else lo = mid + 1;
    }
    for (let j = i; j > lo; j--) ids[j] = ids[j - 1]!;
    ids[lo] = v;
  }
  return ids;
}

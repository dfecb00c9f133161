/**
 * In-place edits of short arrays (a grid cell's entries, a room's objects, a frame's children), written as
 * element moves and `push`/`pop`. Each step of the simulator makes a few of these; `Array.prototype.splice`,
 * which they replace, is a large builtin that optimised code calls out to, and its code is among what a step
 * misses in the instruction cache, where these loops and `push`/`pop` compile into their callers.
 */

/** `list.splice(i, 1)` for an index in the list: removes the element at `i`, shifting the later ones down. */
export function removeAt<T>(list: T[], i: number): void {
  if (!(i >= 0 && i < list.length)) throw new RangeError(`removeAt: index ${i} is outside a list of ${list.length}`);
  const last = list.length - 1;
  for (let k = i; k < last; k++) list[k] = list[k + 1] as T;
  list.pop();
}

/** `list.push(...list.splice(i, 1))` for an index in the list: moves the element at `i` to the end. */
export function moveToEnd<T>(list: T[], i: number): void {
  if (!(i >= 0 && i < list.length)) throw new RangeError(`moveToEnd: index ${i} is outside a list of ${list.length}`);
  const item = list[i] as T;
  removeAt(list, i);
  list.push(item);
}

/** `list.splice(i, 0, item)` for 0 ≤ i ≤ length: inserts `item` at `i`, shifting the later ones up. */
export function insertAt<T>(list: T[], i: number, item: T): void {
  if (!(i >= 0 && i <= list.length)) throw new RangeError(`insertAt: index ${i} is outside 0 … ${list.length}`);
  let k = list.length;
  list.push(item);
  for (; k > i; k--) list[k] = list[k - 1] as T;
  list[i] = item;
}

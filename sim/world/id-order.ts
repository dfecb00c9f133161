/** True when the ids are in ascending order, the order `sort()` leaves strings in (by UTF-16 code units). */
export function isSorted(ids: readonly string[]): boolean {
  for (let i = 1; i < ids.length; i++) if (ids[i - 1]! > ids[i]!) return false;
  return true;
}

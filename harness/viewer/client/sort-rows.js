/**
 * Table sorting shared by the viewer's run table (and tested in Node): numbers numerically,
 * booleans false < true, text in code-unit order, missing values (and NaN) last whatever the direction;
 * ties keep their original order so repeated clicks are stable.
 */

/**
 * A sorted copy of `rows` by `key`.
 * @template {Record<string, unknown>} R
 * @param {readonly R[]} rows
 * @param {string} key
 * @param {boolean} [descending]
 * @returns {R[]}
 */
export function sortRows(rows, key, descending = false) {
  const sign = descending ? -1 : 1;
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => {
      const x = a.row[key];
      const y = b.row[key];
      const xMissing = isMissing(x);
      const yMissing = isMissing(y);
      if (xMissing || yMissing) return xMissing === yMissing ? a.i - b.i : xMissing ? 1 : -1;
      return sign * compareValues(x, y) || a.i - b.i;
    })
    .map((e) => e.row);
}

/** @param {unknown} v */
function isMissing(v) {
  return v === null || v === undefined || (typeof v === "number" && Number.isNaN(v));
}

/** @param {unknown} x @param {unknown} y */
function compareValues(x, y) {
  if (typeof x === "number" && typeof y === "number") return x - y;
  if (typeof x === "boolean" && typeof y === "boolean") return Number(x) - Number(y);
  const a = String(x);
  const b = String(y);
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Combinatorial choices behind `forn` and `forpairs`: which instances to make true, and which pairs to
 * match. Costs are "how far from true"; `Infinity` means impossible.
 */

/**
 * Indices of exactly `k` items to make true, minimising Σ trueCost(chosen) + Σ falseCost(others).
 * `bonus[i]` (≥ 0) favours an item (a remembered choice) without changing feasibility.
 * Null when no such subset is finite.
 */
export function chooseSubset(trueCost: readonly number[], falseCost: readonly number[], k: number, bonus: readonly number[] = []): number[] | null {
  const n = trueCost.length;
  if (k < 0 || k > n) return null;
  const mustTrue: number[] = [];
  const free: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = Number.isFinite(trueCost[i]!);
    const f = Number.isFinite(falseCost[i]!);
    if (!t && !f) return null;
    if (!f) mustTrue.push(i);
    else if (t) free.push(i);
  }
  if (mustTrue.length > k || mustTrue.length + free.length < k) return null;
  const delta = (i: number) => trueCost[i]! - falseCost[i]! - (bonus[i] ?? 0);
  free.sort((a, b) => delta(a) - delta(b) || a - b);
  return [...mustTrue, ...free.slice(0, k - mustTrue.length)].sort((a, b) => a - b);
}

/**
 * `k` (row, column) pairs with distinct rows and distinct columns and the least total cost
 * (successive shortest paths on the bipartite graph; entries of `Infinity` are not edges).
 * Null when fewer than `k` such pairs exist.
 */
export function chooseMatching(cost: readonly (readonly number[])[], k: number): Array<[number, number]> | null {
  const rows = cost.length;
  const cols = Math.max(0, ...cost.map((r) => r.length));
  if (k === 0) return [];
  if (k > Math.min(rows, cols)) return null;
  const rowMate = new Array<number>(rows).fill(-1);
  const colMate = new Array<number>(cols).fill(-1);
  for (let step = 0; step < k; step++) {
    // Bellman-Ford over the residual graph: source → free rows → columns → (matched rows) …→ free column
    const distRow = new Array<number>(rows).fill(Infinity);
    const distCol = new Array<number>(cols).fill(Infinity);
    const prevOfCol = new Array<number>(cols).fill(-1);
    for (let i = 0; i < rows; i++) if (rowMate[i] === -1) distRow[i] = 0;
    for (let changed = true, guard = 0; changed && guard <= rows + cols; guard++) {
      changed = false;
      for (let i = 0; i < rows; i++) {
        if (!Number.isFinite(distRow[i]!)) continue;
        for (let j = 0; j < (cost[i]?.length ?? 0); j++) {
          const c = cost[i]![j]!;
          if (!Number.isFinite(c) || rowMate[i] === j) continue;
          const d = distRow[i]! + c;
          if (d < distCol[j]! - 1e-12) {
            distCol[j] = d;
            prevOfCol[j] = i;
            changed = true;
          }
        }
      }
      for (let j = 0; j < cols; j++) {
        const i = colMate[j]!;
        if (i < 0 || !Number.isFinite(distCol[j]!)) continue;
        const d = distCol[j]! - cost[i]![j]!;
        if (d < distRow[i]! - 1e-12) {
          distRow[i] = d;
          changed = true;
        }
      }
    }
    let end = -1;
    for (let j = 0; j < cols; j++) if (colMate[j] === -1 && Number.isFinite(distCol[j]!) && (end < 0 || distCol[j]! < distCol[end]! - 1e-12)) end = j;
    if (end < 0) return null;
    // augment along the path back to a free row
    for (let j = end, guard = 0; j >= 0 && guard <= rows + cols; guard++) {
      const i = prevOfCol[j]!;
      const next = rowMate[i]!;
      rowMate[i] = j;
      colMate[j] = i;
      j = next;
    }
  }
  const out: Array<[number, number]> = [];
  rowMate.forEach((j, i) => j >= 0 && out.push([i, j]));
  return out;
}

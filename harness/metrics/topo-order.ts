/** Something that names itself and what it needs first. */
export interface DependencyNode {
  readonly id: string;
  readonly dependsOn: readonly string[];
}

/** A measure graph that cannot be ordered: a duplicate id, a missing dependency or a cycle. */
export class MeasureGraphError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MeasureGraphError";
  }
}

/**
 * Orders nodes so that every node comes after all of its dependencies (Kahn's algorithm).
 * Among nodes that are ready at the same time the input order is kept, so the result is
 * deterministic and independent of how the dependencies happen to be listed.
 *
 * @throws MeasureGraphError on a duplicate id, a dependency that is not in `nodes`, or a cycle
 *   (the message spells the cycle out: `a → b → a`).
 */
export function orderByDependencies<N extends DependencyNode>(nodes: readonly N[]): N[] {
  const byId = new Map<string, N>();
  for (const n of nodes) {
    if (byId.has(n.id)) throw new MeasureGraphError(`measure "${n.id}" is registered twice`);
    byId.set(n.id, n);
  }
  for (const n of nodes) {
    for (const d of n.dependsOn) {
      if (!byId.has(d)) throw new MeasureGraphError(`measure "${n.id}" depends on unknown measure "${d}"`);
    }
  }
  const remaining = new Map<string, number>(nodes.map((n) => [n.id, new Set(n.dependsOn).size]));
  const dependants = new Map<string, string[]>(nodes.map((n) => [n.id, []]));
  for (const n of nodes) for (const d of new Set(n.dependsOn)) dependants.get(d)!.push(n.id);

  const order: N[] = [];
  const placed = new Set<string>();
  // Repeatedly take the first ready node in input order: O(n²) but measure graphs are tiny.
  while (order.length < nodes.length) {
    const next = nodes.find((n) => !placed.has(n.id) && remaining.get(n.id) === 0);
    if (!next) throw new MeasureGraphError(`measures depend on each other in a cycle: ${describeCycle(nodes, placed)}`);
    order.push(next);
    placed.add(next.id);
    for (const d of dependants.get(next.id)!) remaining.set(d, remaining.get(d)! - 1);
  }
  return order;
}

/** Walks unplaced nodes along their unplaced dependencies until one repeats: that loop is a cycle. */
function describeCycle(nodes: readonly DependencyNode[], placed: ReadonlySet<string>): string {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const start = nodes.find((n) => !placed.has(n.id))!;
  const path: string[] = [];
  const seenAt = new Map<string, number>();
  let cur: DependencyNode = start;
  while (!seenAt.has(cur.id)) {
    seenAt.set(cur.id, path.length);
    path.push(cur.id);
    const dep = cur.dependsOn.find((d) => !placed.has(d))!;
    cur = byId.get(dep)!;
  }
  return [...path.slice(seenAt.get(cur.id)), cur.id].join(" → ");
}

import { lemmaOf } from "../categories/index.ts";

/**
 * Readable, stable object ids: `apple.n.01_2` → `apple_2`, `can__of__soda.n.01_1` → `can_of_soda_1`.
 * Two categories with the same lemma keep their sense number (`table_02_1`). Extra objects of a
 * category (wildcard members, added tools, distractors) continue its numbering. The same problem
 * always gives the same ids, whatever the seed, so one task file serves every sampled scene.
 */
export class IdAllocator {
  private readonly used = new Set<string>();
  private readonly next = new Map<string, number>();
  private readonly baseOf = new Map<string, string>();

  /** `categories`: every category the scene may hold (declared ones first). */
  constructor(categories: Iterable<string>, reserved: Iterable<string> = []) {
    for (const r of reserved) this.used.add(r);
    const byLemma = new Map<string, string[]>();
    for (const c of new Set(categories)) {
      const lemma = lemmaOf(c).replace(/_+/g, "_").toLowerCase();
      byLemma.set(lemma, [...(byLemma.get(lemma) ?? []), c]);
    }
    for (const [lemma, cats] of byLemma) {
      for (const c of cats) this.baseOf.set(c, cats.length > 1 ? `${lemma}_${/\.n\.(\d+)$/.exec(c)?.[1] ?? "00"}` : lemma);
    }
  }

  /** Id for a declared instance (`apple.n.01_2` → `apple_2`). */
  forInstance(name: string, category: string): string {
    const n = /_(\d+)$/.exec(name)?.[1];
    const base = this.base(category);
    const id = n !== undefined ? `${base}_${Number(n)}` : `${base}_1`;
    return this.claim(this.used.has(id) ? this.fresh(category) : id, category);
  }

  /** A new id for one more object of `category`. */
  fresh(category: string): string {
    const base = this.base(category);
    for (let k = this.next.get(base) ?? 1; ; k++) {
      const id = `${base}_${k}`;
      if (!this.used.has(id)) return this.claim(id, category);
    }
  }

  private claim(id: string, category: string): string {
    this.used.add(id);
    const base = this.base(category);
    const k = Number(/_(\d+)$/.exec(id)?.[1] ?? 0);
    this.next.set(base, Math.max(this.next.get(base) ?? 1, k + 1));
    return id;
  }

  private base(category: string): string {
    let b = this.baseOf.get(category);
    if (!b) {
      b = lemmaOf(category).replace(/_+/g, "_").toLowerCase();
      this.baseOf.set(category, b);
    }
    return b;
  }
}

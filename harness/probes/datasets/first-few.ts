/** The first `n` items of a list for an import note or message: `a, b, c, …` (the `…` when more are left out). */
export function firstFew(items: readonly string[], n = 3): string {
  return `${items.slice(0, n).join(", ")}${items.length > n ? ", …" : ""}`;
}

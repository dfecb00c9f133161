/**
 * Packaged goods (sim/categories/packaged.ts): BEHAVIOR's `<package>__of__<contents>` and `<contents>__<package>`
 * categories are sized as the product on a shop shelf, not as WordNet's empty package at its largest (a carton of
 * milk was a 45 cm cardboard moving box, a can of cat food 35 cm). A compound WordNet knows only by its head word
 * takes that word's tabled entry (a grocery shelf is a shelf, not a 20 cm device).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { categoryProfile } from "../../../sim/categories/index.ts";
import { PACKAGED_GOODS, packagedEntry } from "../../../sim/categories/packaged.ts";

const PACKAGES = Object.keys(PACKAGED_GOODS);
const word = fc.stringMatching(/^[a-z][a-z_]{0,14}[a-z]$/).filter((w) => !w.includes("__") && !PACKAGES.includes(w));

describe("packaged goods", () => {
  it("a package of anything, written either way round, has the package's retail size and carries like any item", () => {
    fc.assert(
      fc.property(fc.constantFrom(...PACKAGES), word, (pkg, contents) => {
        for (const synset of [`${pkg}__of__${contents}.n.01`, `${contents}__${pkg}.n.01`]) {
          const p = categoryProfile(synset);
          expect(p.size, synset).toEqual(PACKAGED_GOODS[pkg]!.size);
          expect(p.kind).toBe("carryable");
          expect(p.via).toBe(`packaged goods (${pkg})`);
        }
      }),
    );
  });

  it("is no package where the package word is not the head: prepared food, halves, plain words", () => {
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect(packagedEntry(`${a}__${b}`)).toBeNull();
      }),
    );
    expect(packagedEntry("cooked__diced__chicken")).toBeNull();
    expect(packagedEntry("carton")).toBeNull();
    expect(packagedEntry("can__of__soda")?.head).toBe("can");
  });

  it("keeps real sizes where it was absurd before: a carton of milk, a can of cat food, a box of gum", () => {
    for (const [synset, longest] of [["carton__of__milk.n.01", 0.2], ["can__of__cat_food.n.01", 0.11], ["box__of__gum.n.01", 0.2], ["milk__carton.n.01", 0.2]] as const) {
      expect(Math.max(...categoryProfile(synset).size), synset).toBeLessThanOrEqual(longest);
    }
    // a tabled category is never overridden by the rule
    expect(categoryProfile("can__of__soda.n.01").source).toBe("table");
  });

  it("gives a compound known only by its head word that word's own entry", () => {
    const shelf = categoryProfile("shelf.n.01");
    const grocery = categoryProfile("grocery_shelf.n.01");
    expect(grocery).toMatchObject({ size: shelf.size, kind: "fixed", via: "shelf.n.01", label: "grocery shelf" });
    expect(categoryProfile("pillar_candle.n.01").size).toEqual(categoryProfile("candle.n.01").size);
  });
});

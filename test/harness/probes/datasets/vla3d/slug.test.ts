/**
 * Slugs of labels and folder names, and the category a label names. labelSlug dropped every non-ASCII letter:
 * folders `地铁` and `東京` both became `object` (one scene written over the other), `métro_é` became `m_tro`,
 * and "Stuhl für Büro" was looked up as "ro"; "table, round" became round.n.01.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { asciiLabel, labelSlug } from "../../../../../harness/probes/datasets/vla3d/slug.ts";
import { categoryOf, headPhrase } from "../../../../../harness/probes/datasets/vla3d/objects.ts";
import { sceneBaseIds } from "../../../../../harness/probes/datasets/vla3d/scene-ids.ts";
import type { Vla3dObject } from "../../../../../harness/probes/datasets/vla3d/read.ts";

const SLUG = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;

describe("labelSlug", () => {
  it("transliterates accents and hashes scripts without an ASCII spelling", () => {
    expect(labelSlug("métro_é")).toBe("metro_e");
    expect(labelSlug("Stuhl für Büro")).toBe("stuhl_fur_buro");
    expect(labelSlug("Straße Øst")).toBe("strasse_ost");
    expect(labelSlug("Coffee Table")).toBe("coffee_table");
    expect(labelSlug("地铁")).toMatch(/^u[0-9a-f]{8}$/);
    expect(labelSlug("地铁")).not.toBe(labelSlug("東京"));
    expect(labelSlug("métro 地铁")).toMatch(/^metro_u[0-9a-f]{8}$/);
    expect(labelSlug("")).toBe("object");
    // the same text in either Unicode form is one slug
    expect(labelSlug("me\u0301tro 地铁")).toBe(labelSlug("m\u00e9tro 地铁"));
  });

  it("property: any label gives a valid, stable, idempotent slug; labels that lose letters to it differ by hash", () => {
    const label = fc.oneof(fc.string({ unit: "grapheme", maxLength: 12 }), fc.string({ unit: "binary", maxLength: 12 }), fc.constantFrom("地铁", "東京", "métro_é", "Ünïcödé", "ß", "👍"));
    fc.assert(
      fc.property(label, label, (a, b) => {
        const s = labelSlug(a);
        expect(s).toMatch(SLUG);
        expect(labelSlug(a)).toBe(s);
        expect(labelSlug(s)).toBe(s);
        // two different names that both lose letters to ASCII are told apart by their hashes
        const hashed = (x: string) => asciiLabel(x.trim()).lost;
        if (a.trim().normalize("NFC") !== b.trim().normalize("NFC") && hashed(a) && hashed(b)) expect(labelSlug(a)).not.toBe(labelSlug(b));
      }),
      { numRuns: 300 },
    );
  });
});

describe("sceneBaseIds", () => {
  it("gives distinct folders distinct ids: the first keeps the plain one, later ones a hash of their path", () => {
    const { ids, renamed } = sceneBaseIds([
      { dir: "Var/a b", dataset: "Var", name: "a b" },
      { dir: "Var/a-b", dataset: "Var", name: "a-b" },
      { dir: "Var/地铁", dataset: "Var", name: "地铁" },
      { dir: "Var/東京", dataset: "Var", name: "東京" },
    ]);
    expect(ids[0]).toBe("var-a_b");
    expect(ids[1]).toMatch(/^var-a_b_[0-9a-f]{8}$/);
    expect(new Set(ids).size).toBe(4);
    expect(renamed).toEqual([{ dir: "Var/a-b", id: ids[1], plain: "var-a_b" }]);
  });

  it("property: distinct folder paths get distinct ids, the same tree the same ids whatever the order", () => {
    const name = fc.oneof(fc.string({ unit: "grapheme", minLength: 1, maxLength: 6 }), fc.constantFrom("a b", "a-b", "A_B", "地铁", "東京", "métro", "metro"));
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(fc.constantFrom("Var", "var", "VAR", "ScanNet"), name), { minLength: 1, maxLength: 8, selector: ([d, n]) => `${d}/${n}` }), (pairs) => {
        const folders = pairs.map(([dataset, n]) => ({ dir: `${dataset}/${n}`, dataset, name: n }));
        const { ids } = sceneBaseIds(folders);
        expect(new Set(ids).size).toBe(folders.length);
        for (const id of ids) expect(id).toMatch(/^[a-z0-9_]+-[a-z0-9_]+$/);
        const reversed = sceneBaseIds([...folders].reverse()).ids.reverse();
        expect(reversed).toEqual(ids);
      }),
      { numRuns: 300 },
    );
  });
});

describe("categoryOf: the label's head noun", () => {
  const object = (rawLabel: string, nyuLabel?: string): Vla3dObject => ({ id: 1, regionId: null, rawLabel, ...(nyuLabel ? { nyuLabel } : {}), box: { center: { x: 0, y: 0, z: 0 }, size: { x: 1, y: 1, z: 1 }, heading: 0 }, colors: [] });

  it("reads the head before a comma, a quoted name or a prepositional phrase", () => {
    expect(headPhrase("table, round")).toBe("table");
    expect(headPhrase('book "Dune", paperback')).toBe("book");
    expect(headPhrase("chair for office")).toBe("chair");
    expect(headPhrase("bowl of apples")).toBe("bowl of apples"); // "of" is the WordNet lookup's
    expect(categoryOf(object("table, round", "table"))).toEqual({ synset: "table.n.02", mapped: true });
    expect(categoryOf(object('book "Dune", paperback'))).toEqual({ synset: "book.n.01", mapped: true });
  });

  it("does not read a category from fragments of non-ASCII words", () => {
    // no English head noun: the NYU label says what it is, else the label's own slug, unmapped
    expect(categoryOf(object("Stuhl für Büro", "chair"))).toEqual({ synset: "chair.n.01", mapped: true });
    expect(categoryOf(object("Stuhl für Büro"))).toEqual({ synset: "stuhl_fur_buro.n.01", mapped: false });
    expect(categoryOf(object("餐桌", "table"))).toEqual({ synset: "table.n.02", mapped: true });
    expect(categoryOf(object("餐桌")).synset).toMatch(/^u[0-9a-f]{8}\.n\.01$/);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CATEGORY_TABLE, categoriesForRoom, categoryProfile, PROVIDER_OF } from "../../../sim/categories/index.ts";
import { interiorOf } from "../../../sim/geometry/shape-model.ts";
import type { CategoryProfile } from "../../../sim/categories/index.ts";
import { HAVE_DATA, NO_DATA_MESSAGE, realProblems } from "../bddl/helpers.ts";
import { parseProblem } from "../../../sim/bddl/parser.ts";

/** The profile as a box standing at the origin (what the shape model reads). */
function shaped(p: CategoryProfile) {
  return {
    box: { center: { x: 0, y: 0, z: p.size[2] / 2 }, size: { x: p.size[0], y: p.size[1], z: p.size[2] }, heading: 0 },
    shape: p.shape,
    wall: p.wall ?? 0.02,
    abilities: new Set(p.abilities),
  };
}

/** True when an object of `item`'s size fits in `container`'s interior, turned either way. */
function fitsInside(item: string, container: string): boolean {
  const inner = interiorOf(shaped(categoryProfile(container)));
  if (!inner) return false;
  const [x, y, z] = categoryProfile(item).size;
  const flat = (a: number, b: number) => a <= inner.size.x && b <= inner.size.y;
  return z <= inner.size.z && (flat(x, y) || flat(y, x));
}

describe("category sizes", () => {
  it("a book fits in a carton, and a carton does not fit in a drawer", () => {
    expect(fitsInside("book.n.02", "carton.n.02")).toBe(true);
    expect(fitsInside("carton.n.02", "drawer.n.01")).toBe(false);
    expect(fitsInside("plate.n.04", "dishwasher.n.01")).toBe(true);
    expect(fitsInside("car.n.01", "cabinet.n.01")).toBe(false);
  });

  it("a wall is a thin, full-height fixed slab standing against the room's wall, not a 1 m block", () => {
    const wall = categoryProfile("wall.n.01");
    expect(wall.kind).toBe("fixed");
    expect(wall.siting).toBe("wall");
    expect(wall.size[2]).toBeGreaterThan(2);
    expect(wall.size[1]).toBeLessThanOrEqual(0.15);
  });

  it("every tabled size is positive and every container keeps an interior", () => {
    for (const synset of Object.keys(CATEGORY_TABLE)) {
      const p = categoryProfile(synset);
      expect(p.size.every((s) => s > 0), synset).toBe(true);
      if (p.shape === "container") expect(interiorOf(shaped(p))!.size.z, synset).toBeGreaterThan(0);
    }
  });

  it("furniture is fixed and what a person carries is carryable", () => {
    expect(categoryProfile("electric_refrigerator.n.01")).toMatchObject({ kind: "fixed", shape: "container" });
    expect(categoryProfile("electric_refrigerator.n.01").abilities).toEqual(expect.arrayContaining(["openable", "cold_source"]));
    expect(categoryProfile("sink.n.01").abilities).toEqual(expect.arrayContaining(["water_source", "toggleable"]));
    expect(categoryProfile("rag.n.01").abilities).toEqual(expect.arrayContaining(["cleaning_tool", "soakable"]));
    expect(categoryProfile("apple.n.01")).toMatchObject({ kind: "carryable", source: "table" });
    expect(categoryProfile("lawn.n.01")).toMatchObject({ shape: "floor", siting: "ground" });
  });

  it("every tool the sampler may add has the ability it is added for", () => {
    for (const [ability, synset] of Object.entries(PROVIDER_OF)) expect(categoryProfile(synset!).abilities, synset).toContain(ability);
  });
});

describe("WordNet hypernym defaults", () => {
  it("gives an untabled category the default of its nearest known ancestor", () => {
    const cucumber = categoryProfile("cucumber.n.02");
    expect(cucumber).toMatchObject({ source: "hypernym", via: "vegetable.n.01", kind: "carryable" });
    expect(cucumber.abilities).toContain("sliceable");
    expect(categoryProfile("armoire.n.01")).toMatchObject({ source: "hypernym", kind: "fixed" });
    expect(categoryProfile("scissors.n.01").abilities).toContain("slicer");
    expect(categoryProfile("mop.n.01").abilities).toContain("cleaning_tool");
  });

  it("falls back to the head word of BEHAVIOR's compounds and to a generic box for nonsense", () => {
    expect(categoryProfile("coffee__of__mug.n.01").source).not.toBe("default");
    expect(categoryProfile("zzqx_blorp.n.01")).toMatchObject({ source: "default", kind: "carryable" });
  });

  it("never throws and always gives a usable profile (property)", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z_]{0,20}$/), fc.integer({ min: 1, max: 12 }), (lemma, sense) => {
        const p = categoryProfile(`${lemma}.n.${String(sense).padStart(2, "0")}`);
        expect(p.size.every((s) => s > 0)).toBe(true);
        expect(["fixed", "carryable"]).toContain(p.kind);
      }),
      { numRuns: 60 },
    );
  });
});

describe("room pools", () => {
  it("lists carryables and furniture that belong in a room type", () => {
    expect(categoriesForRoom("kitchen", "fixed")).toEqual(expect.arrayContaining(["stove.n.01", "countertop.n.01"]));
    expect(categoriesForRoom("kitchen", "carryable")).toContain("apple.n.01");
    expect(categoriesForRoom("kitchen", "carryable")).not.toContain("countertop.n.01");
  });
});

describe.skipIf(!HAVE_DATA)("categories of the shared BEHAVIOR files", () => {
  if (!HAVE_DATA) console.warn(NO_DATA_MESSAGE);
  it("are all in the table", () => {
    const missing = new Set<string>();
    for (const p of realProblems()) {
      for (const c of parseProblem(p.text, p.file).categories.keys()) {
        if (c !== "agent.n.01" && categoryProfile(c).source !== "table") missing.add(c);
      }
    }
    expect([...missing]).toEqual([]);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { footprintContainsPoint } from "../../../sim/geometry/footprint.ts";
import { footprintOverlapArea } from "../../../sim/geometry/footprint-overlap.ts";
import { ontop } from "../../../sim/predicates/ontop.ts";
import { OVERLAID_COVER, overlaid } from "../../../sim/predicates/overlaid.ts";
import { PREDICATES } from "../../../sim/predicates/registry.ts";
import { object, restingBox } from "../geometry/fixtures.ts";

const table = object("table", restingBox(0, 0, 0, 1.2, 0.8, 0.75), { shape: "table", kind: "fixed" });
/** A 5 mm cloth lying on the table's top, its centre at (x, y). */
const cloth = (x: number, y: number, sx: number, sy: number, heading = 0) => object("cloth", restingBox(x, y, 0.75, sx, sy, 0.005, heading));

describe("overlaid (a cloth spread over a thing)", () => {
  it("holds for a cloth over most of the thing and its centre, on it", () => {
    expect(overlaid(cloth(0, 0, 1.4, 1.0), table)).toBe(true);
    // the same size, turned: it covers 0.8 × 0.8 of 1.2 × 0.8, two thirds
    expect(overlaid(cloth(0, 0, 1.2, 0.8, Math.PI / 2), table)).toBe(true);
    // a napkin on a corner of the table: on it, but over a sliver of it
    expect(overlaid(cloth(0.4, 0.2, 0.4, 0.4), table)).toBe(false);
    // over half of it, but not over its centre
    expect(overlaid(cloth(0.35, 0, 0.6, 0.9), table)).toBe(false);
  });

  it("needs the cloth to rest on the thing: above it or under it does not count", () => {
    expect(overlaid(object("cloth", restingBox(0, 0, 0.8, 1.4, 1.0, 0.005)), table)).toBe(false);
    expect(overlaid(object("rug", restingBox(0, 0, 0, 1.4, 1.0, 0.005)), table)).toBe(false);
    expect(overlaid({ ...cloth(0, 0, 1.4, 1.0), held: true }, table)).toBe(false);
  });

  it("is a BDDL predicate of two objects", () => {
    expect(PREDICATES.overlaid).toMatchObject({ arity: 2, operands: ["object", "object"] });
  });

  it("property: it holds exactly when the cloth rests on the thing, covers more than half of it and its centre", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: 0.05, max: 2, noNaN: true }),
        fc.double({ min: 0.05, max: 2, noNaN: true }),
        fc.constantFrom(0, Math.PI / 2, Math.PI / 5),
        (x, y, sx, sy, heading) => {
          const c = cloth(x, y, sx, sy, heading);
          const covers = footprintOverlapArea(c.box, table.box) > OVERLAID_COVER * 1.2 * 0.8 && footprintContainsPoint(c.box, table.box.center, 1e-9);
          expect(overlaid(c, table)).toBe(ontop(c, table) && covers);
          // a cloth smaller than half the table can never be overlaid on it
          if (sx * sy <= OVERLAID_COVER * 1.2 * 0.8) expect(overlaid(c, table)).toBe(false);
        },
      ),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stepsHistogram } from "../../../harness/report/histogram-bins.ts";
import { barChart } from "../../../harness/report/svg/bar-chart.ts";
import { deltaChart } from "../../../harness/report/svg/delta-chart.ts";
import { histogramChart } from "../../../harness/report/svg/histogram-chart.ts";
import { niceTicks } from "../../../harness/report/svg/scale.ts";

const attrs = (svg: string, tag: string) =>
  [...svg.matchAll(new RegExp(`<${tag} ([^>]*?)/?>`, "g"))].map((m) => Object.fromEntries([...m[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])));

describe("steps histogram bins", () => {
  it("put every value in exactly one bin: contiguous, equal width, at most maxBins", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 1, maxLength: 200 }), fc.integer({ min: 1, max: 30 }), (values, maxBins) => {
        const bins = stepsHistogram(values, maxBins);
        expect(bins.length).toBeLessThanOrEqual(maxBins);
        expect(bins.reduce((s, b) => s + b.count, 0)).toBe(values.length);
        const width = bins[0]!.to - bins[0]!.from + 1;
        bins.forEach((b, i) => {
          expect(b.to - b.from + 1).toBe(width);
          if (i > 0) expect(b.from).toBe(bins[i - 1]!.to + 1);
          expect(b.count).toBe(values.filter((v) => v >= b.from && v <= b.to).length);
        });
        expect(bins[0]!.from).toBe(Math.min(...values));
        expect(bins.at(-1)!.to).toBeGreaterThanOrEqual(Math.max(...values));
      }),
    );
    expect(stepsHistogram([])).toEqual([]);
  });
});

describe("axis ticks", () => {
  it("cover the range with evenly spaced round steps", () => {
    fc.assert(
      fc.property(fc.double({ min: -1000, max: 1000, noNaN: true }), fc.double({ min: 1e-3, max: 1000, noNaN: true }), fc.integer({ min: 2, max: 8 }), (min, span, count) => {
        const max = min + span;
        const ticks = niceTicks(min, max, count);
        const step = ticks[1]! - ticks[0]!;
        // covered up to a millionth of a step (floating-point dust at the ends is not worth a tick)
        expect(ticks[0]).toBeLessThanOrEqual(min + step * 1e-6);
        expect(ticks.at(-1)).toBeGreaterThanOrEqual(max - step * 1e-6);
        expect(step / 10 ** Math.floor(Math.log10(step) + 1e-9)).toSatisfy((f: number) => [1, 2, 2.5, 5].some((n) => Math.abs(f - n) < 1e-6));
        for (let i = 1; i < ticks.length; i++) expect(ticks[i]! - ticks[i - 1]!).toBeCloseTo(step, 6);
        expect(ticks.length).toBeLessThanOrEqual(3 * count + 2);
      }),
    );
  });
});

describe("bar chart", () => {
  it("draws bars from the same origin, proportional to their values, inside the picture", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 12 }), (values) => {
        const svg = barChart(values.map((v, i) => ({ label: `m${i}`, value: v, ci: [v / 2, Math.min(1, v * 1.5)] })), { title: "t", id: "x", max: 1, width: 500 });
        const rects = attrs(svg, "rect");
        expect(rects).toHaveLength(values.length);
        const x0 = Number(rects[0]!.x);
        const unit = Math.max(...rects.map((r) => Number(r.width))) / Math.max(...values);
        rects.forEach((r, i) => {
          expect(Number(r.x)).toBe(x0);
          expect(Number(r.x) + Number(r.width)).toBeLessThanOrEqual(500);
          if (Math.max(...values) > 0.01) expect(Number(r.width)).toBeCloseTo(values[i]! * unit, 0);
        });
      }),
    );
  });

  it("escapes labels", () => {
    const svg = barChart([{ label: "<b>&", value: 1 }], { title: 'a"b', id: "x" });
    expect(svg).toContain("&lt;b&gt;&amp;");
    expect(svg).not.toContain("<b>");
    expect(svg).toContain('aria-label="a&quot;b"');
  });
});

describe("delta chart", () => {
  it("puts each dot on its side of zero, every interval inside the plot, red for regressions", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })), { minLength: 1, maxLength: 6 }), (rows) => {
        const data = rows.map(([d, w], i) => ({ label: `m${i}`, delta: d, ci: [d - w, d + w] as [number, number], verdict: d + w < 0 ? ("regressed" as const) : ("within noise" as const) }));
        const svg = deltaChart(data, { title: "t", id: "d", width: 500 });
        const zero = attrs(svg, "line").find((l) => l.class === "zero")!;
        const dots = attrs(svg, "circle");
        expect(dots).toHaveLength(rows.length);
        const left = Math.min(...[...svg.matchAll(/M(-?[\d.]+) /g)].map((m) => Number(m[1])));
        const right = Math.max(...[...svg.matchAll(/H(-?[\d.]+)/g)].map((m) => Number(m[1])));
        expect(left).toBeGreaterThanOrEqual(0);
        expect(right).toBeLessThanOrEqual(500);
        dots.forEach((c, i) => {
          // a dot sits on the side of zero its delta is on (deltas within a pixel of 0 may round onto it)
          if (Math.abs(data[i]!.delta) > 0.01) expect(Math.sign(Number(c.cx) - Number(zero.x1))).toBe(Math.sign(data[i]!.delta));
          expect(c.fill).toBe(data[i]!.verdict === "regressed" ? "#cf222e" : "#57606a");
        });
      }),
    );
  });
});

describe("histogram chart", () => {
  it("draws one column per bin, heights proportional to counts", () => {
    const bins = [
      { from: 1, to: 2, count: 4 },
      { from: 3, to: 4, count: 0 },
      { from: 5, to: 6, count: 2 },
    ];
    const rects = attrs(histogramChart(bins, { title: "s", id: "s", axisTitle: "steps" }), "rect");
    expect(rects.map((r) => Number(r["data-count"]))).toEqual([4, 0, 2]);
    expect(Number(rects[0]!.height)).toBeCloseTo(2 * Number(rects[2]!.height), 1);
    expect(Number(rects[1]!.height)).toBe(0);
  });
});

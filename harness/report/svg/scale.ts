/**
 * Axis helpers for the report's charts: a linear map from data to pixels and "nice" tick values
 * (1, 2 or 5 times a power of ten) so axes read 0, 0.25, 0.5… or 0, 5, 10….
 */

/** A linear map of [d0, d1] onto [r0, r1]; a zero-width domain maps everything to r0. */
export function linearScale(d0: number, d1: number, r0: number, r1: number): (x: number) => number {
  const span = d1 - d0;
  return (x) => (span === 0 ? r0 : r0 + ((x - d0) / span) * (r1 - r0));
}

/** A step of 1, 2, 2.5 or 5 × 10^k near `span / count`. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || !(count > 0)) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const f = raw / power;
  const nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10;
  return nice * power;
}

/** Tick values from `min` to `max` (both rounded outwards to the step), about `count` of them. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  const step = niceStep(max - min, count);
  const start = Math.floor(min / step + 1e-9) * step;
  const ticks: number[] = [];
  for (let v = start; v <= max + step * 1e-9; v += step) ticks.push(Math.round(v / step) * step);
  if (ticks.at(-1)! < max - step * 1e-9) ticks.push(ticks.at(-1)! + step);
  return ticks.map((t) => Number(t.toPrecision(12)));
}

/** Rough width in pixels of a label in the report's 12px sans-serif (for layout, not typesetting). */
export function textWidth(text: string, fontSize = 12): number {
  return text.length * fontSize * 0.58;
}

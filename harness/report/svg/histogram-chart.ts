import { escapeHtml, px } from "../html/escape.ts";
import type { HistogramBin } from "../histogram-bins.ts";
import { TONES } from "./bar-chart.ts";
import { linearScale, niceTicks } from "./scale.ts";

const LEFT = 40;
const BOTTOM = 40;
const TOP = 12;

/**
 * Vertical histogram as inline SVG: one column per bin (labelled `5–9`, or `7` for a one-value
 * bin), counts on a tick axis, the axis title below.
 */
export function histogramChart(bins: readonly HistogramBin[], options: { title: string; id: string; axisTitle: string; width?: number; height?: number }): string {
  const width = options.width ?? 560;
  const height = options.height ?? 220;
  const maxCount = Math.max(1, ...bins.map((b) => b.count));
  const ticks = niceTicks(0, maxCount, 4).filter((t) => Number.isInteger(t));
  const top = Math.max(maxCount, ticks.at(-1) ?? maxCount);
  const y = linearScale(0, top, height - BOTTOM, TOP);
  const slot = (width - LEFT - 10) / Math.max(1, bins.length);
  const out: string[] = [];
  out.push(`<svg class="chart" data-chart="${escapeHtml(options.id)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeHtml(options.title)}">`);
  out.push(`<title>${escapeHtml(options.title)}</title>`);
  for (const t of ticks) {
    out.push(`<line x1="${LEFT}" x2="${width - 10}" y1="${px(y(t))}" y2="${px(y(t))}" class="grid"/>`);
    out.push(`<text x="${LEFT - 6}" y="${px(y(t) + 4)}" text-anchor="end" class="tick">${t}</text>`);
  }
  // thin out bin labels so they never overlap (about 36 px per label)
  const every = Math.max(1, Math.ceil(36 / slot));
  bins.forEach((b, i) => {
    const x0 = LEFT + i * slot + 2;
    const label = b.from === b.to ? String(b.from) : `${b.from}–${b.to}`;
    out.push(`<rect x="${px(x0)}" y="${px(y(b.count))}" width="${px(Math.max(1, slot - 4))}" height="${px(y(0) - y(b.count))}" fill="${TONES.neutral}" data-count="${b.count}"><title>${escapeHtml(`${label}: ${b.count}`)}</title></rect>`);
    if (b.count > 0) out.push(`<text x="${px(x0 + (slot - 4) / 2)}" y="${px(y(b.count) - 3)}" text-anchor="middle" class="value">${b.count}</text>`);
    if (i % every === 0) out.push(`<text x="${px(x0 + (slot - 4) / 2)}" y="${height - BOTTOM + 16}" text-anchor="middle" class="tick">${escapeHtml(label)}</text>`);
  });
  out.push(`<text x="${px(LEFT + (width - LEFT) / 2)}" y="${height - 6}" text-anchor="middle" class="axis-title">${escapeHtml(options.axisTitle)}</text>`);
  out.push("</svg>");
  return out.join("");
}

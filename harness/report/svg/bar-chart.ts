import { escapeHtml, formatNumber, px } from "../html/escape.ts";
import { linearScale, niceTicks, textWidth } from "./scale.ts";

/** One bar: a value, optionally with an interval drawn as a whisker. */
export interface Bar {
  label: string;
  value: number;
  ci?: readonly [number, number] | null;
  /** Extra text after the value (`n=4`). */
  caption?: string;
  tone?: "neutral" | "good" | "bad" | "accent";
}

export interface BarChartOptions {
  /** Chart name: the SVG's accessible title and its `data-chart` attribute. */
  title: string;
  id: string;
  /** Upper end of the axis (default: the largest value or interval end). */
  max?: number;
  width?: number;
  format?: (x: number) => string;
}

export const TONES = { neutral: "#4e79a7", good: "#2da44e", bad: "#cf222e", accent: "#f28e2b" } as const;

const ROW = 26;
const BAR = 16;
const TOP = 8;
const AXIS = 22;

/**
 * Horizontal bar chart as inline SVG: a label column, bars from 0, 95% interval whiskers,
 * values at the bar ends and a tick axis below. Bars never leave the plot: values are clamped
 * to the axis and the axis grows to the largest value unless `max` is given.
 */
export function barChart(bars: readonly Bar[], options: BarChartOptions): string {
  const width = options.width ?? 560;
  const format = options.format ?? ((x: number) => formatNumber(x));
  const dataMax = Math.max(0, ...bars.flatMap((b) => [b.value, b.ci?.[1] ?? 0]));
  const ticks = niceTicks(0, options.max ?? (dataMax > 0 ? dataMax : 1), 4);
  const max = ticks.at(-1)!;
  const labelWidth = Math.min(200, Math.max(40, ...bars.map((b) => textWidth(b.label))) + 10);
  const valueWidth = Math.max(60, ...bars.map((b) => textWidth(`${format(b.value)}${b.caption ? ` ${b.caption}` : ""}`))) + 8;
  const x = linearScale(0, max, labelWidth, width - valueWidth);
  const clamp = (v: number) => Math.min(max, Math.max(0, v));
  const height = TOP + bars.length * ROW + AXIS;
  const out: string[] = [];
  out.push(`<svg class="chart" data-chart="${escapeHtml(options.id)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeHtml(options.title)}">`);
  out.push(`<title>${escapeHtml(options.title)}</title>`);
  for (const t of ticks) {
    out.push(`<line x1="${px(x(t))}" x2="${px(x(t))}" y1="${TOP - 4}" y2="${height - AXIS + 2}" class="grid"/>`);
    out.push(`<text x="${px(x(t))}" y="${height - 6}" text-anchor="middle" class="tick">${escapeHtml(format(t))}</text>`);
  }
  bars.forEach((b, i) => {
    const y = TOP + i * ROW + (ROW - BAR) / 2;
    const mid = y + BAR / 2;
    const end = x(clamp(b.value));
    out.push(`<text x="${px(labelWidth - 8)}" y="${px(mid + 4)}" text-anchor="end" class="label">${escapeHtml(b.label)}</text>`);
    out.push(`<rect x="${px(x(0))}" y="${px(y)}" width="${px(end - x(0))}" height="${BAR}" fill="${TONES[b.tone ?? "neutral"]}" data-value="${b.value}"><title>${escapeHtml(`${b.label}: ${format(b.value)}`)}</title></rect>`);
    let textX = end;
    if (b.ci) {
      const lo = x(clamp(b.ci[0]));
      const hi = x(clamp(b.ci[1]));
      out.push(`<path d="M${px(lo)} ${px(mid)}H${px(hi)}M${px(lo)} ${px(mid - 5)}V${px(mid + 5)}M${px(hi)} ${px(mid - 5)}V${px(mid + 5)}" class="whisker"/>`);
      textX = Math.max(textX, hi);
    }
    const text = `${format(b.value)}${b.caption ? ` ${b.caption}` : ""}`;
    out.push(`<text x="${px(textX + 6)}" y="${px(mid + 4)}" class="value">${escapeHtml(text)}</text>`);
  });
  out.push("</svg>");
  return out.join("");
}

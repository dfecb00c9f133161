import { escapeHtml, px } from "../html/escape.ts";
import { TONES } from "./bar-chart.ts";
import { linearScale, niceTicks, textWidth } from "./scale.ts";

/** A change (candidate − base) with its 95% interval. */
export interface DeltaRow {
  label: string;
  delta: number;
  ci: readonly [number, number];
  verdict: "regressed" | "improved" | "within noise";
}

const ROW = 28;
const TOP = 10;
const AXIS = 24;

/**
 * Forest plot of deltas as inline SVG: a zero line, each metric's interval as a whisker and its
 * delta as a dot — red when the whole interval lies below 0 (a regression), green when above.
 * The axis is symmetric around 0 so the eye compares up and down moves fairly.
 */
export function deltaChart(rows: readonly DeltaRow[], options: { title: string; id: string; width?: number }): string {
  const width = options.width ?? 560;
  const reach = Math.max(0.05, ...rows.flatMap((r) => [Math.abs(r.delta), Math.abs(r.ci[0]), Math.abs(r.ci[1])]));
  const ticks = niceTicks(-reach, reach, 4);
  const lo = Math.min(ticks[0]!, -ticks.at(-1)!);
  const hi = -lo;
  const labelWidth = Math.min(160, Math.max(40, ...rows.map((r) => textWidth(r.label))) + 10);
  const x = linearScale(lo, hi, labelWidth, width - 16);
  const height = TOP + rows.length * ROW + AXIS;
  const out: string[] = [];
  out.push(`<svg class="chart" data-chart="${escapeHtml(options.id)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeHtml(options.title)}">`);
  out.push(`<title>${escapeHtml(options.title)}</title>`);
  for (const t of ticks.filter((t) => t >= lo && t <= hi)) {
    out.push(`<line x1="${px(x(t))}" x2="${px(x(t))}" y1="${TOP - 4}" y2="${height - AXIS + 2}" class="${t === 0 ? "zero" : "grid"}"/>`);
    out.push(`<text x="${px(x(t))}" y="${height - 6}" text-anchor="middle" class="tick">${t > 0 ? "+" : ""}${t}</text>`);
  }
  rows.forEach((r, i) => {
    const mid = TOP + i * ROW + ROW / 2;
    const color = r.verdict === "regressed" ? TONES.bad : r.verdict === "improved" ? TONES.good : "#57606a";
    const [a, b] = [x(r.ci[0]), x(r.ci[1])];
    out.push(`<text x="${px(labelWidth - 8)}" y="${px(mid + 4)}" text-anchor="end" class="label">${escapeHtml(r.label)}</text>`);
    out.push(`<path d="M${px(a)} ${px(mid)}H${px(b)}M${px(a)} ${px(mid - 6)}V${px(mid + 6)}M${px(b)} ${px(mid - 6)}V${px(mid + 6)}" stroke="${color}" stroke-width="2" fill="none"/>`);
    out.push(`<circle cx="${px(x(r.delta))}" cy="${px(mid)}" r="5" fill="${color}" data-delta="${r.delta}"><title>${escapeHtml(`${r.label}: ${r.delta >= 0 ? "+" : ""}${r.delta.toFixed(3)} [${r.ci[0].toFixed(3)}, ${r.ci[1].toFixed(3)}] — ${r.verdict}`)}</title></circle>`);
  });
  out.push("</svg>");
  return out.join("");
}

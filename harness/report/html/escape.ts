/** Text as it may appear in HTML or SVG content and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** A number for a chart label: whole numbers as they are, others with `digits` decimals. */
export function formatNumber(x: number, digits = 3): string {
  if (!Number.isFinite(x)) return "–";
  return Number.isInteger(x) ? String(x) : x.toFixed(digits);
}

/** A coordinate in SVG output: two decimals are sub-pixel, and keep files short. */
export function px(x: number): string {
  const r = Math.round(x * 100) / 100;
  return String(r === 0 ? 0 : r);
}

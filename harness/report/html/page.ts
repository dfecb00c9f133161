import { escapeHtml } from "./escape.ts";

/**
 * The report's page shell: everything inline (styles, the small script that sorts tables and
 * copies commands), so the file opens offline and loads nothing from anywhere.
 */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
<script>${SCRIPT}</script>
</body>
</html>
`;
}

const STYLE = `
:root { --ink:#1f2328; --muted:#656d76; --line:#d0d7de; --ok:#1a7f37; --bad:#cf222e; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1180px; padding: 20px 28px 60px; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 28px 0 8px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
.meta { color: var(--muted); font-size: 13px; margin: 2px 0; }
.note { background: #fff8c5; border: 1px solid #d4a72c66; padding: 6px 10px; border-radius: 6px; font-size: 13px; margin: 6px 0; }
.cards { display: flex; flex-wrap: wrap; gap: 10px; margin: 12px 0; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 8px 14px; min-width: 130px; }
.card .k { font-size: 12px; color: var(--muted); }
.card .v { font-size: 22px; font-variant-numeric: tabular-nums; }
.card .ci { font-size: 12px; color: var(--muted); font-variant-numeric: tabular-nums; }
.grid2 { display: grid; grid-template-columns: repeat(auto-fit, minmax(520px, 1fr)); gap: 8px 28px; align-items: start; }
figure { margin: 0; }
figcaption { font-size: 13px; color: var(--muted); margin: 4px 0 10px; }
svg.chart { max-width: 100%; height: auto; font: 12px system-ui, sans-serif; }
svg.chart .grid { stroke: #eaeef2; }
svg.chart .zero { stroke: #8c959f; stroke-width: 1.5; }
svg.chart .tick { fill: var(--muted); font-size: 11px; }
svg.chart .label { fill: var(--ink); }
svg.chart .value { fill: var(--ink); font-size: 11px; font-variant-numeric: tabular-nums; }
svg.chart .whisker { stroke: #1f2328; stroke-width: 1.5; fill: none; }
svg.chart .axis-title { fill: var(--muted); font-size: 12px; }
table { border-collapse: collapse; width: 100%; font-size: 13px; }
th, td { padding: 4px 8px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
th { border-bottom-width: 2px; white-space: nowrap; }
table.sortable th { cursor: pointer; user-select: none; }
table.sortable th[aria-sort=ascending]::after { content: " ▲"; }
table.sortable th[aria-sort=descending]::after { content: " ▼"; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.fail td:first-child { border-left: 3px solid var(--bad); }
tr.pass td:first-child { border-left: 3px solid var(--ok); }
.bad { color: var(--bad); font-weight: 600; }
.good { color: var(--ok); font-weight: 600; }
code { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; }
code.cmd { background: #f6f8fa; padding: 1px 4px; border-radius: 4px; }
button.copy { font-size: 11px; margin-left: 6px; padding: 0 6px; border: 1px solid var(--line); border-radius: 4px; background: #fff; cursor: pointer; }
.verdict { font-size: 16px; margin: 8px 0; }
`;

/** Sorts `table.sortable` by a clicked column (numbers by `data-v`) and copies `data-copy` texts. */
const SCRIPT = `
for (const table of document.querySelectorAll("table.sortable")) {
  const heads = [...table.tHead.rows[0].cells];
  heads.forEach((th, col) => th.addEventListener("click", () => {
    const desc = th.getAttribute("aria-sort") === "ascending";
    heads.forEach((h) => h.removeAttribute("aria-sort"));
    th.setAttribute("aria-sort", desc ? "descending" : "ascending");
    const body = table.tBodies[0];
    const key = (tr) => { const c = tr.cells[col]; return c.dataset.v !== undefined ? Number(c.dataset.v) : c.textContent; };
    const rows = [...body.rows].map((tr, i) => ({ tr, i, k: key(tr) }));
    rows.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.i - b.i) * (desc && a.k !== b.k ? -1 : 1));
    for (const r of rows) body.append(r.tr);
  }));
}
for (const b of document.querySelectorAll("button.copy")) {
  b.addEventListener("click", () => navigator.clipboard?.writeText(b.dataset.copy).then(() => { b.textContent = "copied"; setTimeout(() => (b.textContent = "copy"), 1200); }));
}
`;

/**
 * The run page: aggregate metrics and a sortable episode table; each row opens its episode.
 */
import { fmt, h, replaceChildren } from "./dom.js";
import { sortRows } from "./sort-rows.js";

/** @typedef {import("../model/view-types.ts").RunView} RunView */

/** Columns of the episode table: key into a row, header text, how to show a value. */
const COLUMNS = [
  ["id", "episode"],
  ["repeat", "rep"],
  ["SR", "SR"],
  ["TTC", "TTC"],
  ["TP", "TP"],
  ["rTP", "rTP"],
  ["steps", "steps"],
  ["satisfied", "conditions"],
  ["actionErrors", "action errors"],
  ["doneCalled", "done()"],
  ["reason", "ended by"],
];

const AGGREGATES = ["SR", "TTC", "TP", "rTP", "steps", "episodes", "errors"];

/**
 * Mounts the run table into `root`.
 * @param {HTMLElement} root
 * @param {RunView} run
 * @param {{ sort?: { key: string, descending: boolean } }} [options]
 */
export function mountRunTable(root, run, options = {}) {
  let sort = options.sort ?? { key: "id", descending: false };
  const rows = run.rows.map((r) => ({ ...r, satisfied: r.conditions.total ? r.conditions.satisfied / r.conditions.total : 0 }));
  const hasRepeats = rows.some((r) => r.repeat > 0);
  const columns = COLUMNS.filter(([key]) => key !== "repeat" || hasRepeats);
  const thead = h("thead");
  const tbody = h("tbody");
  const metrics = run.metrics ?? {};
  replaceChildren(
    root,
    h(
      "div",
      { class: "run" },
      h("h1", {}, `Run ${run.runId || run.dir}`),
      h("p", { class: "meta" }, `suite ${run.suite} · agent ${run.agent} · ${run.rows.length} trajectories · folder ${run.dir}`),
      run.problems.map((p) => h("p", { class: "note" }, p)),
      h("dl", { class: "aggregates" }, AGGREGATES.filter((k) => k in metrics).map((k) => h("div", {}, h("dt", {}, k), h("dd", {}, fmt(metrics[k]))))),
      h("table", { class: "episodes", dataset: { testid: "episode-table" } }, thead, tbody),
      h("p", { class: "meta" }, "Click a column to sort, a row to watch the episode."),
    ),
  );

  function render() {
    replaceChildren(
      thead,
      h(
        "tr",
        {},
        columns.map(([key, text]) =>
          h("th", { class: sort.key === key ? (sort.descending ? "sorted desc" : "sorted asc") : "", onclick: () => resort(key), dataset: { key } }, text),
        ),
      ),
    );
    replaceChildren(
      tbody,
      sortRows(rows, sort.key, sort.descending).map((r) =>
        h(
          "tr",
          { class: r.SR === 1 ? "success" : "failure", onclick: () => (location.hash = `#/episode/${r.index}`), dataset: { index: r.index } },
          columns.map(([key]) => h("td", { class: typeof r[key] === "number" ? "num" : "" }, cell(r, key))),
        ),
      ),
    );
  }

  function resort(key) {
    sort = { key, descending: sort.key === key ? !sort.descending : false };
    render();
  }

  render();
}

function cell(r, key) {
  if (key === "id") return h("a", { href: `#/episode/${r.index}` }, r.id);
  if (key === "satisfied") return `${r.conditions.satisfied}/${r.conditions.total}`;
  if (key === "steps" && r.loggedSteps !== r.steps) return `${r.steps} (${r.loggedSteps} logged)`;
  return fmt(r[key]);
}

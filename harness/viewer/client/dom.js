/**
 * A small element builder. Text always goes in as text nodes (never as HTML): labels and messages
 * come from user files.
 */

/**
 * Creates an element: `h("td", { class: "num", onclick: fn }, "0.5")`.
 * @param {string} tag
 * @param {Record<string, unknown>} [attrs] attributes; `on…` keys add event listeners; `dataset` sets data-*
 * @param {...(Node | string | number | null | undefined | false | Array<Node | string>)} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), /** @type {EventListener} */ (v));
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  append(el, children);
  return el;
}

/**
 * Appends children (nested arrays flattened, empty values skipped).
 * @param {HTMLElement} el
 * @param {unknown[]} children
 */
export function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/**
 * Replaces an element's children.
 * @param {HTMLElement} el
 * @param {...unknown} children
 */
export function replaceChildren(el, ...children) {
  el.replaceChildren();
  append(el, children);
}

/**
 * A number as a metric cell shows it: integers as they are, fractions with three decimals.
 * @param {unknown} v
 */
export function fmt(v) {
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (typeof v !== "number") return v === null || v === undefined ? "–" : String(v);
  return Number.isInteger(v) ? String(v) : v.toFixed(3);
}

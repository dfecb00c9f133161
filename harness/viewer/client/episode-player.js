/**
 * The episode page: the house at the chosen step, a scrubber (play, pause, step, jump to the first
 * failure), the step's action and feedback, the goal conditions and what the agent had observed.
 */
import { fmt, h, replaceChildren } from "./dom.js";
import { fullPath, stateAt } from "./episode-state.js";
import { HouseRenderer } from "./house-renderer.js";
import { cssColor, OBJECT_COLORS, AGENT_COLORS } from "./palette.js";

/** @typedef {import("../model/view-types.ts").EpisodeView} EpisodeView */

const PLAY_INTERVAL_MS = 700;

/**
 * Mounts the player for an episode into `root`.
 * @param {HTMLElement} root
 * @param {EpisodeView} episode
 * @param {{ back?: { href: string, text: string } }} [options]
 */
export function mountEpisodePlayer(root, episode, options = {}) {
  const last = episode.steps.length;
  let k = 0;
  let timer = null;

  const view = h("div", { class: "view" });
  const slider = h("input", { type: "range", min: 0, max: last, value: 0, step: 1, "aria-label": "step", dataset: { testid: "scrubber" } });
  const stepLabel = h("span", { class: "step-label", dataset: { testid: "step-label" } });
  const playButton = h("button", { type: "button", title: "play / pause (space)", dataset: { testid: "play" } }, "▶");
  const button = (text, title, testid, onclick) => h("button", { type: "button", title, onclick, dataset: { testid } }, text);
  const firstFailure = button("first failure", "jump to the first step whose action failed", "first-failure", () => show(episode.firstFailure ?? k));
  if (episode.firstFailure === null) firstFailure.setAttribute("disabled", "");
  const controls = h(
    "div",
    { class: "controls" },
    button("|◀", "first step (Home)", "first", () => show(0)),
    button("◀", "step back (←)", "back", () => show(k - 1)),
    playButton,
    button("▶", "step forward (→)", "forward", () => show(k + 1)),
    button("▶|", "last step (End)", "last", () => show(last)),
    firstFailure,
    stepLabel,
  );
  const actionPanel = h("section", { class: "panel action", dataset: { testid: "action-panel" } });
  const goalPanel = h("section", { class: "panel goal", dataset: { testid: "goal-panel" } });
  const observedPanel = h("section", { class: "panel observed", dataset: { testid: "observed-panel" } });
  const stepList = h("ol", { class: "step-list", start: 1 });
  const labelSelect = h(
    "select",
    { "aria-label": "labels", onchange: () => { renderer.setLabelMode(labelSelect.value); update(); } },
    h("option", { value: "goal" }, "labels: goal objects"),
    h("option", { value: "all" }, "labels: all objects"),
    h("option", { value: "none" }, "labels: none"),
  );

  const notes = episode.replay.notes.map((n) => h("p", { class: "note" }, n));
  const side = h(
    "aside",
    { class: "side" },
    options.back ? h("a", { href: options.back.href, class: "back" }, options.back.text) : null,
    h("h1", {}, episode.episodeId, episode.repeat ? ` (repeat ${episode.repeat})` : ""),
    h("p", { class: "instruction" }, episode.instruction),
    h("p", { class: "meta" }, `agent ${episode.agentName} · task ${episode.taskId} · seed ${episode.seed} · budget ${episode.maxSteps} steps`),
    notes,
    slider,
    controls,
    actionPanel,
    goalPanel,
    observedPanel,
    endPanel(episode),
    h("section", { class: "panel" }, h("h2", {}, "Steps"), stepList),
    legend(),
    labelSelect,
  );
  replaceChildren(root, h("div", { class: "episode" }, view, side));

  const renderer = new HouseRenderer(view);
  renderer.setHouse(episode.scene, { goalObjects: episode.goalObjects });
  const path = fullPath(episode);
  for (const s of episode.steps) {
    stepList.append(
      h("li", { class: s.feedback.ok ? "ok" : "failed", onclick: () => show(s.t), dataset: { t: s.t } }, h("code", {}, s.action), s.feedback.ok ? "" : ` — ${s.feedback.error}`),
    );
  }

  slider.addEventListener("input", () => show(Number(slider.value)));
  playButton.addEventListener("click", () => (timer ? pause() : play()));
  window.addEventListener("keydown", onKey);

  function onKey(e) {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    const keys = { ArrowLeft: () => show(k - 1), ArrowRight: () => show(k + 1), Home: () => show(0), End: () => show(last), " ": () => (timer ? pause() : play()) };
    const f = keys[e.key];
    if (f) {
      e.preventDefault();
      f();
    }
  }

  function play() {
    if (k >= last) show(0);
    playButton.textContent = "pause";
    timer = setInterval(() => {
      show(k + 1);
      if (k >= last) pause();
    }, PLAY_INTERVAL_MS);
  }

  function pause() {
    clearInterval(timer);
    timer = null;
    playButton.textContent = "play";
  }

  /** @param {number} next */
  function show(next) {
    k = Math.max(0, Math.min(last, next));
    update();
  }

  function update() {
    const state = stateAt(episode, k);
    slider.value = String(k);
    stepLabel.textContent = `step ${k} / ${last}`;
    renderer.update(state, path);
    renderAction(actionPanel, state.step);
    renderGoal(goalPanel, episode, state.satisfied);
    renderObserved(observedPanel, episode, state.observed);
    for (const li of stepList.children) li.classList.toggle("current", Number(li.dataset.t) === k);
    document.body.dataset.step = String(k);
  }

  update();
  return {
    show,
    renderer,
    dispose() {
      pause();
      window.removeEventListener("keydown", onKey);
      renderer.dispose();
    },
  };
}

function renderAction(panel, step) {
  if (!step) {
    replaceChildren(panel, h("h2", {}, "Action"), h("p", { class: "muted" }, "before the first action"));
    return;
  }
  const fb = step.feedback;
  replaceChildren(
    panel,
    h("h2", {}, `Action ${step.t}`),
    h("p", {}, h("code", { dataset: { testid: "action" } }, step.action)),
    h("p", { class: fb.ok ? "feedback ok" : "feedback failed", dataset: { testid: "feedback" } }, fb.ok ? "✓ " : `✗ ${fb.error}: `, fb.message),
    h("p", { class: "meta" }, `in ${step.agent.room}`, step.agent.holding ? ` · holding ${step.agent.holding}` : "", step.distance ? ` · walked ${fmt(step.distance)} m` : ""),
    step.observed.length ? h("p", { class: "meta" }, `newly observed: ${step.observed.join(", ")}`) : null,
  );
}

function renderGoal(panel, episode, satisfied) {
  const holds = new Set(satisfied);
  const total = episode.conditions.length;
  replaceChildren(
    panel,
    h("h2", {}, "Goal ", h("span", { class: holds.size === total ? "count all" : "count", dataset: { testid: "goal-count" } }, `${holds.size} / ${total}`), " conditions hold"),
    h(
      "ul",
      { class: "conditions" },
      episode.conditions.map((c, i) =>
        h("li", { class: holds.has(i) ? "holds" : "open", dataset: { testid: "condition" } }, holds.has(i) ? "✓ " : "✗ ", h("code", {}, c.text), h("span", { class: "meta" }, ` ${c.objects.join(", ")}`)),
      ),
    ),
  );
}

function renderObserved(panel, episode, observed) {
  const objects = episode.scene.objects;
  const seen = objects.filter((o) => observed.has(o.id)).length;
  const goalUnseen = episode.goalObjects.filter((id) => !observed.has(id) && objects.some((o) => o.id === id));
  replaceChildren(
    panel,
    h("h2", {}, "Observed"),
    h("p", { dataset: { testid: "observed-count" } }, `${seen} of ${objects.length} objects seen so far (grey: not yet)`),
    goalUnseen.length ? h("p", { class: "meta" }, `goal objects not seen yet: ${goalUnseen.join(", ")}`) : h("p", { class: "meta" }, "every goal object has been seen"),
  );
}

function endPanel(episode) {
  const end = episode.end;
  if (!end) return h("section", { class: "panel" }, h("h2", {}, "End"), h("p", { class: "note" }, "no end line: the episode was interrupted"));
  const m = end.metrics;
  return h(
    "section",
    { class: "panel" },
    h("h2", {}, "End"),
    h("p", {}, `ended by ${end.reason}`, end.error ? ` — ${end.error.category}: ${end.error.message}` : ""),
    h("p", { class: "meta" }, `SR ${fmt(m.SR)} · TTC ${fmt(m.TTC)} · TP ${fmt(m.TP)} · rTP ${fmt(m.rTP)} · ${m.steps} steps · path ${fmt(m.pathLength)} m`),
  );
}

function legend() {
  const item = (color, text) => h("span", { class: "swatch" }, h("i", { style: `background:${cssColor(color)}` }), text);
  return h(
    "p",
    { class: "legend" },
    item(OBJECT_COLORS.goal, "goal object"),
    item(OBJECT_COLORS.carryable, "carryable"),
    item(OBJECT_COLORS.fixed, "furniture"),
    item(OBJECT_COLORS.held, "held"),
    item(OBJECT_COLORS.unobserved, "not observed"),
    item(AGENT_COLORS.body, "agent / path"),
  );
}

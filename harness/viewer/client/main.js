/**
 * Entry of the viewer app: asks the server what it serves (a scene, an episode or a run) and
 * mounts the matching page. A run routes by the location hash: `#/` the table, `#/episode/N` one
 * episode, so the browser's back button returns to the table.
 */
import { getJson } from "./api.js";
import { h, replaceChildren } from "./dom.js";
import { mountEpisodePlayer } from "./episode-player.js";
import { HouseRenderer } from "./house-renderer.js";
import { initialState } from "./episode-state.js";
import { mountRunTable } from "./run-table.js";

const root = /** @type {HTMLElement} */ (document.getElementById("app"));
/** Tears down the page shown now (WebGL context, listeners) before the next one mounts. */
let disposeCurrent = () => {};

async function start() {
  const manifest = await getJson("manifest");
  document.title = `${manifest.title} — rearrange view`;
  if (manifest.kind === "scene") await showScene();
  else if (manifest.kind === "episode") await showEpisode(0, null);
  else {
    window.addEventListener("hashchange", () => route().catch(fail));
    await route();
  }
}

async function route() {
  disposeCurrent();
  disposeCurrent = () => {};
  const m = /^#\/episode\/(\d+)$/.exec(location.hash);
  if (m) await showEpisode(Number(m[1]), { href: "#/", text: "← all episodes" });
  else await showRun();
}

async function showScene() {
  const scene = await getJson("scene");
  const view = h("div", { class: "view" });
  replaceChildren(
    root,
    h(
      "div",
      { class: "episode" },
      view,
      h(
        "aside",
        { class: "side" },
        h("h1", {}, scene.name),
        h("p", { class: "meta" }, `${scene.file} · ${scene.rooms.length} rooms · ${scene.objects.length} objects`),
        h("ul", { class: "rooms" }, scene.rooms.map((r) => h("li", {}, `${r.id} (${r.type}${r.outdoor ? ", outdoor" : ""}): ${scene.objects.filter((o) => o.room === r.id).length} objects`))),
      ),
    ),
  );
  const renderer = new HouseRenderer(view);
  renderer.setLabelMode("all");
  renderer.setHouse(scene);
  const everything = { scene, initiallyObserved: scene.objects.map((o) => o.id), initiallySatisfied: [], steps: [] };
  renderer.update(initialState(/** @type {any} */ (everything)));
  ready();
}

async function showEpisode(index, back) {
  replaceChildren(root, h("p", { class: "loading" }, "re-running the episode in the simulator…"));
  const episode = await getJson(`episode/${index}`);
  disposeCurrent = mountEpisodePlayer(root, episode, back ? { back } : {}).dispose;
  ready();
}

async function showRun() {
  mountRunTable(root, await getJson("run"));
  ready();
}

/** Tests and scripts wait for this attribute before looking at the page. */
function ready() {
  document.body.dataset.ready = "1";
}

function fail(err) {
  replaceChildren(root, h("div", { class: "error", dataset: { testid: "error" } }, h("h1", {}, "Cannot show this"), h("pre", {}, String(err?.message ?? err))));
  ready();
}

start().catch(fail);

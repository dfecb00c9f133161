/**
 * Draws a house with three.js (WebGL): room floors, furniture and objects as labelled oriented
 * boxes, the agent and its path. World units are metres with z up, as in scene files. Renders on
 * demand (after an update or a camera move), not in a loop: a paused viewer costs nothing.
 */
import * as THREE from "three";
import { OrbitControls } from "three/addons/controls/OrbitControls.js";
import { CSS2DObject, CSS2DRenderer } from "three/addons/renderers/CSS2DRenderer.js";
import { AGENT_COLORS, ROOM_COLORS, cssColor, objectColor } from "./palette.js";
import { pathRibbon } from "./path-ribbon.js";

/** @typedef {import("../model/view-types.ts").SceneView} SceneView */
/** @typedef {import("../model/view-types.ts").ObjectPose} ObjectPose */
/** @typedef {import("./episode-state.js").EpisodeState} EpisodeState */

const UNIT_BOX = new THREE.BoxGeometry(1, 1, 1);
const UNIT_EDGES = new THREE.EdgesGeometry(UNIT_BOX);
const PATH_WIDTH = 0.09;
const PATH_Z = 0.02;

/** The 3D view of a house in a container element: build it with `setHouse`, move it with `update`. */
export class HouseRenderer {
  /** @param {HTMLElement} container the element the canvas and the label layer fill */
  constructor(container) {
    this.container = container;
    this.renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(window.devicePixelRatio || 1);
    this.renderer.domElement.dataset.testid = "canvas";
    container.append(this.renderer.domElement);
    this.labels = new CSS2DRenderer();
    this.labels.domElement.className = "labels";
    container.append(this.labels.domElement);

    this.scene = new THREE.Scene();
    this.scene.background = new THREE.Color(0xf6f6f3);
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x8a8070, 2.2));
    const sun = new THREE.DirectionalLight(0xffffff, 1.6);
    sun.position.set(-4, -6, 10);
    this.scene.add(sun);

    this.camera = new THREE.PerspectiveCamera(40, 1, 0.05, 500);
    this.camera.up.set(0, 0, 1);
    this.controls = new OrbitControls(this.camera, this.labels.domElement);
    this.controls.enableDamping = false;
    this.controls.addEventListener("change", () => this.render());
    // once the user has turned the camera, a resize keeps their view instead of re-framing
    this.controls.addEventListener("start", () => (this.userMoved = true));

    this.house = new THREE.Group();
    this.scene.add(this.house);
    /** @type {Map<string, { mesh: THREE.Mesh, edges: THREE.LineSegments, label: CSS2DObject, view: any }>} */
    this.objects = new Map();
    this.labelMode = "goal";
    this.goalObjects = new Set();
    this.agent = makeAgent();
    this.scene.add(this.agent);
    this.walked = new THREE.Mesh(new THREE.BufferGeometry(), new THREE.MeshBasicMaterial({ color: AGENT_COLORS.path }));
    this.toCome = new THREE.Mesh(new THREE.BufferGeometry(), new THREE.MeshBasicMaterial({ color: AGENT_COLORS.futurePath, transparent: true, opacity: 0.7 }));
    this.scene.add(this.walked, this.toCome);

    this.raycaster = new THREE.Raycaster();
    this.tooltip = document.createElement("div");
    this.tooltip.className = "tooltip";
    this.tooltip.hidden = true;
    container.append(this.tooltip);
    this.labels.domElement.addEventListener("pointermove", (e) => this.hover(e));
    this.labels.domElement.addEventListener("pointerleave", () => (this.tooltip.hidden = true));

    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);
    this.resize();
  }

  /** Frees the WebGL context and stops watching the container. */
  dispose() {
    this.resizeObserver.disconnect();
    this.controls.dispose();
    this.renderer.dispose();
    this.renderer.forceContextLoss();
  }

  /**
   * Builds the house: rooms, objects at their reset poses, the agent at its start.
   * @param {SceneView} view
   * @param {{ goalObjects?: string[] }} [options]
   */
  setHouse(view, options = {}) {
    this.house.clear();
    for (const o of this.objects.values()) o.label.element.remove();
    this.objects.clear();
    this.goalObjects = new Set(options.goalObjects ?? []);
    for (const room of view.rooms) this.house.add(makeRoom(room));
    for (const o of view.objects) {
      const material = new THREE.MeshStandardMaterial({ roughness: 0.85, metalness: 0 });
      const mesh = new THREE.Mesh(UNIT_BOX, material);
      mesh.userData.objectId = o.id;
      const edges = new THREE.LineSegments(UNIT_EDGES, new THREE.LineBasicMaterial({ color: 0x333333, transparent: true, opacity: 0.35 }));
      mesh.add(edges);
      const el = document.createElement("div");
      el.className = "label";
      el.dataset.objectId = o.id;
      const label = new CSS2DObject(el);
      this.house.add(mesh, label);
      this.objects.set(o.id, { mesh, edges, label, view: o });
    }
    this.frame(view);
  }

  /**
   * Shows the house as it is in `state` (poses, what was observed, the agent and its path).
   * @param {EpisodeState} state
   * @param {{ x: number, y: number }[]} [fullPath] the whole episode's path, drawn faint
   */
  update(state, fullPath = []) {
    for (const [id, o] of this.objects) {
      const pose = state.poses.get(id) ?? o.view;
      const observed = state.observed.has(id);
      const goal = this.goalObjects.has(id);
      const held = state.agent.holding === id;
      placeBox(o.mesh, pose);
      const color = objectColor({ kind: o.view.kind, goal, observed, held });
      const material = /** @type {THREE.MeshStandardMaterial} */ (o.mesh.material);
      material.color.setHex(color);
      material.transparent = !observed || pose.states.includes("open");
      material.opacity = !observed ? 0.35 : pose.states.includes("open") ? 0.55 : 1;
      material.depthWrite = !material.transparent;
      const el = o.label.element;
      el.textContent = `${o.view.label}${pose.states.length ? ` (${pose.states.join(", ")})` : ""}`;
      el.classList.toggle("goal", goal);
      el.classList.toggle("unobserved", !observed);
      el.style.borderColor = cssColor(color);
      o.label.position.set(pose.box.center.x, pose.box.center.y, pose.box.center.z + pose.box.size.z / 2 + 0.08);
      o.label.visible = this.labelMode === "all" || (this.labelMode === "goal" && (goal || held));
      o.state = { observed, goal, held, pose };
    }
    this.agent.position.set(state.agent.position.x, state.agent.position.y, 0);
    this.walked.geometry.dispose();
    this.walked.geometry = pathRibbon(state.path, PATH_WIDTH, PATH_Z + 0.002);
    this.toCome.geometry.dispose();
    this.toCome.geometry = pathRibbon(fullPath, PATH_WIDTH * 0.6, PATH_Z);
    this.render();
  }

  /** @param {"goal" | "all" | "none"} mode which objects carry a label */
  setLabelMode(mode) {
    this.labelMode = mode;
  }

  render() {
    this.renderer.render(this.scene, this.camera);
    this.labels.render(this.scene, this.camera);
  }

  /** Looks at the whole house from the south, tilted so heights read, with all of it in view. */
  frame(view) {
    const box = new THREE.Box3();
    for (const r of view.rooms) {
      box.expandByPoint(new THREE.Vector3(r.footprint.min.x, r.footprint.min.y, 0));
      box.expandByPoint(new THREE.Vector3(r.footprint.max.x, r.footprint.max.y, 1));
    }
    this.home = { center: box.getCenter(new THREE.Vector3()), radius: Math.max(box.getSize(new THREE.Vector3()).length() / 2, 2) };
    this.fitCamera();
  }

  /** Distance at which a sphere around the house fills the narrower of the two fields of view. */
  fitCamera() {
    if (!this.home) return;
    const { center, radius } = this.home;
    const vfov = THREE.MathUtils.degToRad(this.camera.fov);
    const hfov = 2 * Math.atan(Math.tan(vfov / 2) * this.camera.aspect);
    const distance = (radius / Math.sin(Math.min(vfov, hfov) / 2)) * 0.8;
    const direction = new THREE.Vector3(0, -0.55, 1).normalize();
    this.controls.target.copy(center);
    this.camera.position.copy(center).addScaledVector(direction, distance);
    this.camera.near = distance / 100;
    this.camera.far = distance * 10;
    this.camera.updateProjectionMatrix();
    this.controls.update();
  }

  resize() {
    const w = Math.max(1, this.container.clientWidth);
    const hgt = Math.max(1, this.container.clientHeight);
    this.renderer.setSize(w, hgt);
    this.labels.setSize(w, hgt);
    this.camera.aspect = w / hgt;
    this.camera.updateProjectionMatrix();
    if (!this.userMoved) this.fitCamera();
    this.render();
  }

  /** Shows what is under the pointer: id, category, room and states. */
  hover(e) {
    const rect = this.renderer.domElement.getBoundingClientRect();
    const ndc = new THREE.Vector2(((e.clientX - rect.left) / rect.width) * 2 - 1, -((e.clientY - rect.top) / rect.height) * 2 + 1);
    this.raycaster.setFromCamera(ndc, this.camera);
    const meshes = [...this.objects.values()].map((o) => o.mesh);
    const hit = this.raycaster.intersectObjects(meshes, false)[0];
    const o = hit && this.objects.get(hit.object.userData.objectId);
    if (!o) {
      this.tooltip.hidden = true;
      return;
    }
    const s = o.state ?? { observed: true, goal: false, pose: o.view };
    this.tooltip.textContent = [
      `${o.view.id} — ${o.view.label}`,
      `${o.view.category} · ${o.view.kind}${s.goal ? " · in the goal" : ""}`,
      `room ${s.pose.room}${s.pose.states.length ? ` · ${s.pose.states.join(", ")}` : ""}`,
      s.observed ? "" : "not observed yet",
    ].filter(Boolean).join("\n");
    this.tooltip.style.left = `${e.clientX - rect.left + 14}px`;
    this.tooltip.style.top = `${e.clientY - rect.top + 14}px`;
    this.tooltip.hidden = false;
  }
}

/** @param {THREE.Object3D} node @param {ObjectPose} pose */
function placeBox(node, pose) {
  const { center, size, heading } = pose.box;
  node.position.set(center.x, center.y, center.z);
  node.rotation.set(0, 0, heading);
  node.scale.set(Math.max(size.x, 0.01), Math.max(size.y, 0.01), Math.max(size.z, 0.01));
}

function makeRoom(room) {
  const g = new THREE.Group();
  const { min, max } = room.footprint;
  const w = max.x - min.x;
  const d = max.y - min.y;
  const floor = new THREE.Mesh(UNIT_BOX, new THREE.MeshStandardMaterial({ color: room.outdoor ? ROOM_COLORS.outdoor : ROOM_COLORS.indoor, roughness: 1 }));
  floor.scale.set(w, d, 0.04);
  floor.position.set(min.x + w / 2, min.y + d / 2, -0.02);
  const outline = new THREE.LineLoop(
    new THREE.BufferGeometry().setFromPoints([
      new THREE.Vector3(min.x, min.y, 0.003),
      new THREE.Vector3(max.x, min.y, 0.003),
      new THREE.Vector3(max.x, max.y, 0.003),
      new THREE.Vector3(min.x, max.y, 0.003),
    ]),
    new THREE.LineBasicMaterial({ color: ROOM_COLORS.outline }),
  );
  g.add(floor, outline);
  for (const door of room.doors) {
    const mark = new THREE.Mesh(new THREE.CircleGeometry(0.22, 20), new THREE.MeshBasicMaterial({ color: ROOM_COLORS.door, transparent: true, opacity: 0.6 }));
    mark.position.set(door.position.x, door.position.y, 0.004);
    g.add(mark);
  }
  const el = document.createElement("div");
  el.className = "room-label";
  el.textContent = room.id.replace(/_/g, " ");
  const label = new CSS2DObject(el);
  label.position.set(min.x + w / 2, min.y + 0.35, 0.01);
  g.add(label);
  return g;
}

function makeAgent() {
  const g = new THREE.Group();
  const material = new THREE.MeshStandardMaterial({ color: AGENT_COLORS.body, roughness: 0.6 });
  // short and slim: the agent stands right next to what it works on and must not hide it
  const body = new THREE.Mesh(new THREE.CylinderGeometry(0.11, 0.15, 0.7, 24), material);
  body.rotation.x = Math.PI / 2;
  body.position.z = 0.35;
  const head = new THREE.Mesh(new THREE.SphereGeometry(0.11, 20, 14), material);
  head.position.z = 0.82;
  const el = document.createElement("div");
  el.className = "agent-label";
  el.textContent = "agent";
  const label = new CSS2DObject(el);
  label.position.z = 1.1;
  g.add(body, head, label);
  return g;
}

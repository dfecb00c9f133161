import { BoxGeometry, CylinderGeometry, Group, Mesh, MeshStandardMaterial, type Object3D } from "three";
import { GLTFExporter } from "three/examples/jsm/exporters/GLTFExporter.js";
import { AGENT_COLORS, objectColor, ROOM_COLORS } from "../../viewer/client/palette.js";
import type { ObjectPose, SceneView } from "../../viewer/model/view-types.ts";
import { withFileReader } from "./file-reader-shim.ts";

/** What to draw besides the scene: the poses of a later step, goal objects, the agent's spot. */
export interface GltfSceneOptions {
  /** Poses that replace the scene's (an episode at a step). */
  poses?: ReadonlyMap<string, ObjectPose>;
  /** Objects to colour as goal objects. */
  goalObjects?: readonly string[];
  agent?: { x: number; y: number };
}

/**
 * A house as a glTF 2.0 document (JSON, buffers embedded as data URIs) made with three's
 * GLTFExporter: a `house` node holding one node per room floor (`room/<id>`), one per object
 * (named by its id, with category, label, kind, room and states in `extras`) and the agent.
 * Scene files are z-up and glTF is y-up, so the house node turns the scene a quarter turn about x.
 */
export async function sceneToGltf(scene: SceneView, options: GltfSceneOptions = {}): Promise<Record<string, unknown>> {
  const house = buildHouse(scene, options);
  const result = await withFileReader(() => new GLTFExporter().parseAsync(house, { binary: false, onlyVisible: false, trs: true }));
  if (result instanceof ArrayBuffer) throw new Error("GLTFExporter returned binary output for binary: false");
  return result;
}

/** The three.js scene graph that is exported (exposed for tests and other exporters). */
export function buildHouse(scene: SceneView, options: GltfSceneOptions = {}): Group {
  const box = new BoxGeometry(1, 1, 1);
  const materials = new Map<number, MeshStandardMaterial>();
  const material = (color: number) => {
    let m = materials.get(color);
    if (!m) materials.set(color, (m = new MeshStandardMaterial({ color, roughness: 0.85, metalness: 0, name: `#${color.toString(16).padStart(6, "0")}` })));
    return m;
  };
  const house = new Group();
  house.name = scene.id;
  house.rotation.x = -Math.PI / 2;
  for (const r of scene.rooms) {
    const w = r.footprint.max.x - r.footprint.min.x;
    const d = r.footprint.max.y - r.footprint.min.y;
    const floor = new Mesh(box, material(r.outdoor ? ROOM_COLORS.outdoor : ROOM_COLORS.indoor));
    floor.name = `room/${r.id}`;
    floor.scale.set(w, d, 0.04);
    floor.position.set(r.footprint.min.x + w / 2, r.footprint.min.y + d / 2, -0.02);
    floor.userData = { room: r.id, type: r.type, outdoor: r.outdoor };
    house.add(floor);
  }
  const goal = new Set(options.goalObjects ?? []);
  for (const o of scene.objects) {
    const pose = options.poses?.get(o.id) ?? o;
    const mesh = new Mesh(box, material(objectColor({ kind: o.kind, goal: goal.has(o.id), observed: true, held: pose.held })));
    mesh.name = o.id;
    place(mesh, pose);
    mesh.userData = { category: o.category, label: o.label, kind: o.kind, room: pose.room, states: pose.states };
    house.add(mesh);
  }
  const at = options.agent ?? scene.agent.position;
  const agent = new Mesh(new CylinderGeometry(0.12, 0.15, 0.8, 16), material(AGENT_COLORS.body));
  agent.name = "agent";
  agent.rotation.x = Math.PI / 2;
  agent.position.set(at.x, at.y, 0.4);
  house.add(agent);
  house.updateMatrixWorld(true);
  return house;
}

function place(node: Object3D, pose: ObjectPose): void {
  const { center, size, heading } = pose.box;
  node.position.set(center.x, center.y, center.z);
  node.rotation.set(0, 0, heading);
  // a zero extent would make a singular matrix, which glTF viewers reject
  node.scale.set(Math.max(size.x, 1e-3), Math.max(size.y, 1e-3), Math.max(size.z, 1e-3));
}

/**
 * Misplacement-detection cases from a scene of ours: seeded copies of the scene in which a share of
 * the objects has been moved to implausible places, each a scene file of its own and a detection case.
 *
 * Per copy: the scene is loaded (and settled) as `rearrange run` loads it; every carryable object is
 * at a place (places.ts) with a rule gain (placement-rule.ts). Objects at a place of gain ≥ 1 are
 * *eligible*; objects the rule already finds out of place (gain 0: the bundled houses leave some out
 * of place for their tasks) are left out of the case, since the scene's author and the rule disagree
 * on them. Of the eligible objects that carry nothing, a share `misplaceShare` (at least one) is moved,
 * each to a receptacle where its gain is 0, with the simulator's own placement search
 * (`findPlacement`: collision-free, the relation holds by the same predicates that judge goals, and a
 * physics drop test says it stays), into a container's interior or onto a top at most 1.5 m high.
 * Moved objects are the positives (misplaced), the other eligible objects the negatives.
 *
 * The copy is written with every carryable at its settled pose, so it loads unchanged.
 */
import { findPlacement } from "../../../sim/physics/find-placement.ts";
import type { NearbyQuery } from "../../../sim/physics/placement-types.ts";
import { interiorOf } from "../../../sim/geometry/shape-model.ts";
import { topZ } from "../../../sim/geometry/vertical.ts";
import { Rng } from "../../../sim/rng.ts";
import { SceneSchema, type SceneFile } from "../../../sim/scene/schema.ts";
import { loadWorld } from "../../../sim/world/load-world.ts";
import type { SimObject } from "../../../sim/world/sim-object.ts";
import type { Support, World } from "../../../sim/world/world.ts";
import type { DetectionCase } from "../types.ts";
import { objectNoun, placeGain, splitPlace } from "./placement-rule.ts";
import { ScenePlaces, settledObjects, type Receptacle } from "./places.ts";

/** Highest top a moved object is put on, m (out of reach above it; the sampler keeps distractors as low). */
export const MAX_TOP = 1.5;
/** Receptacles tried per moved object before another object is chosen. */
const TARGET_TRIES = 12;

export interface DetectionOptions {
  seed: number;
  /** Copies of each scene (default 3). */
  copies?: number;
  /** Share of eligible objects moved per copy (default 0.25; at least one). */
  misplaceShare?: number;
}

/** An object the generator moved. */
export interface MovedObject {
  id: string;
  from: string;
  to: string;
  /** Receptacle it was put in or on, and how. */
  target: string;
  relation: "ontop" | "inside";
}

/** One generated copy: the scene file, its detection case, and what was done. */
export interface DetectionCopy {
  scene: SceneFile;
  case: DetectionCase;
  moved: MovedObject[];
  /** Objects left out of the case: the rule finds them out of place in the original scene. */
  leftOut: string[];
}

/** The copies of one scene (see the module comment). `scenePath` is what the case's context names. */
export function detectionCopies(scene: SceneFile, options: DetectionOptions, scenePathOf: (copyId: string) => string): DetectionCopy[] {
  const out: DetectionCopy[] = [];
  for (let k = 0; k < (options.copies ?? 3); k++) {
    const copyId = `${scene.id}-misplaced-s${options.seed}-${k}`;
    out.push(oneCopy(scene, copyId, new Rng(`${options.seed}/${scene.id}/${k}`), options.misplaceShare ?? 0.25, scenePathOf(copyId)));
  }
  return out;
}

function oneCopy(scene: SceneFile, copyId: string, rng: Rng, share: number, scenePath: string): DetectionCopy {
  const world = loadWorld(scene);
  const places = new ScenePlaces(world);
  const before = new Map(places.carryables().map((o) => [o.id, places.placeOf(o.id).place]));
  const eligible = places.carryables().filter((o) => placeGain(o, before.get(o.id)!) > 0);
  const leftOut = places.carryables().filter((o) => placeGain(o, before.get(o.id)!) === 0).map((o) => o.id);
  const wanted = Math.max(1, Math.round(share * eligible.length));
  const movable = rng.shuffle(eligible.filter((o) => world.descendants(o.id).length === 0));
  const moved: MovedObject[] = [];
  for (const o of movable) {
    if (moved.length >= wanted) break;
    const m = moveToImplausible(world, places, o, rng);
    if (m) moved.push({ id: o.id, from: before.get(o.id)!, ...m });
  }
  const movedIds = new Set(moved.map((m) => m.id));
  const copy = sceneCopy(scene, world, copyId);
  const detection: DetectionCase = {
    id: copyId,
    context: {
      dataset: "scene",
      scene: copyId,
      sceneFile: scenePath,
      receptacles: places.receptacles.map((r) => ({ id: r.id, room: r.roomType, category: r.kind })),
    },
    objects: eligible.map((o) => {
      const { roomType, kind } = splitPlace(places.placeOf(o.id).place);
      return { id: o.id, label: objectNoun(o.category), room: roomType, receptacle: kind, misplaced: movedIds.has(o.id) };
    }),
  };
  return { scene: copy, case: detection, moved, leftOut };
}

/** Moves `o` onto or into a receptacle where its gain is 0; null when no tried receptacle has room. */
function moveToImplausible(world: World, places: ScenePlaces, o: SimObject, rng: Rng): Omit<MovedObject, "id" | "from"> | null {
  const targets = rng.shuffle(
    places.receptacles.filter((r) => {
      const t = world.get(r.id);
      return placeGain(o, r.place) === 0 && (interiorOf(t) !== null || topZ(t.box) <= MAX_TOP);
    }),
  );
  for (const r of targets.slice(0, TARGET_TRIES)) {
    const target = world.get(r.id);
    const relation = interiorOf(target) ? "inside" : "ontop";
    // asked where the search looks, as the `place` action asks (the search leaves out the object itself)
    const nearby: NearbyQuery = (box, radius) => world.objectsNear(box, radius);
    const result = findPlacement({ object: o, relation, target, nearby, rng, rooms: [world.rooms.get(target.room)!] });
    if (!result.ok) continue;
    world.setPose(o.id, result.box, supportOf(world, result.restsOn, relation, r));
    const now = places.placeOf(o.id).place;
    if (now !== r.place || placeGain(o, now) !== 0) throw new Error(`moved ${o.id} to ${r.id} but it is at ${now}`);
    return { to: now, target: r.id, relation };
  }
  return null;
}

/** The support the world records for a placed object (as the `place` action records it). */
function supportOf(world: World, restsOn: string | null, relation: "ontop" | "inside", r: Receptacle): Support {
  const base = restsOn ? world.objects.get(restsOn) : undefined;
  if (!base || base.shape === "floor") return { relation: "onfloor", target: base?.id ?? `floor_${r.room}` };
  if (relation === "inside" && base.id === r.id) return { relation: "inside", target: r.id };
  return { relation: "ontop", target: base.id };
}

/**
 * The scene with every carryable at its pose in `world`, under a new id. Name and description do not
 * say how many objects were moved: a detector could use the count.
 */
function sceneCopy(scene: SceneFile, world: World, id: string): SceneFile {
  const copy: SceneFile = {
    ...scene,
    id,
    name: `${scene.name ?? scene.id} (some objects out of place)`,
    description: `Copy of scene ${scene.id} in which some objects were moved to implausible places, for the misplacement-detection probe (rearrange probe cases).`,
    objects: settledObjects(scene, world),
  };
  return SceneSchema.parse(copy);
}

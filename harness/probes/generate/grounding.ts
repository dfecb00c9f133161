/**
 * 3D grounding ground truth (seed 003 lines) from a scene of ours, computed from its settled geometry.
 * On top of `groundingFromScene` (per-room counts, "Find the <label> in <room>."), it asks:
 * - **on / in / under**: "Find the <noun> on the <anchor>." — the one object of that noun whose place
 *   chain ends on (in) the anchor (places.ts: an apple in a bowl on the counter is on the counter),
 *   or that stands under it; and "How many <nouns> are on the <anchor>?" with the count;
 * - **nearest**: "Find the <noun> nearest to the <anchor>." — of all objects of the noun in the scene,
 *   the one whose centre is nearest the anchor's, asked only when it is in the anchor's room and the
 *   runner-up is at least {@link NEAREST_MARGIN} further away; at most {@link NEAREST_PER_ROOM} seeded
 *   anchors per noun and room;
 * - **largest / smallest**: "Find the largest <noun> in <room>." — asked only when the box volume of
 *   the largest is at least {@link SIZE_RATIO} times the runner-up's (smallest likewise).
 * A noun is the object's category name (`mug`, `remote control`); an anchor is a fixed object named by
 * its label, with its room when the label alone is not unique in the scene ("the nightstand in
 * bedroom_1"), never a floor. Object references are asked only when exactly one object fits; their
 * answer is that object's oriented box with its object-list number (`{object_id, center, size,
 * heading}`). The object list numbers objects by their position in the scene file.
 */
import { Rng } from "../../../sim/rng.ts";
import type { SceneFile } from "../../../sim/scene/schema.ts";
import type { SimObject } from "../../../sim/world/sim-object.ts";
import { groundingFromScene, plural, readableLabel } from "../grounding/from-scene.ts";
import { formatObjectList } from "../grounding/object-list.ts";
import type { GroundingTruth } from "../types.ts";
import { objectNoun } from "./placement-rule.ts";
import { settledObjects, type ScenePlaces } from "./places.ts";

/** The runner-up must be this much further from the anchor than the nearest object, m. */
export const NEAREST_MARGIN = 0.3;
/** Anchors asked about per noun and room in "nearest" questions. */
export const NEAREST_PER_ROOM = 2;
/** The largest (smallest) must exceed (undercut) the runner-up's volume by this factor. */
export const SIZE_RATIO = 1.25;

type SceneObject = SceneFile["objects"][number];

export interface SceneGroundingOptions {
  seed: number;
  /** Numerical per-room count questions (groundingFromScene), default 3. */
  perRoom?: number;
}

/** Grounding lines for one scene (see the module comment). */
export function groundingCasesFromScene(scene: SceneFile, places: ScenePlaces, options: SceneGroundingOptions): GroundingTruth[] {
  const world = places.world;
  const settled: SceneFile = { ...scene, objects: settledObjects(scene, world) };
  const number = new Map(settled.objects.map((o, i) => [o.id, i]));
  const byId = new Map(settled.objects.map((o) => [o.id, o]));
  const objectList = formatObjectList(settled.objects.map((o, i) => ({ id: i, box: o.box, label: readableLabel(o) })));
  const out: GroundingTruth[] = [];
  const asked = new Set<string>();
  const add = (type: "numerical" | "object_reference", question: string, answer: unknown) => {
    if (asked.has(question)) return;
    asked.add(question);
    out.push({ scene: scene.id, type, question, answer, object_list: objectList });
  };
  for (const q of groundingFromScene(settled, { objectList, ...(options.perRoom !== undefined ? { perRoom: options.perRoom } : {}) })) add(q.type as "numerical", q.question, q.answer);
  const reference = (id: string) => {
    const o = byId.get(id)!;
    return { object_id: number.get(id)!, center: o.box.center, size: o.box.size, heading: o.box.heading };
  };
  const anchors = anchorPhrases(settled.objects);
  const carryables = places.carryables();

  // on / in / under
  const groups = new Map<string, { noun: string; prep: string; anchor: string; ids: string[] }>();
  for (const o of carryables) {
    const direct = world.supports.get(o.id);
    const where = direct?.relation === "under" ? { prep: "under", anchor: direct.target } : holderOf(places, o.id);
    if (!where || !anchors.has(where.anchor)) continue;
    const noun = objectNoun(o.category);
    const key = `${noun}|${where.prep}|${where.anchor}`;
    const g = groups.get(key) ?? { noun, prep: where.prep, anchor: where.anchor, ids: [] };
    g.ids.push(o.id);
    groups.set(key, g);
  }
  for (const g of [...groups.values()].sort((a, b) => compareText(`${a.anchor}|${a.noun}|${a.prep}`, `${b.anchor}|${b.noun}|${b.prep}`))) {
    const phrase = anchors.get(g.anchor)!;
    if (g.ids.length === 1) add("object_reference", `Find the ${g.noun} ${g.prep} ${phrase}.`, reference(g.ids[0]!));
    add("numerical", `How many ${plural(g.noun)} are ${g.prep} ${phrase}?`, g.ids.length);
  }

  // nearest
  const rng = new Rng(`${options.seed}/${scene.id}/nearest`);
  const byNoun = groupBy(carryables, (o) => objectNoun(o.category));
  for (const [noun, members] of [...byNoun].sort(([a], [b]) => compareText(a, b))) {
    if (members.length < 2) continue;
    const rooms = [...new Set(members.map((m) => m.room))].sort(compareText);
    for (const room of rooms) {
      const candidates = [...anchors.keys()].filter((id) => world.get(id).room === room).sort(compareText);
      const chosen: string[] = [];
      for (const id of rng.shuffle(candidates)) {
        if (chosen.length >= NEAREST_PER_ROOM) break;
        const c = world.get(id).box.center;
        const ranked = members.map((m) => ({ m, d: distance(m.box.center, c) })).sort((a, b) => a.d - b.d);
        if (ranked[0]!.m.room !== room || ranked[1]!.d - ranked[0]!.d < NEAREST_MARGIN) continue;
        chosen.push(id);
        add("object_reference", `Find the ${noun} nearest to ${anchors.get(id)!}.`, reference(ranked[0]!.m.id));
      }
    }
  }

  // largest / smallest, over every object (fixed ones too) of a noun in a room
  const volume = (o: SceneObject) => o.box.size.x * o.box.size.y * o.box.size.z;
  const inRooms = groupBy(settled.objects, (o) => `${o.room}|${objectNoun(o.category)}`);
  for (const [key, members] of [...inRooms].sort(([a], [b]) => compareText(a, b))) {
    if (members.length < 2) continue;
    const [room, noun] = [key.slice(0, key.indexOf("|")), key.slice(key.indexOf("|") + 1)];
    const sorted = [...members].sort((a, b) => volume(b) - volume(a));
    if (volume(sorted[0]!) >= SIZE_RATIO * volume(sorted[1]!)) add("object_reference", `Find the largest ${noun} in ${room}.`, reference(sorted[0]!.id));
    const [last, second] = [sorted.at(-1)!, sorted.at(-2)!];
    if (volume(last) * SIZE_RATIO <= volume(second)) add("object_reference", `Find the smallest ${noun} in ${room}.`, reference(last.id));
  }
  return out;
}

/** Where an object is kept, as a preposition and the fixed holder; null on a floor. */
function holderOf(places: ScenePlaces, id: string): { prep: string; anchor: string } | null {
  const p = places.placeOf(id);
  if (p.place.endsWith("|floor")) return null;
  return { prep: p.holderRelation === "inside" ? "in" : "on", anchor: p.holder };
}

/**
 * How each fixed object (not a floor) can be named unambiguously: "the <label>" when the label is
 * unique in the scene, "the <label> in <room>" when it is unique in its room; objects neither way
 * are left out.
 */
export function anchorPhrases(objects: readonly SceneObject[]): Map<string, string> {
  const fixed = objects.filter((o) => o.kind === "fixed" && o.shape !== "floor");
  const labels = groupBy(fixed, (o) => readableLabel(o));
  const out = new Map<string, string>();
  for (const [label, members] of labels) {
    if (members.length === 1) {
      out.set(members[0]!.id, `the ${label}`);
      continue;
    }
    for (const [room, inRoom] of groupBy(members, (o) => o.room)) if (inRoom.length === 1) out.set(inRoom[0]!.id, `the ${label} in ${room}`);
  }
  return out;
}

function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const t of items) out.set(key(t), [...(out.get(key(t)) ?? []), t]);
  return out;
}

function distance(a: SimObject["box"]["center"], b: SimObject["box"]["center"]): number {
  return Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

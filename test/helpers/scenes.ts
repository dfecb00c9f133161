import { SceneSchema, type SceneFile, type SceneInput } from "../../sim/scene/schema.ts";

/** A two-room flat for tests: kitchen (fridge, counter, table) and living room (sofa, shelf), joined by a door. */
export function tinyFlatInput(): SceneInput {
  return {
    schemaVersion: 1,
    id: "tiny-flat",
    rooms: [
      { id: "kitchen", type: "kitchen", footprint: { min: { x: 0, y: 0 }, max: { x: 4, y: 4 } }, doors: [{ to: "living", position: { x: 4, y: 2 } }] },
      { id: "living", type: "living_room", footprint: { min: { x: 4, y: 0 }, max: { x: 9, y: 4 } } },
    ],
    objects: [
      { id: "fridge_1", category: "refrigerator.n.01", room: "kitchen", kind: "fixed", shape: "container", abilities: ["container", "openable", "cold_source"], states: { open: false }, box: { center: [0.5, 3.4, 0.9], size: [0.8, 0.7, 1.8] } },
      { id: "counter_1", category: "countertop.n.01", room: "kitchen", kind: "fixed", shape: "solid", box: { center: [2, 3.6, 0.45], size: [1.6, 0.6, 0.9] } },
      { id: "table_1", category: "table.n.02", room: "kitchen", kind: "fixed", shape: "table", box: { center: [2, 1.2, 0.375], size: [1.2, 0.8, 0.75] } },
      { id: "apple_1", category: "apple.n.01", room: "kitchen", kind: "carryable", box: { center: [1.8, 3.6, 0.94], size: [0.08, 0.08, 0.08] } },
      { id: "apple_2", category: "apple.n.01", room: "kitchen", kind: "carryable", box: { center: [0.5, 3.4, 0.06], size: [0.08, 0.08, 0.08] } },
      { id: "basket_1", category: "basket.n.01", room: "kitchen", kind: "carryable", shape: "container", abilities: ["container"], box: { center: [2.2, 1.2, 0.85], size: [0.4, 0.3, 0.2] } },
      { id: "lamp_1", category: "lamp.n.02", room: "living", kind: "fixed", abilities: ["toggleable"], box: { center: [8.5, 3.5, 0.75], size: [0.3, 0.3, 1.5] } },
      { id: "shelf_1", category: "shelf.n.01", room: "living", kind: "fixed", shape: "solid", box: { center: [6, 3.7, 0.5], size: [0.5, 0.3, 1.0] } },
      { id: "book_1", category: "book.n.02", room: "living", kind: "carryable", box: { center: [6, 1, 0.02], size: [0.2, 0.15, 0.04] } },
    ],
    agent: { room: "living", position: { x: 5, y: 1 } },
  };
}

export function tinyFlat(): SceneFile {
  return SceneSchema.parse(tinyFlatInput());
}

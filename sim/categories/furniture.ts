/**
 * Furniture, appliances, fixtures and outdoor features: what stands in a room and stays there.
 * Sizes are typical real ones (x = width along the wall, y = depth, z = height), in metres.
 */
import { cupboard, freeStanding, furniture, type ProfileEntry } from "./profile.ts";

const KITCHEN = ["kitchen"];
const BATH = ["bathroom"];

/** Fixed categories by synset. */
export const FURNITURE: Readonly<Record<string, ProfileEntry>> = {
  // kitchen
  "countertop.n.01": furniture([2.0, 0.6, 0.9], { rooms: KITCHEN }),
  "counter.n.01": furniture([2.0, 0.6, 0.9], { rooms: KITCHEN }),
  "electric_refrigerator.n.01": cupboard([0.8, 0.75, 1.8], { label: "fridge", abilities: ["container", "openable", "cold_source"], wall: 0.04, rooms: KITCHEN }),
  "refrigerator.n.01": cupboard([0.8, 0.75, 1.8], { label: "fridge", abilities: ["container", "openable", "cold_source"], wall: 0.04, rooms: KITCHEN }),
  "deep-freeze.n.01": cupboard([0.9, 0.7, 0.9], { label: "freezer", abilities: ["container", "openable", "cold_source"], wall: 0.05, rooms: KITCHEN }),
  "stove.n.01": furniture([0.76, 0.65, 0.9], { abilities: ["toggleable", "heat_source"], rooms: KITCHEN }),
  "oven.n.01": cupboard([0.6, 0.6, 0.85], { abilities: ["container", "openable", "toggleable", "heat_source"], wall: 0.03, rooms: KITCHEN }),
  "dishwasher.n.01": cupboard([0.6, 0.6, 0.85], { abilities: ["container", "openable", "toggleable"], wall: 0.03, rooms: KITCHEN }),
  "sink.n.01": furniture([0.7, 0.55, 0.9], {
    shape: "container",
    abilities: ["container", "toggleable", "water_source"],
    wall: 0.03,
    rooms: ["kitchen", "bathroom"],
  }),
  "cabinet.n.01": cupboard([1.0, 0.5, 0.9], { rooms: ["kitchen", "living_room", "bedroom", "bathroom", "garage", "closet", "storage_room"] }),
  "cupboard.n.01": cupboard([1.0, 0.5, 0.9], { rooms: KITCHEN }),
  "drawer.n.01": cupboard([0.5, 0.45, 0.2], { rooms: ["bedroom", "kitchen"] }),
  // living, dining, bedroom, office
  "table.n.02": freeStanding([1.2, 0.8, 0.75], { shape: "table", rooms: ["dining_room", "kitchen", "living_room", "garage"] }),
  "dining_table.n.01": freeStanding([1.8, 1.0, 0.75], { shape: "table", rooms: ["dining_room"] }),
  "coffee_table.n.01": freeStanding([1.0, 0.6, 0.45], { shape: "table", rooms: ["living_room"] }),
  "desk.n.01": furniture([1.2, 0.6, 0.75], { shape: "table", rooms: ["home_office", "bedroom"] }),
  "workbench.n.01": furniture([1.8, 0.7, 0.9], { shape: "table", rooms: ["garage"] }),
  "chair.n.01": freeStanding([0.45, 0.45, 0.45], { rooms: ["dining_room", "home_office", "kitchen"] }),
  "armchair.n.01": furniture([0.8, 0.8, 0.45], { rooms: ["living_room"] }),
  "sofa.n.01": furniture([2.0, 0.9, 0.45], { rooms: ["living_room"] }),
  "bench.n.01": freeStanding([1.4, 0.45, 0.45], { rooms: ["garden", "corridor"] }),
  "bed.n.01": freeStanding([2.0, 1.6, 0.55], { shape: "table", rooms: ["bedroom"] }),
  "wardrobe.n.01": cupboard([1.2, 0.6, 2.0], { wall: 0.03, rooms: ["bedroom", "closet"] }),
  "chest_of_drawers.n.01": cupboard([1.0, 0.5, 0.9], { rooms: ["bedroom"] }),
  "shelf.n.01": furniture([0.9, 0.4, 1.2], { rooms: ["garage", "living_room", "closet", "storage_room", "bathroom", "home_office"] }),
  "bookcase.n.01": furniture([0.9, 0.35, 1.8], { rooms: ["living_room", "home_office"] }),
  "television_receiver.n.01": furniture([1.0, 0.2, 0.6], { label: "TV", abilities: ["toggleable"], rooms: ["living_room"] }),
  "door.n.01": furniture([0.9, 0.08, 2.0], { abilities: ["openable"] }),
  "window.n.01": furniture([1.0, 0.1, 1.5], { abilities: ["openable"] }),
  "christmas_tree.n.05": freeStanding([1.0, 1.0, 1.8], { rooms: ["living_room"] }),
  // bathroom and laundry
  "toilet.n.02": furniture([0.45, 0.65, 0.45], { rooms: BATH }),
  "bathtub.n.01": furniture([1.7, 0.75, 0.55], { shape: "container", abilities: ["container", "toggleable", "water_source"], wall: 0.05, rooms: BATH }),
  "shower.n.01": furniture([0.9, 0.9, 2.1], { shape: "container", abilities: ["container", "toggleable", "water_source"], wall: 0.03, rooms: BATH }),
  "washer.n.03": cupboard([0.6, 0.6, 0.85], { label: "washing machine", abilities: ["container", "openable", "toggleable"], wall: 0.03, rooms: ["bathroom", "utility_room"] }),
  "clothes_dryer.n.01": cupboard([0.6, 0.6, 0.85], { abilities: ["container", "openable", "toggleable", "dryer"], wall: 0.03, rooms: ["bathroom", "utility_room"] }),
  // garage and garden
  "car.n.01": freeStanding([4.2, 1.8, 1.45], { shape: "container", abilities: ["container", "openable"], wall: 0.08, rooms: ["garage", "garden"] }),
  "pool.n.01": freeStanding([2.0, 2.0, 0.9], { label: "hot tub", shape: "container", abilities: ["container"], wall: 0.08, rooms: ["garage", "garden"] }),
  "tree.n.01": freeStanding([1.2, 1.2, 4.0], { rooms: ["garden"] }),
  "lawn.n.01": freeStanding([5.0, 5.0, 0.02], { shape: "floor", siting: "ground", rooms: ["garden"] }),
  "driveway.n.01": freeStanding([3.0, 6.0, 0.02], { shape: "floor", siting: "ground", rooms: ["garden"] }),
  "floor.n.01": freeStanding([4.0, 4.0, 0.1], { shape: "floor", siting: "ground" }),
  // a stretch of a room's wall (BEHAVIOR-1K's wall.n.01, which things touch or hang on): thin and full height, not
  // WordNet's generic furniture block, on whose 1 m top a backpack "touching the wall" was set
  "wall.n.01": furniture([2.0, 0.1, 2.4]),
};

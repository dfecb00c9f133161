/**
 * Default profiles for WordNet ancestors: a category missing from the tables takes the default of its
 * nearest ancestor listed here (`apricot.n.01` → edible_fruit: a sliceable fruit of 7 cm). Order breaks
 * ties between ancestors at the same distance: the more specific entry comes first.
 */
import type { Ability } from "../scene/schema.ts";
import { cupboard, food, freeStanding, furniture, item, vessel, type ProfileEntry } from "./profile.ts";

const CLOTH: readonly Ability[] = ["cleaning_tool", "soakable", "dryer"];

/** Ancestor synset → default profile, most specific first. */
export const HYPERNYM_DEFAULTS: ReadonlyArray<readonly [string, ProfileEntry]> = [
  ["refrigerator.n.01", cupboard([0.8, 0.75, 1.8], { abilities: ["container", "openable", "cold_source"], wall: 0.04, rooms: ["kitchen"] })],
  ["kitchen_appliance.n.01", furniture([0.6, 0.6, 0.9], { abilities: ["toggleable"], rooms: ["kitchen"] })],
  ["home_appliance.n.01", furniture([0.6, 0.6, 0.85], { abilities: ["toggleable"] })],
  ["plumbing_fixture.n.01", furniture([0.6, 0.5, 0.9], { shape: "container", abilities: ["container", "toggleable", "water_source"], rooms: ["bathroom"] })],
  ["edge_tool.n.01", item([0.25, 0.04, 0.02], ["slicer"], { rooms: ["kitchen"] })],
  ["cleaning_implement.n.01", item([0.3, 0.08, 0.05], ["cleaning_tool", "soakable"])],
  ["cleansing_agent.n.01", item([0.08, 0.08, 0.22], ["cleaner"], { rooms: ["kitchen", "bathroom"] })],
  ["piece_of_cloth.n.01", item([0.3, 0.3, 0.01], CLOTH)],
  ["towel.n.01", item([0.35, 0.25, 0.04], CLOTH, { rooms: ["bathroom"] })],
  ["pot.n.01", vessel([0.3, 0.25, 0.15], [], { rooms: ["kitchen"] })],
  ["pan.n.01", vessel([0.4, 0.26, 0.06], [], { wall: 0.005, rooms: ["kitchen"] })],
  ["bag.n.01", vessel([0.4, 0.25, 0.35])],
  ["basket.n.01", vessel([0.4, 0.3, 0.2], [], { wall: 0.015 })],
  ["box.n.01", vessel([0.35, 0.25, 0.2])],
  ["vessel.n.03", vessel([0.15, 0.15, 0.15], [], { rooms: ["kitchen"] })],
  ["container.n.01", vessel([0.35, 0.25, 0.25])],
  ["table.n.02", freeStanding([1.2, 0.8, 0.75], { shape: "table" })],
  ["seat.n.03", freeStanding([0.5, 0.5, 0.45])],
  ["bed.n.01", freeStanding([2.0, 1.6, 0.55], { shape: "table", rooms: ["bedroom"] })],
  ["cabinet.n.01", cupboard([1.0, 0.5, 0.9])],
  ["furniture.n.01", furniture([1.0, 0.5, 0.9])],
  ["motor_vehicle.n.01", freeStanding([4.2, 1.8, 1.45], { shape: "container", abilities: ["container", "openable"], wall: 0.08, rooms: ["garage"] })],
  ["vehicle.n.01", freeStanding([1.7, 0.6, 1.0], { rooms: ["garage"] })],
  ["tree.n.01", freeStanding([1.2, 1.2, 4.0], { rooms: ["garden"] })],
  ["plant.n.02", item([0.3, 0.3, 0.5], ["soakable"], { rooms: ["living_room", "garden"] })],
  ["edible_fruit.n.01", food([0.07, 0.07, 0.07], { sliceable: true })],
  ["vegetable.n.01", food([0.1, 0.08, 0.08], { sliceable: true })],
  ["meat.n.01", food([0.2, 0.12, 0.05], { sliceable: true })],
  ["edible_nut.n.01", food([0.03, 0.03, 0.03])],
  ["fruit.n.01", food([0.08, 0.08, 0.08], { sliceable: true })],
  ["crustacean.n.01", food([0.08, 0.03, 0.02])],
  ["helping.n.01", food([0.12, 0.06, 0.05], {}, { label: "serving" })],
  ["drink.n.01", food([0.09, 0.09, 0.15])],
  ["flower.n.02", item([0.1, 0.1, 0.3], ["soakable"], { rooms: ["living_room", "garden"] })],
  ["paper.n.01", item([0.3, 0.22, 0.005], [], { rooms: ["home_office", "kitchen"] })],
  ["label.n.04", item([0.08, 0.05, 0.005], [], { rooms: ["home_office"] })],
  ["card.n.03", item([0.15, 0.1, 0.005], [], { rooms: ["home_office", "corridor"] })],
  ["sign.n.02", item([0.6, 0.4, 0.005], [], { rooms: ["garage", "home_office"] })],
  ["wood.n.01", item([0.4, 0.1, 0.1], [], { rooms: ["garage", "garden"] })],
  ["ointment.n.01", item([0.02, 0.02, 0.07], [], { rooms: ["bathroom"] })],
  ["repellent.n.02", item([0.07, 0.07, 0.2], [], { rooms: ["garage", "bathroom"] })],
  ["beverage.n.01", food([0.07, 0.07, 0.22])],
  ["food.n.02", food([0.12, 0.08, 0.08])],
  ["food.n.01", food([0.12, 0.08, 0.08])],
  ["footwear.n.02", item([0.3, 0.11, 0.11], ["soakable"], { rooms: ["closet", "corridor"] })],
  ["clothing.n.01", item([0.35, 0.3, 0.04], ["soakable"], { rooms: ["bedroom", "closet"] })],
  ["jewelry.n.01", item([0.06, 0.06, 0.02], [], { rooms: ["bedroom"] })],
  ["toiletry.n.01", item([0.07, 0.05, 0.15], [], { rooms: ["bathroom"] })],
  ["writing_implement.n.01", item([0.14, 0.015, 0.015], [], { rooms: ["home_office"] })],
  ["publication.n.01", item([0.24, 0.17, 0.03], [], { rooms: ["living_room", "home_office"] })],
  ["book.n.02", item([0.24, 0.17, 0.04], [], { rooms: ["living_room", "home_office"] })],
  ["electronic_equipment.n.01", item([0.3, 0.2, 0.1], ["toggleable"], { rooms: ["home_office", "living_room"] })],
  ["decoration.n.01", item([0.2, 0.2, 0.15], [], { rooms: ["living_room"] })],
  ["toy.n.01", item([0.2, 0.15, 0.15], [], { rooms: ["bedroom"] })],
  ["tool.n.01", item([0.25, 0.05, 0.03], [], { rooms: ["garage"] })],
  ["implement.n.01", item([0.25, 0.05, 0.03])],
  ["device.n.01", item([0.2, 0.15, 0.1])],
  ["road.n.01", freeStanding([3.0, 6.0, 0.02], { shape: "floor", siting: "ground", rooms: ["garden"] })],
  ["geographical_area.n.01", freeStanding([5.0, 5.0, 0.02], { shape: "floor", siting: "ground", rooms: ["garden"] })],
  ["structure.n.01", furniture([1.0, 0.5, 1.0])],
  ["artifact.n.01", item([0.2, 0.15, 0.1])],
];

/** Profile for a category nothing is known about: a small carryable box. */
export const GENERIC_DEFAULT: ProfileEntry = item([0.15, 0.12, 0.1]);

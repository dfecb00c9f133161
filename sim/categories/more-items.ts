/**
 * More carryable things and fixtures by synset: BEHAVIOR-1K categories whose nearest WordNet ancestor with a default is
 * a generic artifact or device (a mattress, a blackboard and a ladder were all 20 × 15 × 10 cm). Typical real sizes,
 * x = width, y = depth, z = height (as they lie or stand in a house), metres. Not here, on purpose: computer, keyboard
 * and mouse keep their generic size, under which BEHAVIOR-1K's desk of neighbours (getting_organized_for_work) is solved
 * at every seed; at real sizes a folder seldom finds room within reach of a 6 cm mouse.
 */
import type { Ability } from "../scene/schema.ts";
import { furniture, item, vessel, type ProfileEntry } from "./profile.ts";

const SOFT: readonly Ability[] = ["soakable"];
const ON: readonly Ability[] = ["toggleable"];
const KITCHEN = ["kitchen"];
const OFFICE = ["home_office", "living_room"];
const GARAGE = ["garage", "storage_room"];
const BEDROOM = ["bedroom", "living_room"];

/** More categories by synset. */
export const MORE_ITEMS: Readonly<Record<string, ProfileEntry>> = {
  // textiles and soft things
  "mattress.n.01": item([1.9, 0.9, 0.2], [], { rooms: BEDROOM }),
  "blanket.n.01": item([0.5, 0.4, 0.08], SOFT, { label: "folded blanket", rooms: BEDROOM }),
  "rug.n.01": item([1.6, 1.0, 0.01], SOFT, { rooms: ["living_room", "bedroom", "corridor"] }),
  "mat.n.03": item([0.8, 0.5, 0.01], SOFT, { rooms: ["corridor", "bathroom"] }),
  "place_mat.n.01": item([0.45, 0.3, 0.005], SOFT, { rooms: ["dining_room", "kitchen"] }),
  "tablecloth.n.01": item([0.4, 0.3, 0.03], SOFT, { label: "folded tablecloth", rooms: ["dining_room"] }),
  "napkin.n.01": item([0.2, 0.2, 0.005], SOFT, { rooms: ["dining_room", "kitchen"] }),
  "dinner_napkin.n.01": item([0.2, 0.2, 0.005], SOFT, { rooms: ["dining_room"] }),
  "curtain.n.01": item([0.5, 0.3, 0.08], SOFT, { label: "folded curtain", rooms: BEDROOM }),
  "lining.n.01": item([0.4, 0.3, 0.02], SOFT),
  "lace.n.01": item([0.3, 0.2, 0.005], SOFT),
  "life_jacket.n.01": item([0.5, 0.35, 0.1], [], { rooms: GARAGE }),
  // office and electronics
  "blackboard.n.01": furniture([1.2, 0.1, 1.2], { rooms: ["home_office", "classroom"] }),
  "blackboard_eraser.n.01": item([0.15, 0.05, 0.03], [], { rooms: ["classroom", "home_office"] }),
  "eraser.n.01": item([0.05, 0.02, 0.01], [], { rooms: OFFICE }),
  "printer.n.03": item([0.45, 0.4, 0.25], ON, { rooms: OFFICE }),
  "facsimile.n.02": item([0.4, 0.35, 0.2], ON, { label: "fax machine", rooms: OFFICE }),
  "stapler.n.01": item([0.16, 0.04, 0.06], [], { rooms: OFFICE }),
  "tape.n.01": item([0.08, 0.08, 0.03], [], { label: "roll of tape", rooms: OFFICE }),
  "letter.n.01": item([0.22, 0.11, 0.005], [], { rooms: OFFICE }),
  "map.n.01": item([0.25, 0.12, 0.01], [], { label: "folded map", rooms: OFFICE }),
  "globe.n.03": item([0.3, 0.3, 0.45], [], { rooms: OFFICE }),
  "jigsaw_puzzle.n.01": item([0.35, 0.25, 0.06], [], { label: "boxed jigsaw puzzle", rooms: BEDROOM }),
  "magazine_rack.n.01": item([0.4, 0.25, 0.45], [], { rooms: ["living_room"] }),
  "videodisk.n.01": item([0.14, 0.125, 0.01], [], { label: "DVD", rooms: ["living_room"] }),
  "digital_camera.n.01": item([0.12, 0.07, 0.06], ON, { rooms: OFFICE }),
  "webcam.n.02": item([0.09, 0.05, 0.05], [], { rooms: OFFICE }),
  "earphone.n.01": item([0.08, 0.06, 0.03], [], { rooms: OFFICE }),
  "sunglass.n.01": item([0.15, 0.05, 0.04], [], { label: "sunglasses", rooms: BEDROOM }),
  "flashlight.n.01": item([0.2, 0.04, 0.04], ON, { rooms: GARAGE }),
  "cigar_lighter.n.01": item([0.08, 0.025, 0.015], [], { label: "lighter", rooms: ["living_room", "kitchen"] }),
  "wall_clock.n.01": item([0.3, 0.05, 0.3], [], { rooms: ["living_room", "kitchen"] }),
  "alarm.n.02": item([0.12, 0.07, 0.12], ON, { label: "alarm clock", rooms: ["bedroom"] }),
  "fire_alarm.n.02": item([0.12, 0.12, 0.05], [], { label: "smoke alarm", rooms: ["corridor", "kitchen"] }),
  "bell.n.01": item([0.1, 0.1, 0.12], [], { rooms: ["living_room"] }),
  "fairy_light.n.01": item([0.2, 0.2, 0.08], ON, { label: "string of fairy lights", rooms: ["living_room"] }),
  "hanger.n.02": item([0.42, 0.01, 0.2], [], { label: "clothes hanger", rooms: ["bedroom", "closet"] }),
  "wall_nail.n.01": item([0.05, 0.005, 0.005], [], { rooms: GARAGE }),
  "wire.n.02": item([0.2, 0.2, 0.03], [], { label: "coil of wire", rooms: GARAGE }),
  "license_plate.n.01": item([0.52, 0.11, 0.005], [], { rooms: GARAGE }),
  "window_blind.n.01": item([1.0, 0.06, 0.06], [], { label: "rolled-up blind", rooms: BEDROOM }),
  "curtain_rod.n.01": item([1.5, 0.03, 0.03], [], { rooms: BEDROOM }),
  "pole.n.01": item([1.5, 0.04, 0.04], [], { rooms: GARAGE }),
  "ladder.n.01": item([0.45, 0.15, 1.8], [], { label: "folded stepladder", rooms: GARAGE }),
  "cube.n.05": item([0.05, 0.05, 0.05], [], { rooms: ["bedroom"] }),
  "die.n.01": item([0.016, 0.016, 0.016], [], { label: "dice", rooms: ["living_room"] }),
  // sports and outdoors
  "baseball_glove.n.01": item([0.3, 0.25, 0.1], [], { rooms: GARAGE }),
  "boxing_glove.n.01": item([0.3, 0.18, 0.15], [], { rooms: GARAGE }),
  "bowling_ball.n.01": item([0.22, 0.22, 0.22], [], { rooms: GARAGE }),
  "tennis_ball.n.01": item([0.067, 0.067, 0.067], [], { rooms: GARAGE }),
  "tennis_racket.n.01": item([0.68, 0.27, 0.03], [], { rooms: GARAGE }),
  "golf_club.n.02": item([1.0, 0.1, 0.05], [], { rooms: GARAGE }),
  "hockey_stick.n.01": item([1.5, 0.25, 0.03], [], { rooms: GARAGE }),
  "puck.n.02": item([0.076, 0.076, 0.025], [], { rooms: GARAGE }),
  "helmet.n.01": item([0.3, 0.22, 0.2], [], { rooms: GARAGE }),
  "ice_skate.n.01": item([0.32, 0.1, 0.25], [], { rooms: GARAGE }),
  "fishing_rod.n.01": item([1.5, 0.05, 0.05], [], { label: "fishing rod (collapsed)", rooms: GARAGE }),
  "fishing_gear.n.01": item([0.35, 0.2, 0.15], [], { label: "tackle box", rooms: GARAGE }),
  "sports_equipment.n.01": item([0.4, 0.3, 0.2], [], { rooms: GARAGE }),
  "camera_tripod.n.01": item([0.15, 0.15, 0.6], [], { label: "folded tripod", rooms: GARAGE }),
  "sprinkler.n.01": item([0.2, 0.15, 0.1], [], { rooms: ["garden", "garage"] }),
  "leaf_blower.n.01": item([0.9, 0.25, 0.3], ON, { rooms: GARAGE }),
  "paintbrush.n.01": item([0.25, 0.05, 0.02], [], { rooms: GARAGE }),
  "half__log.n.01": item([0.5, 0.15, 0.075], [], { label: "split log", rooms: ["garage", "garden"] }),
  // kitchen
  "chopping_board.n.01": item([0.4, 0.28, 0.02], [], { rooms: KITCHEN }),
  "chopping_block.n.01": item([0.45, 0.3, 0.04], [], { rooms: KITCHEN }),
  "cookie_sheet.n.01": item([0.43, 0.3, 0.02], [], { label: "baking sheet", rooms: KITCHEN }),
  "griddle.n.01": item([0.5, 0.26, 0.03], [], { rooms: KITCHEN }),
  "platter.n.01": item([0.4, 0.28, 0.03], [], { rooms: KITCHEN }),
  "saucer.n.02": item([0.15, 0.15, 0.02], [], { rooms: KITCHEN }),
  "lid.n.02": item([0.25, 0.25, 0.03], [], { rooms: KITCHEN }),
  "tablefork.n.01": item([0.19, 0.025, 0.015], [], { label: "fork", rooms: KITCHEN }),
  "tongs.n.01": item([0.3, 0.04, 0.03], [], { rooms: KITCHEN }),
  "straw.n.04": item([0.2, 0.006, 0.006], [], { label: "drinking straw", rooms: KITCHEN }),
  "funnel.n.02": item([0.12, 0.12, 0.14], [], { rooms: KITCHEN }),
  "pepper_mill.n.01": item([0.06, 0.06, 0.2], [], { rooms: KITCHEN }),
  "french_press.n.01": item([0.12, 0.1, 0.22], [], { rooms: KITCHEN }),
  "paper_coffee_filter.n.01": item([0.12, 0.08, 0.005], [], { rooms: KITCHEN }),
  "cooking_utensil.n.01": item([0.3, 0.07, 0.03], [], { rooms: KITCHEN }),
  "colander.n.01": vessel([0.3, 0.25, 0.12], [], { rooms: KITCHEN }),
  "crock_pot.n.01": vessel([0.35, 0.25, 0.25], ["openable", "toggleable", "heat_source"], { label: "slow cooker", rooms: KITCHEN }),
  "electric_mixer.n.01": item([0.3, 0.2, 0.3], ON, { rooms: KITCHEN }),
  "hand_blower.n.01": item([0.25, 0.1, 0.25], ON, { label: "hair dryer", rooms: ["bathroom"] }),
  "ice_cube.n.01": item([0.03, 0.03, 0.03], [], { rooms: KITCHEN }),
  "bagged_chip.n.01": item([0.2, 0.08, 0.28], [], { label: "bag of chips", rooms: KITCHEN }),
  "cornet.n.01": item([0.06, 0.06, 0.12], [], { label: "ice-cream cone", rooms: KITCHEN }),
  "grocery.n.02": item([0.15, 0.1, 0.2], [], { rooms: KITCHEN }),
  "ashtray.n.01": vessel([0.12, 0.12, 0.04], [], { wall: 0.01, rooms: ["living_room", "garden"] }),
};

/**
 * Food and drink: cookable and freezable; whole fruit, vegetables, bread, cheese and meat can be sliced.
 * Packaged goods have the size of their package. Metres.
 */
import { food, type ProfileEntry } from "./profile.ts";

const SLICE = { sliceable: true };

/** Food categories by synset. */
export const FOOD: Readonly<Record<string, ProfileEntry>> = {
  "apple.n.01": food([0.08, 0.08, 0.08], SLICE),
  "orange.n.01": food([0.08, 0.08, 0.08], SLICE),
  "banana.n.02": food([0.2, 0.05, 0.04], SLICE),
  "peach.n.03": food([0.07, 0.07, 0.07], SLICE),
  "lemon.n.01": food([0.07, 0.06, 0.06], SLICE),
  "strawberry.n.01": food([0.035, 0.035, 0.04], SLICE),
  "grape.n.01": food([0.12, 0.08, 0.05], SLICE, { label: "bunch of grapes" }),
  "melon.n.01": food([0.22, 0.18, 0.18], SLICE),
  "date.n.08": food([0.04, 0.02, 0.02], SLICE, { label: "date" }),
  "olive.n.04": food([0.03, 0.02, 0.02], SLICE),
  "pumpkin.n.02": food([0.3, 0.3, 0.25], SLICE),
  "carrot.n.03": food([0.18, 0.04, 0.04], SLICE),
  "broccoli.n.02": food([0.15, 0.15, 0.15], SLICE),
  "tomato.n.01": food([0.07, 0.07, 0.06], SLICE),
  "potato.n.01": food([0.1, 0.07, 0.06], SLICE),
  "onion.n.03": food([0.08, 0.08, 0.07], SLICE),
  "parsley.n.02": food([0.08, 0.05, 0.03], SLICE, { label: "bunch of parsley" }),
  "bread.n.01": food([0.25, 0.12, 0.1], SLICE, { label: "loaf of bread" }),
  "cheese.n.01": food([0.12, 0.08, 0.05], SLICE),
  "swiss_cheese.n.01": food([0.12, 0.08, 0.05], SLICE),
  "beef.n.02": food([0.2, 0.12, 0.05], SLICE),
  "meat.n.01": food([0.2, 0.12, 0.05], SLICE),
  "fish.n.02": food([0.3, 0.1, 0.06], SLICE),
  "chicken.n.01": food([0.25, 0.18, 0.12], SLICE),
  "sandwich.n.01": food([0.12, 0.12, 0.05], SLICE),
  "salad.n.01": food([0.2, 0.2, 0.08], {}, { label: "bowl of salad" }),
  "food.n.02": food([0.15, 0.12, 0.08], {}, { label: "food container" }),
  "egg.n.02": food([0.05, 0.05, 0.06]),
  "easter_egg.n.01": food([0.05, 0.05, 0.065], {}, { rooms: ["living_room", "garden"] }),
  "candy.n.01": food([0.05, 0.03, 0.02]),
  "cookie.n.01": food([0.07, 0.07, 0.015]),
  "butter_cookie.n.01": food([0.06, 0.06, 0.015]),
  "cracker.n.01": food([0.06, 0.06, 0.01]),
  "chip.n.04": food([0.18, 0.08, 0.25], {}, { label: "bag of chips" }),
  "snack_food.n.01": food([0.15, 0.1, 0.04], {}, { label: "snack bar box" }),
  "oatmeal.n.01": food([0.12, 0.08, 0.2], {}, { label: "box of oatmeal" }),
  "flour.n.01": food([0.16, 0.1, 0.24], {}, { label: "bag of flour" }),
  "sugar.n.01": food([0.15, 0.1, 0.2], {}, { label: "bag of sugar" }),
  "soup.n.01": food([0.08, 0.08, 0.11], {}, { label: "can of soup" }),
  "yogurt.n.01": food([0.07, 0.07, 0.08]),
  "milk.n.01": food([0.07, 0.07, 0.2], {}, { label: "milk carton" }),
  "juice.n.01": food([0.08, 0.08, 0.22], {}, { label: "juice bottle" }),
  "water.n.06": food([0.07, 0.07, 0.22], {}, { label: "bottle of water" }),
  "beer.n.01": food([0.07, 0.07, 0.24], {}, { label: "bottle of beer" }),
  "pop.n.02": food([0.066, 0.066, 0.12], {}, { label: "can of soda" }),
  "can__of__soda.n.01": food([0.066, 0.066, 0.12], {}, { label: "can of soda" }),
  "vegetable_oil.n.01": food([0.08, 0.08, 0.28], {}, { label: "bottle of oil" }),
};

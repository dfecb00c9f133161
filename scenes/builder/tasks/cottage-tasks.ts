/** Tasks in the cottage (scenes/builder/houses/cottage.ts). */
import type { TaskSpec } from "../task-builder.ts";

/** The cottage's tasks, in suite order. */
export const COTTAGE_TASKS: TaskSpec[] = [
  {
    id: "cottage-mugs-dishwasher",
    instruction: "Put all the mugs in the dishwasher.",
    family: "collect-all",
    tags: ["hidden-in-container", "open-before-place", "outdoor"],
    bind: {
      "mug.n.04_1": "mug_table",
      "mug.n.04_2": "mug_microwave",
      "mug.n.04_3": "mug_living",
      "mug.n.04_4": "mug_bedroom",
      "mug.n.04_5": "mug_garden",
      "dishwasher.n.01_1": "dishwasher",
    },
    goal: `
      (and
          (forall (?mug.n.04 - mug.n.04)
              (inside ?mug.n.04 ?dishwasher.n.01_1)))`,
    optimalSteps: 37,
  },
  {
    id: "cottage-saucepan-stove",
    instruction: "Put the saucepan on the stove and switch the stove on.",
    family: "fetch",
    tags: ["hidden-in-container", "open-before-pick"],
    bind: { "saucepan.n.01_1": "saucepan", "stove.n.01_1": "stove" },
    goal: `
      (and
          (ontop ?saucepan.n.01_1 ?stove.n.01_1)
          (toggled_on ?stove.n.01_1))`,
    optimalSteps: 7,
  },
  {
    id: "cottage-close-cabinets",
    instruction: "Close all the cabinets.",
    family: "switch",
    tags: ["partly-satisfied"],
    bind: {
      "cabinet.n.01_1": "kitchen_cabinet_1",
      "cabinet.n.01_2": "kitchen_cabinet_2",
      "cabinet.n.01_3": "pantry_cabinet",
      "cabinet.n.01_4": "vanity",
    },
    goal: `
      (and
          (forall (?cabinet.n.01 - cabinet.n.01)
              (not (open ?cabinet.n.01))))`,
    optimalSteps: 6,
  },
  {
    id: "cottage-sweater-wardrobe",
    instruction: "Put the wool sweater in the wardrobe and leave the wardrobe open to air.",
    family: "open-before-place",
    bind: { "sweater.n.01_1": "sweater", "wardrobe.n.01_1": "wardrobe" },
    goal: `
      (and
          (inside ?sweater.n.01_1 ?wardrobe.n.01_1)
          (open ?wardrobe.n.01_1))`,
    optimalSteps: 6,
  },
  {
    id: "cottage-pet-bowl-under",
    instruction: "Move the pet bowl under the kitchen table.",
    family: "place-relation",
    bind: { "bowl.n.01_1": "pet_bowl", "table.n.02_1": "kitchen_table" },
    goal: `
      (and
          (under ?bowl.n.01_1 ?table.n.02_1))`,
    optimalSteps: 4,
  },
  {
    id: "cottage-broom-fridge",
    instruction: "Bring the broom in from the porch and stand it next to the fridge.",
    family: "place-relation",
    tags: ["outdoor"],
    bind: { "broom.n.01_1": "broom", "electric_refrigerator.n.01_1": "fridge" },
    goal: `
      (and
          (nextto ?broom.n.01_1 ?electric_refrigerator.n.01_1))`,
    optimalSteps: 6,
  },
  {
    id: "cottage-groceries",
    instruction:
      "Put the groceries away: the milk and the yogurt go in the fridge (close it afterwards), the bread and the cereal in the pantry cabinet.",
    family: "open-before-place",
    bind: {
      "milk.n.01_1": "milk",
      "yogurt.n.01_1": "yogurt",
      "bread.n.01_1": "bread",
      "cereal.n.03_1": "cereal",
      "electric_refrigerator.n.01_1": "fridge",
      "cabinet.n.01_1": "pantry_cabinet",
    },
    goal: `
      (and
          (and
              (inside ?milk.n.01_1 ?electric_refrigerator.n.01_1)
              (inside ?yogurt.n.01_1 ?electric_refrigerator.n.01_1)
              (not (open ?electric_refrigerator.n.01_1)))
          (and
              (inside ?bread.n.01_1 ?cabinet.n.01_1)
              (inside ?cereal.n.03_1 ?cabinet.n.01_1)))`,
    optimalSteps: 28,
  },
  {
    id: "cottage-one-candle",
    instruction: "There are too many candles on the coffee table: leave exactly one there and put the others somewhere else.",
    family: "count",
    bind: {
      "candle.n.01_1": "candle_1",
      "candle.n.01_2": "candle_2",
      "candle.n.01_3": "candle_3",
      "coffee_table.n.01_1": "coffee_table",
    },
    goal: `
      (and
          (forn (1) (?candle.n.01 - candle.n.01)
              (ontop ?candle.n.01 ?coffee_table.n.01_1)))`,
    optimalSteps: 8,
  },
  {
    id: "cottage-shoes-porch",
    instruction: "Put all the shoes on the porch floor.",
    family: "collect-all",
    tags: ["hidden-in-container", "partly-satisfied", "outdoor"],
    bind: {
      "shoe.n.01_1": "shoe_1",
      "shoe.n.01_2": "shoe_2",
      "shoe.n.01_3": "shoe_3",
      "shoe.n.01_4": "shoe_4",
      "floor.n.01_1": "floor_porch",
    },
    goal: `
      (and
          (forall (?shoe.n.01 - shoe.n.01)
              (onfloor ?shoe.n.01 ?floor.n.01_1)))`,
    optimalSteps: 22,
  },
  {
    id: "cottage-radio-on",
    instruction: "Turn on the radio in the kitchen.",
    family: "switch",
    bind: { "radio.n.01_1": "radio" },
    goal: `
      (and
          (toggled_on ?radio.n.01_1))`,
    optimalSteps: 3,
  },
  {
    id: "cottage-mugs-on-plates",
    instruction: "Put a mug on two of the plates on the kitchen table, one mug per plate.",
    family: "pairs",
    bind: {
      "plate.n.04_1": "plate_1",
      "plate.n.04_2": "plate_2",
      "plate.n.04_3": "plate_3",
      "mug.n.04_1": "mug_table",
      "mug.n.04_2": "mug_living",
      "mug.n.04_3": "mug_bedroom",
    },
    goal: `
      (and
          (fornpairs (2) (?plate.n.04 - plate.n.04) (?mug.n.04 - mug.n.04)
              (ontop ?mug.n.04 ?plate.n.04)))`,
    optimalSteps: 11,
  },
  {
    id: "cottage-plants-porch",
    instruction: "Bring all the potted plants out to the porch.",
    family: "collect-all",
    tags: ["partly-satisfied", "outdoor"],
    bind: {
      "pot_plant.n.01_1": "pot_plant_shelf",
      "pot_plant.n.01_2": "pot_plant_porch",
      "pot_plant.n.01_3": "pot_plant_garden",
    },
    goal: `
      (and
          (forall (?pot_plant.n.01 - pot_plant.n.01)
              (inroom ?pot_plant.n.01 porch)))`,
    optimalSteps: 14,
  },
  {
    id: "cottage-bedroom-light",
    instruction: "Switch on the ceiling light in the bedroom.",
    family: "switch",
    bind: { "lamp.n.02_1": "ceiling_light" },
    goal: `
      (and
          (toggled_on ?lamp.n.02_1))`,
    optimalSteps: 3,
  },
];

/** Tasks in the family house (scenes/builder/houses/family-house.ts). */
import type { TaskSpec } from "../task-builder.ts";

const BEDS = { "bed.n.01_1": "bed_1", "bed.n.01_2": "bed_2" };

/** The family house's tasks, in suite order. */
export const FAMILY_HOUSE_TASKS: TaskSpec[] = [
  {
    id: "house-dining-plates",
    instruction: "Set the dining table: put exactly four plates on it.",
    family: "count",
    tags: ["hidden-in-container", "open-before-pick"],
    bind: {
      "plate.n.04_1": "plate_counter",
      "plate.n.04_2": "plate_cabinet_1",
      "plate.n.04_3": "plate_cabinet_2",
      "plate.n.04_4": "plate_dishwasher",
      "plate.n.04_5": "plate_garden",
      "table.n.02_1": "dining_table",
    },
    goal: `
      (and
          (forn (4) (?plate.n.04 - plate.n.04)
              (ontop ?plate.n.04 ?table.n.02_1)))`,
    optimalSteps: 30,
  },
  {
    id: "house-pillows-beds",
    instruction: "Make sure both beds have a pillow on them, one pillow per bed.",
    family: "pairs",
    bind: {
      ...BEDS,
      "pillow.n.01_1": "pillow_bed_1",
      "pillow.n.01_2": "pillow_sofa",
      "pillow.n.01_3": "pillow_armchair",
    },
    goal: `
      (and
          (fornpairs (2) (?bed.n.01 - bed.n.01) (?pillow.n.01 - pillow.n.01)
              (ontop ?pillow.n.01 ?bed.n.01)))`,
    optimalSteps: 7,
  },
  {
    id: "house-socks-washer",
    instruction: "Put all the socks in the washing machine and shut its door.",
    family: "collect-all",
    tags: ["hidden-in-container", "open-before-place"],
    bind: {
      "sock.n.01_1": "sock_1",
      "sock.n.01_2": "sock_2",
      "sock.n.01_3": "sock_3",
      "sock.n.01_4": "sock_4",
      "washer.n.03_1": "washer",
    },
    goal: `
      (and
          (forall (?sock.n.01 - sock.n.01)
              (inside ?sock.n.01 ?washer.n.03_1))
          (not (open ?washer.n.03_1)))`,
    optimalSteps: 32,
  },
  {
    id: "house-tools-toolbox",
    instruction: "Put the hammer and all the screwdrivers in the toolbox.",
    family: "collect-all",
    tags: ["hidden-in-container"],
    bind: {
      "hammer.n.02_1": "hammer",
      "screwdriver.n.01_1": "screwdriver_drawer",
      "screwdriver.n.01_2": "screwdriver_shelf",
      "toolbox.n.01_1": "toolbox",
    },
    goal: `
      (and
          (and
              (forall (?hammer.n.02 - hammer.n.02)
                  (inside ?hammer.n.02 ?toolbox.n.01_1))
              (forall (?screwdriver.n.01 - screwdriver.n.01)
                  (inside ?screwdriver.n.01 ?toolbox.n.01_1))))`,
    optimalSteps: 22,
  },
  {
    id: "house-lamps-off",
    instruction: "Turn off all the lamps in the house.",
    family: "switch",
    tags: ["partly-satisfied"],
    bind: {
      "lamp.n.02_1": "standing_lamp",
      "lamp.n.02_2": "lamp_bedroom_1",
      "lamp.n.02_3": "lamp_bedroom_2",
      "lamp.n.02_4": "desk_lamp",
    },
    goal: `
      (and
          (forall (?lamp.n.02 - lamp.n.02)
              (not (toggled_on ?lamp.n.02))))`,
    optimalSteps: 9,
  },
  {
    id: "house-parcel-inside",
    instruction: "Bring the parcel in from the porch and leave it on the living-room floor.",
    family: "fetch",
    tags: ["outdoor"],
    bind: { "package.n.02_1": "package", "floor.n.01_1": "floor_living_room" },
    goal: `
      (and
          (onfloor ?package.n.02_1 ?floor.n.01_1))`,
    optimalSteps: 6,
  },
  {
    id: "house-ball-garden",
    instruction: "Take the football out to the garden.",
    family: "fetch",
    tags: ["outdoor"],
    bind: { "ball.n.01_1": "ball" },
    goal: `
      (and
          (inroom ?ball.n.01_1 garden))`,
    optimalSteps: 6,
  },
  {
    id: "house-candles-one-table",
    instruction: "Gather all the candles together on one table, either the dining table or the garden table.",
    family: "choose-one",
    tags: ["hidden-in-container"],
    bind: {
      "table.n.02_1": "dining_table",
      "table.n.02_2": "garden_table",
      "candle.n.01_1": "candle_dining",
      "candle.n.01_2": "candle_coffee",
      "candle.n.01_3": "candle_tv_cabinet",
      "candle.n.01_4": "candle_sideboard",
    },
    goal: `
      (and
          (exists (?table.n.02 - table.n.02)
              (forall (?candle.n.01 - candle.n.01)
                  (ontop ?candle.n.01 ?table.n.02))))`,
    optimalSteps: 23,
  },
  {
    id: "house-fruit-basket",
    instruction: "Put every apple and every orange in the fruit basket on the dining table.",
    family: "collect-all",
    tags: ["hidden-in-container", "outdoor"],
    bind: {
      "apple.n.01_1": "apple_counter",
      "apple.n.01_2": "apple_garden",
      "orange.n.01_1": "orange_fridge",
      "orange.n.01_2": "orange_living",
      "basket.n.01_1": "fruit_basket",
    },
    goal: `
      (and
          (forall (?apple.n.01 - apple.n.01)
              (inside ?apple.n.01 ?basket.n.01_1))
          (forall (?orange.n.01 - orange.n.01)
              (inside ?orange.n.01 ?basket.n.01_1)))`,
    optimalSteps: 29,
  },
  {
    id: "house-bucket-car",
    instruction: "Put the bucket from the garden next to the car in the garage.",
    family: "place-relation",
    tags: ["outdoor"],
    bind: { "bucket.n.01_1": "bucket", "car.n.01_1": "car" },
    goal: `
      (and
          (nextto ?bucket.n.01_1 ?car.n.01_1))`,
    optimalSteps: 6,
  },
  {
    id: "house-plant-outside",
    instruction: "The potted fern needs light: put it on the garden table or on the porch bench.",
    family: "choose-one",
    tags: ["outdoor"],
    bind: { "pot_plant.n.01_1": "pot_plant_living", "table.n.02_1": "garden_table", "bench.n.01_1": "porch_bench" },
    goal: `
      (and
          (or
              (ontop ?pot_plant.n.01_1 ?table.n.02_1)
              (ontop ?pot_plant.n.01_1 ?bench.n.01_1)))`,
    optimalSteps: 5,
  },
  {
    id: "house-teddies-beds",
    instruction: "Put one teddy bear on each bed.",
    family: "pairs",
    tags: ["outdoor"],
    bind: { ...BEDS, "teddy.n.01_1": "teddy_sofa", "teddy.n.01_2": "teddy_garden" },
    goal: `
      (and
          (forpairs (?bed.n.01 - bed.n.01) (?teddy.n.01 - teddy.n.01)
              (ontop ?teddy.n.01 ?bed.n.01)))`,
    optimalSteps: 14,
  },
  {
    id: "house-tv-remote",
    instruction: "Find the TV remote, put it on the coffee table and switch the TV on.",
    family: "fetch",
    tags: ["hidden-in-container"],
    bind: {
      "television_receiver.n.01_1": "tv",
      "remote_control.n.01_1": "remote",
      "coffee_table.n.01_1": "coffee_table",
    },
    goal: `
      (and
          (ontop ?remote_control.n.01_1 ?coffee_table.n.01_1)
          (toggled_on ?television_receiver.n.01_1))`,
    optimalSteps: 10,
  },
];

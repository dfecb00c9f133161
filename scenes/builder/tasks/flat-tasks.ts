/** Tasks in the flat (scenes/builder/houses/flat.ts). */
import type { TaskSpec } from "../task-builder.ts";

const APPLES = {
  "apple.n.01_1": "apple_counter",
  "apple.n.01_2": "apple_fridge",
  "apple.n.01_3": "apple_living",
  "apple.n.01_4": "apple_nightstand",
};

const BOOKS = {
  "book.n.02_1": "book_red",
  "book.n.02_2": "book_blue",
  "book.n.02_3": "book_green",
  "book.n.02_4": "book_novel",
};

/** The flat's tasks, in suite order. */
export const FLAT_TASKS: TaskSpec[] = [
  {
    id: "flat-apples-fridge",
    instruction: "Put all the apples in the fridge.",
    family: "collect-all",
    tags: ["hidden-in-container", "partly-satisfied", "open-before-place"],
    bind: { ...APPLES, "electric_refrigerator.n.01_1": "fridge" },
    goal: `
      (and
          (forall (?apple.n.01 - apple.n.01)
              (inside ?apple.n.01 ?electric_refrigerator.n.01_1)))`,
    optimalSteps: 24,
  },
  {
    id: "flat-milk-fridge",
    instruction: "Put the milk in the fridge and close the fridge door.",
    family: "open-before-place",
    bind: { "milk.n.01_1": "milk", "electric_refrigerator.n.01_1": "fridge" },
    goal: `
      (and
          (inside ?milk.n.01_1 ?electric_refrigerator.n.01_1)
          (not (open ?electric_refrigerator.n.01_1)))`,
    optimalSteps: 8,
  },
  {
    id: "flat-bedside-lamp",
    instruction: "Switch on the bedside lamp in the bedroom.",
    family: "switch",
    bind: { "lamp.n.02_1": "bedside_lamp" },
    goal: `
      (and
          (toggled_on ?lamp.n.02_1))`,
    optimalSteps: 4,
  },
  {
    id: "flat-living-lamp",
    instruction: "It is getting dark: turn on the standing lamp in the living room.",
    family: "switch",
    bind: { "lamp.n.02_1": "standing_lamp" },
    goal: `
      (and
          (toggled_on ?lamp.n.02_1))`,
    optimalSteps: 3,
  },
  {
    id: "flat-books-shelf",
    instruction: "Put all the books on the bookshelf.",
    family: "collect-all",
    tags: ["partly-satisfied"],
    bind: { ...BOOKS, "shelf.n.01_1": "bookshelf" },
    goal: `
      (and
          (forall (?book.n.02 - book.n.02)
              (ontop ?book.n.02 ?shelf.n.01_1)))`,
    optimalSteps: 21,
  },
  {
    id: "flat-shoes-under-bed",
    instruction: "Tidy the trainers lying on the bedroom floor away under the bed.",
    family: "place-relation",
    bind: { "shoe.n.01_1": "shoe_1", "shoe.n.01_2": "shoe_2", "bed.n.01_1": "bed" },
    goal: `
      (and
          (forall (?shoe.n.01 - shoe.n.01)
              (under ?shoe.n.01 ?bed.n.01_1)))`,
    optimalSteps: 10,
  },
  {
    id: "flat-socks-hamper",
    instruction: "Put all the socks in the laundry hamper.",
    family: "collect-all",
    bind: {
      "sock.n.01_1": "sock_floor",
      "sock.n.01_2": "sock_bed",
      "sock.n.01_3": "sock_sofa",
      "clothes_hamper.n.01_1": "hamper",
    },
    goal: `
      (and
          (forall (?sock.n.01 - sock.n.01)
              (inside ?sock.n.01 ?clothes_hamper.n.01_1)))`,
    optimalSteps: 21,
  },
  {
    id: "flat-mug-sink",
    instruction: "Put one of the mugs in the kitchen sink.",
    family: "choose-one",
    bind: {
      "mug.n.04_1": "mug_1",
      "mug.n.04_2": "mug_2",
      "mug.n.04_3": "mug_3",
      "mug.n.04_4": "mug_4",
      "sink.n.01_1": "kitchen_sink",
    },
    goal: `
      (and
          (exists (?mug.n.04 - mug.n.04)
              (inside ?mug.n.04 ?sink.n.01_1)))`,
    optimalSteps: 7,
  },
  {
    id: "flat-cushion-seat",
    instruction: "Pick the floor cushion up off the corridor floor and put it on the sofa or the armchair.",
    family: "choose-one",
    bind: { "pillow.n.01_1": "hall_cushion", "sofa.n.01_1": "sofa", "armchair.n.01_1": "armchair" },
    goal: `
      (and
          (or
              (ontop ?pillow.n.01_1 ?sofa.n.01_1)
              (ontop ?pillow.n.01_1 ?armchair.n.01_1)))`,
    optimalSteps: 5,
  },
  {
    id: "flat-two-apples-bowl",
    instruction: "Put exactly two apples in the fruit bowl on the kitchen table.",
    family: "count",
    tags: ["hidden-in-container"],
    bind: { ...APPLES, "bowl.n.01_1": "fruit_bowl" },
    goal: `
      (and
          (forn (2) (?apple.n.01 - apple.n.01)
              (inside ?apple.n.01 ?bowl.n.01_1)))`,
    optimalSteps: 12,
  },
  {
    id: "flat-stack-books",
    instruction: "Stack the red book on the blue book.",
    family: "place-relation",
    bind: { "book.n.02_1": "book_red", "book.n.02_2": "book_blue" },
    goal: `
      (and
          (touching ?book.n.02_1 ?book.n.02_2))`,
    optimalSteps: 4,
  },
  {
    id: "flat-remote-living-room",
    instruction: "Bring the TV remote back to the living room.",
    family: "fetch",
    bind: { "remote_control.n.01_1": "remote" },
    goal: `
      (and
          (inroom ?remote_control.n.01_1 living_room))`,
    optimalSteps: 6,
  },
  {
    id: "flat-bedroom-books-desk",
    instruction: "Tidy the bedroom: any book that is in the bedroom belongs on the desk.",
    family: "conditional",
    bind: { ...BOOKS, "desk.n.01_1": "desk" },
    goal: `
      (and
          (forall (?book.n.02 - book.n.02)
              (imply
                  (inroom ?book.n.02 bedroom)
                  (ontop ?book.n.02 ?desk.n.01_1))))`,
    optimalSteps: 4,
  },
  {
    id: "flat-mugs-on-plates",
    instruction: "Take the blue and the white mug out of the kitchen cabinet and put one on each plate on the kitchen table.",
    family: "pairs",
    tags: ["open-before-pick"],
    bind: { "plate.n.04_1": "plate_1", "plate.n.04_2": "plate_2", "mug.n.04_1": "mug_1", "mug.n.04_2": "mug_2" },
    goal: `
      (and
          (forpairs (?plate.n.04 - plate.n.04) (?mug.n.04 - mug.n.04)
              (ontop ?mug.n.04 ?plate.n.04)))`,
    optimalSteps: 12,
  },
  {
    id: "flat-backpack-desk",
    instruction: "Take the backpack from the corridor and leave it next to the desk in the bedroom.",
    family: "place-relation",
    bind: { "backpack.n.01_1": "backpack", "desk.n.01_1": "desk" },
    goal: `
      (and
          (nextto ?backpack.n.01_1 ?desk.n.01_1))`,
    optimalSteps: 5,
  },
];

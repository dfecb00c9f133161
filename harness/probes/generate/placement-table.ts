/**
 * The knowledge behind the placement rule of generated probe cases (see `placement-rule.ts` and
 * docs/probes.md): which kind of receptacle a piece of furniture is, which group a carryable object
 * belongs to, and how well each receptacle kind suits each group. Kinds and groups are recognised by
 * WordNet hypernyms of the object's category (so BEHAVIOR, VLA-3D and sampled categories are covered,
 * not only the bundled houses'), with a few label patterns first where WordNet cannot tell
 * ("nightstand" is a `stand.n.04`, a shoe rack a `rack.n.05`). First match wins in both tables.
 *
 * Grades: 3 = where it belongs, 2 = a good alternative, 1 = acceptable for a while, 0 = implausible.
 */

/** A receptacle kind: the second half of a place id `room_type|kind`. */
export interface ReceptacleKindRow {
  kind: string;
  /** Synsets (`lemma.n.NN`) whose hyponyms are this kind. */
  anchors?: readonly string[];
  /** Matched against the object's label (and category lemma) before any anchor. */
  label?: RegExp;
}

/** Kinds of fixed furniture that things are put on or in, in matching order. Anything else (lamps, switches, TVs, trees) is no receptacle. */
export const RECEPTACLE_KINDS: readonly ReceptacleKindRow[] = [
  { kind: "nightstand", label: /night ?stand|bedside (table|cabinet)|night ?table/i },
  { kind: "shoe_rack", label: /shoe ?(rack|shelf|cabinet|stand)/i },
  { kind: "fridge", anchors: ["refrigerator.n.01", "deep-freeze.n.01"] },
  { kind: "dishwasher", anchors: ["dishwasher.n.01"] },
  { kind: "washer", anchors: ["washer.n.03", "clothes_dryer.n.01"] },
  { kind: "microwave", anchors: ["microwave.n.02"] },
  { kind: "oven", anchors: ["oven.n.01"] },
  { kind: "stove", anchors: ["stove.n.01"] },
  { kind: "sink", anchors: ["sink.n.01", "washbasin.n.01"] },
  { kind: "bathtub", anchors: ["bathtub.n.01", "shower.n.01"] },
  { kind: "toilet", anchors: ["toilet.n.02"] },
  { kind: "trash_can", anchors: ["bin.n.01", "ashcan.n.01"] },
  { kind: "hamper", anchors: ["hamper.n.02"] },
  { kind: "counter", anchors: ["countertop.n.01", "counter.n.01"] },
  { kind: "wardrobe", anchors: ["wardrobe.n.01"] },
  { kind: "dresser", anchors: ["chest_of_drawers.n.01"] },
  { kind: "cabinet", anchors: ["cabinet.n.01", "cupboard.n.01", "sideboard.n.01", "buffet.n.01"] },
  { kind: "shelf", anchors: ["shelf.n.01", "bookcase.n.01", "rack.n.05"] },
  { kind: "desk", anchors: ["desk.n.01"] },
  { kind: "workbench", anchors: ["workbench.n.01", "worktable.n.01"] },
  { kind: "coffee_table", anchors: ["coffee_table.n.01"] },
  { kind: "table", anchors: ["table.n.02"] },
  { kind: "bed", anchors: ["bed.n.01"] },
  { kind: "sofa", anchors: ["sofa.n.01"] },
  { kind: "armchair", anchors: ["armchair.n.01"] },
  { kind: "bench", anchors: ["bench.n.01"] },
  { kind: "chair", anchors: ["chair.n.01", "stool.n.01", "seat.n.03"] },
  { kind: "car", anchors: ["car.n.01", "motor_vehicle.n.01"] },
];

/** The kind every floor (and lawn, driveway: shape `floor`) is. */
export const FLOOR_KIND = "floor";

/**
 * A group of carryable objects that are kept in the same places. `places` keys are a receptacle kind
 * (counts in the group's rooms only), `*|kind` (in any room) or `room_type|kind` (in that room only);
 * a place's grade is the highest matching entry, 0 when none matches.
 */
export interface ObjectGroupRow {
  group: string;
  anchors?: readonly string[];
  label?: RegExp;
  /** Room types where the group is kept (the category profile's rooms are added, see the rule). */
  rooms: readonly string[];
  places: Readonly<Record<string, number>>;
}

/** Object groups in matching order (specific before general: cheese is food, but chilled food first). */
export const OBJECT_GROUPS: readonly ObjectGroupRow[] = [
  {
    group: "chilled food",
    anchors: ["dairy_product.n.01", "meat.n.01", "juice.n.01", "beverage.n.01", "egg.n.02"],
    rooms: ["kitchen"],
    places: { fridge: 3, counter: 1, table: 1 },
  },
  {
    group: "fruit and vegetables",
    anchors: ["edible_fruit.n.01", "vegetable.n.01"],
    rooms: ["kitchen", "dining_room"],
    places: { fridge: 3, counter: 2, table: 2, cabinet: 1 },
  },
  {
    group: "dishes",
    anchors: ["tableware.n.01", "crockery.n.01", "drinking_vessel.n.01", "cutlery.n.02", "knife.n.01", "bowl.n.01", "bowl.n.03"],
    rooms: ["kitchen", "dining_room"],
    places: { cabinet: 3, dishwasher: 2, counter: 2, table: 1, sink: 1 },
  },
  {
    group: "cookware",
    anchors: ["cooking_utensil.n.01", "kitchen_utensil.n.01"],
    rooms: ["kitchen"],
    places: { cabinet: 3, stove: 2, counter: 2, oven: 1, sink: 1, dishwasher: 1 },
  },
  {
    group: "dry food",
    anchors: ["food.n.01", "food.n.02"],
    rooms: ["kitchen", "storage_room", "pantry_room"],
    places: { cabinet: 3, shelf: 2, counter: 2, table: 1 },
  },
  {
    group: "footwear",
    anchors: ["footwear.n.02", "boot.n.01"],
    rooms: ["corridor", "closet", "bedroom", "porch"],
    places: { "*|shoe_rack": 3, floor: 2, wardrobe: 2 },
  },
  {
    group: "clothes",
    anchors: ["clothing.n.01"],
    rooms: ["bedroom", "closet"],
    places: { wardrobe: 3, dresser: 3, bed: 1, chair: 1, "*|hamper": 2, "*|washer": 2 },
  },
  {
    group: "bath linen",
    anchors: ["towel.n.01", "bath_linen.n.01"],
    rooms: ["bathroom"],
    places: { cabinet: 3, shelf: 3, counter: 1, bathtub: 1, "*|hamper": 2, "*|washer": 2 },
  },
  {
    group: "toiletries",
    anchors: ["toiletry.n.01", "cleansing_agent.n.01", "toothbrush.n.01"],
    rooms: ["bathroom"],
    places: { sink: 3, cabinet: 3, shelf: 2, bathtub: 2, counter: 2 },
  },
  {
    group: "cushions",
    anchors: ["cushion.n.03", "pillow.n.01", "blanket.n.01"],
    rooms: ["living_room", "bedroom"],
    places: { sofa: 3, armchair: 3, bed: 3, chair: 1 },
  },
  {
    group: "reading",
    anchors: ["book.n.01", "book.n.02", "magazine.n.01", "magazine.n.02", "newspaper.n.01", "newspaper.n.03", "publication.n.01"],
    rooms: ["living_room", "bedroom", "home_office"],
    places: { shelf: 3, nightstand: 2, desk: 2, coffee_table: 2, table: 1, sofa: 1, armchair: 1, bed: 1 },
  },
  {
    group: "decorations",
    anchors: ["candle.n.01", "vase.n.01", "decoration.n.01", "picture_frame.n.01", "figurine.n.01"],
    rooms: ["living_room", "dining_room", "bedroom"],
    places: { table: 3, coffee_table: 3, shelf: 3, cabinet: 2, nightstand: 2, dresser: 2, counter: 1 },
  },
  {
    group: "electronics",
    anchors: ["electronic_equipment.n.01", "computer.n.01", "remote_control.n.01", "radio.n.01", "radio_receiver.n.01"],
    rooms: ["living_room", "bedroom", "home_office"],
    places: { coffee_table: 3, desk: 3, nightstand: 2, shelf: 2, table: 2, cabinet: 1, sofa: 1, bed: 1 },
  },
  {
    group: "toys",
    anchors: ["plaything.n.01", "game_equipment.n.01"],
    label: /\btoy\b/i,
    rooms: ["bedroom", "playroom", "childs_room"],
    places: { shelf: 3, bed: 2, floor: 2, cabinet: 2, dresser: 1, desk: 1, "garden|floor": 2 },
  },
  {
    group: "tools",
    anchors: ["tool.n.01", "toolbox.n.01"],
    rooms: ["garage", "storage_room", "utility_room"],
    places: { workbench: 3, shelf: 3, cabinet: 2, table: 1, floor: 1 },
  },
  {
    group: "plants",
    anchors: ["plant.n.02", "flower.n.01"],
    rooms: ["living_room", "garden", "porch"],
    places: { shelf: 3, floor: 2, table: 2, coffee_table: 2, bench: 1, "garden|floor": 3, "porch|floor": 3 },
  },
  {
    group: "cleaning things",
    anchors: ["cleaning_implement.n.01", "bucket.n.01", "dustpan.n.02", "vacuum.n.04"],
    rooms: ["storage_room", "closet", "utility_room", "garage"],
    places: { floor: 3, cabinet: 2, shelf: 2, "kitchen|floor": 1, "porch|floor": 1 },
  },
  {
    group: "gardening things",
    anchors: ["watering_can.n.01", "garden_tool.n.01", "hose.n.03"],
    rooms: ["garden", "porch", "garage", "storage_room"],
    places: { floor: 3, shelf: 2, bench: 1, table: 1, workbench: 1 },
  },
  {
    group: "bags and umbrellas",
    anchors: ["bag.n.01", "bag.n.06", "umbrella.n.01"],
    rooms: ["corridor", "bedroom", "closet"],
    places: { "corridor|floor": 3, wardrobe: 2, floor: 2, bench: 2, "corridor|shoe_rack": 2, chair: 1, bed: 1 },
  },
  {
    group: "baskets",
    anchors: ["basket.n.01"],
    rooms: ["kitchen", "dining_room", "living_room"],
    places: { table: 2, counter: 2, coffee_table: 2, shelf: 2, floor: 1 },
  },
  {
    group: "boxes",
    anchors: ["box.n.01", "package.n.02", "container.n.01"],
    rooms: ["storage_room", "garage", "closet", "corridor"],
    places: { shelf: 3, floor: 2, cabinet: 2, table: 1, workbench: 1 },
  },
];

/**
 * Objects in no group: kept in the rooms their category profile lists, on any ordinary surface or in
 * a cupboard (grade 2), on a nightstand, dresser or the floor (grade 1); never graded 3.
 */
export const FALLBACK_GROUP: ObjectGroupRow = {
  group: "other",
  rooms: [],
  places: { table: 2, counter: 2, shelf: 2, cabinet: 2, desk: 2, coffee_table: 2, nightstand: 1, dresser: 1, floor: 1 },
};

/**
 * Object templates for the bundled houses: WordNet synset, realistic size (metres, x × y × z in the object's
 * own frame), how it is built and what can be done with it. Houses place these and override labels or states.
 */
import type { Ability, Shape, StateName } from "../../sim/scene/schema.ts";

/** What an object is, before it is placed somewhere. */
export interface ObjectTemplate {
  category: string;
  label?: string;
  size: readonly [number, number, number];
  kind: "fixed" | "carryable";
  shape?: Shape;
  abilities?: readonly Ability[];
  states?: Partial<Record<StateName, boolean>>;
  /** Wall/base thickness of a container. */
  wall?: number;
}

type Size = readonly [number, number, number];
type Extra = Omit<ObjectTemplate, "category" | "size" | "kind">;

function fixed(category: string, size: Size, extra: Extra = {}): ObjectTemplate {
  return { category, size, kind: "fixed", ...extra };
}

function carryable(category: string, size: Size, extra: Extra = {}): ObjectTemplate {
  return { category, size, kind: "carryable", ...extra };
}

/** A closed openable storage unit (cabinet, wardrobe, nightstand …). */
function cupboard(category: string, size: Size, label?: string, wall = 0.02): ObjectTemplate {
  return fixed(category, size, { label, shape: "container", abilities: ["container", "openable"], states: { open: false }, wall });
}

/** Furniture, appliances and fixtures. */
export const FURNITURE = {
  fridge: fixed("electric_refrigerator.n.01", [0.8, 0.75, 1.8], {
    label: "fridge",
    shape: "container",
    abilities: ["container", "openable", "cold_source"],
    states: { open: false },
    wall: 0.04,
  }),
  counter: fixed("countertop.n.01", [2.0, 0.6, 0.9], { label: "kitchen counter" }),
  /** A basin set on a counter: things go in it, and its tap switches on and off. */
  sink: fixed("sink.n.01", [0.6, 0.45, 0.2], {
    shape: "container",
    abilities: ["container", "toggleable", "water_source"],
    states: { toggled_on: false },
  }),
  stove: fixed("stove.n.01", [0.6, 0.6, 0.9], { abilities: ["toggleable", "heat_source"], states: { toggled_on: false } }),
  oven: fixed("oven.n.01", [0.6, 0.6, 0.85], {
    shape: "container",
    abilities: ["container", "openable", "toggleable", "heat_source"],
    states: { open: false, toggled_on: false },
    wall: 0.03,
  }),
  microwave: fixed("microwave.n.02", [0.5, 0.38, 0.3], {
    shape: "container",
    abilities: ["container", "openable", "toggleable", "heat_source"],
    states: { open: false, toggled_on: false },
  }),
  dishwasher: fixed("dishwasher.n.01", [0.6, 0.6, 0.85], {
    shape: "container",
    abilities: ["container", "openable", "toggleable"],
    states: { open: false, toggled_on: false },
    wall: 0.03,
  }),
  washer: fixed("washer.n.03", [0.6, 0.6, 0.85], {
    label: "washing machine",
    shape: "container",
    abilities: ["container", "openable", "toggleable"],
    states: { open: false, toggled_on: false },
    wall: 0.03,
  }),
  kitchenCabinet: cupboard("cabinet.n.01", [1.0, 0.5, 0.9], "kitchen cabinet"),
  pantryCabinet: cupboard("cabinet.n.01", [1.0, 0.5, 1.8], "pantry cabinet"),
  kitchenTable: fixed("table.n.02", [1.2, 0.8, 0.75], { label: "kitchen table", shape: "table" }),
  diningTable: fixed("table.n.02", [1.8, 1.0, 0.75], { label: "dining table", shape: "table" }),
  coffeeTable: fixed("coffee_table.n.01", [1.0, 0.6, 0.45], { label: "coffee table", shape: "table" }),
  gardenTable: fixed("table.n.02", [1.2, 0.8, 0.72], { label: "garden table", shape: "table" }),
  desk: fixed("desk.n.01", [1.2, 0.6, 0.75], { shape: "table" }),
  workbench: fixed("workbench.n.01", [1.8, 0.7, 0.9], { shape: "table" }),
  chair: fixed("chair.n.01", [0.45, 0.45, 0.45]),
  lawnChair: fixed("lawn_chair.n.01", [0.6, 0.6, 0.4], { label: "garden chair" }),
  bench: fixed("bench.n.01", [1.4, 0.45, 0.45]),
  sofa: fixed("sofa.n.01", [2.0, 0.9, 0.45]),
  armchair: fixed("armchair.n.01", [0.8, 0.8, 0.45]),
  bookshelf: fixed("shelf.n.01", [1.0, 0.4, 1.2], { label: "bookshelf" }),
  shoeRack: fixed("rack.n.05", [0.8, 0.3, 0.45], { label: "shoe rack" }),
  storageShelf: fixed("shelf.n.01", [1.2, 0.5, 1.5], { label: "storage shelf" }),
  tvCabinet: cupboard("cabinet.n.01", [1.4, 0.45, 0.5], "TV cabinet"),
  tv: fixed("television_receiver.n.01", [1.0, 0.2, 0.6], { label: "TV", abilities: ["toggleable"], states: { toggled_on: false } }),
  ceilingLight: fixed("lamp.n.02", [0.4, 0.4, 0.15], { label: "ceiling light", abilities: ["toggleable"], states: { toggled_on: false } }),
  floorLamp: fixed("lamp.n.02", [0.35, 0.35, 1.6], { label: "floor lamp", abilities: ["toggleable"], states: { toggled_on: false } }),
  tableLamp: fixed("lamp.n.02", [0.25, 0.25, 0.45], { label: "table lamp", abilities: ["toggleable"], states: { toggled_on: false } }),
  lightSwitch: fixed("switch.n.01", [0.08, 0.02, 0.12], { label: "light switch", abilities: ["toggleable"], states: { toggled_on: false } }),
  doubleBed: fixed("bed.n.01", [2.0, 1.6, 0.55], { label: "double bed", shape: "table" }),
  singleBed: fixed("bed.n.01", [2.0, 1.0, 0.55], { label: "single bed", shape: "table" }),
  nightstand: cupboard("stand.n.04", [0.5, 0.45, 0.55], "nightstand"),
  wardrobe: cupboard("wardrobe.n.01", [1.2, 0.6, 2.0], undefined, 0.03),
  dresser: cupboard("chest_of_drawers.n.01", [1.0, 0.5, 0.9], "chest of drawers"),
  toilet: fixed("toilet.n.02", [0.4, 0.65, 0.45]),
  bathtub: fixed("bathtub.n.01", [1.7, 0.75, 0.55], { shape: "container", abilities: ["container"], wall: 0.05 }),
  vanity: cupboard("cabinet.n.01", [0.8, 0.5, 0.8], "vanity cabinet"),
  hamper: fixed("clothes_hamper.n.01", [0.5, 0.4, 0.6], { label: "laundry hamper", shape: "container", abilities: ["container"] }),
  trashCan: fixed("ashcan.n.01", [0.35, 0.35, 0.5], { label: "trash can", shape: "container", abilities: ["container"] }),
  car: fixed("car.n.01", [4.2, 1.8, 1.45]),
  bicycle: fixed("bicycle.n.01", [1.7, 0.5, 1.0]),
  tree: fixed("tree.n.01", [1.2, 1.2, 4.0]),
} satisfies Record<string, ObjectTemplate>;

/** Things a person picks up and carries with one hand. */
export const ITEMS = {
  apple: carryable("apple.n.01", [0.08, 0.08, 0.08]),
  orange: carryable("orange.n.01", [0.08, 0.08, 0.08]),
  banana: carryable("banana.n.02", [0.2, 0.05, 0.04]),
  milk: carryable("milk.n.01", [0.09, 0.09, 0.2], { label: "milk carton" }),
  cheese: carryable("cheese.n.01", [0.12, 0.08, 0.05]),
  bread: carryable("bread.n.01", [0.25, 0.12, 0.1], { label: "loaf of bread" }),
  egg: carryable("egg.n.02", [0.05, 0.05, 0.06]),
  juice: carryable("juice.n.01", [0.09, 0.09, 0.22], { label: "juice bottle" }),
  yogurt: carryable("yogurt.n.01", [0.07, 0.07, 0.08]),
  mug: carryable("mug.n.04", [0.1, 0.1, 0.1]),
  cup: carryable("cup.n.01", [0.08, 0.08, 0.09]),
  plate: carryable("plate.n.04", [0.25, 0.25, 0.02]),
  bowl: carryable("bowl.n.01", [0.16, 0.16, 0.07], { shape: "container", abilities: ["container"], wall: 0.01 }),
  fruitBowl: carryable("bowl.n.01", [0.3, 0.3, 0.1], { label: "fruit bowl", shape: "container", abilities: ["container"], wall: 0.01 }),
  petBowl: carryable("bowl.n.01", [0.2, 0.2, 0.07], { label: "pet bowl", shape: "container", abilities: ["container"], wall: 0.01 }),
  saucepan: carryable("saucepan.n.01", [0.32, 0.2, 0.12], { shape: "container", abilities: ["container"], wall: 0.01 }),
  fryingPan: carryable("frying_pan.n.01", [0.45, 0.28, 0.05], { shape: "container", abilities: ["container"], wall: 0.005 }),
  spoon: carryable("spoon.n.01", [0.18, 0.04, 0.02]),
  fork: carryable("fork.n.01", [0.19, 0.03, 0.02]),
  book: carryable("book.n.02", [0.2, 0.15, 0.04]),
  notebook: carryable("notebook.n.01", [0.21, 0.15, 0.015]),
  magazine: carryable("magazine.n.02", [0.28, 0.21, 0.01]),
  newspaper: carryable("newspaper.n.03", [0.3, 0.22, 0.02]),
  remote: carryable("remote_control.n.01", [0.18, 0.05, 0.025], { label: "remote control" }),
  candle: carryable("candle.n.01", [0.07, 0.07, 0.15]),
  vase: carryable("vase.n.01", [0.14, 0.14, 0.3]),
  pillow: carryable("pillow.n.01", [0.6, 0.4, 0.12]),
  teddy: carryable("teddy.n.01", [0.2, 0.15, 0.28], { label: "teddy bear" }),
  basket: carryable("basket.n.01", [0.4, 0.3, 0.2], { shape: "container", abilities: ["container"], wall: 0.015 }),
  shoppingBag: carryable("shopping_bag.n.01", [0.45, 0.3, 0.35], { shape: "container", abilities: ["container"], wall: 0.01 }),
  box: carryable("carton.n.02", [0.45, 0.35, 0.3], { label: "cardboard box", shape: "container", abilities: ["container"], wall: 0.01 }),
  sock: carryable("sock.n.01", [0.24, 0.09, 0.03]),
  shoe: carryable("shoe.n.01", [0.3, 0.11, 0.11]),
  sweater: carryable("sweater.n.01", [0.35, 0.3, 0.05], { label: "folded sweater" }),
  shirt: carryable("shirt.n.01", [0.3, 0.25, 0.03], { label: "folded shirt" }),
  hat: carryable("hat.n.01", [0.3, 0.3, 0.12]),
  laptop: carryable("laptop.n.01", [0.34, 0.24, 0.025]),
  phone: carryable("cellular_telephone.n.01", [0.15, 0.075, 0.01], { label: "phone" }),
  towel: carryable("towel.n.01", [0.35, 0.25, 0.06], { label: "folded towel" }),
  soap: carryable("soap.n.01", [0.09, 0.06, 0.03], { label: "bar of soap" }),
  toothbrush: carryable("toothbrush.n.01", [0.19, 0.03, 0.025]),
  toothpaste: carryable("toothpaste.n.01", [0.2, 0.05, 0.04]),
  shampoo: carryable("shampoo.n.01", [0.08, 0.06, 0.2], { label: "shampoo bottle" }),
  umbrella: carryable("umbrella.n.01", [0.9, 0.08, 0.08], { label: "folded umbrella" }),
  backpack: carryable("backpack.n.01", [0.32, 0.2, 0.45]),
  ball: carryable("ball.n.01", [0.22, 0.22, 0.22]),
  frisbee: carryable("frisbee.n.01", [0.25, 0.25, 0.03]),
  wateringCan: carryable("watering_can.n.01", [0.45, 0.18, 0.3], { label: "watering can" }),
  potPlant: carryable("pot_plant.n.01", [0.25, 0.25, 0.4], { label: "potted plant" }),
  package: carryable("package.n.02", [0.4, 0.3, 0.2], { label: "parcel" }),
  bucket: carryable("bucket.n.01", [0.3, 0.3, 0.3], { shape: "container", abilities: ["container"], wall: 0.01 }),
  broom: carryable("broom.n.01", [1.3, 0.25, 0.08]),
  hammer: carryable("hammer.n.02", [0.3, 0.12, 0.04]),
  screwdriver: carryable("screwdriver.n.01", [0.2, 0.045, 0.035]),
  wrench: carryable("wrench.n.03", [0.25, 0.06, 0.02]),
  toolbox: carryable("toolbox.n.01", [0.55, 0.3, 0.25], { shape: "container", abilities: ["container"], wall: 0.01 }),
  radio: carryable("radio.n.01", [0.3, 0.12, 0.18], { label: "portable radio", abilities: ["toggleable"], states: { toggled_on: false } }),
  alarmClock: carryable("alarm_clock.n.01", [0.12, 0.07, 0.1], { label: "alarm clock" }),
  keys: carryable("key.n.01", [0.08, 0.03, 0.01], { label: "keys" }),
  wallet: carryable("wallet.n.01", [0.11, 0.09, 0.02]),
  glasses: carryable("spectacles.n.01", [0.14, 0.05, 0.04], { label: "glasses" }),
  mail: carryable("envelope.n.01", [0.23, 0.12, 0.005], { label: "letter" }),
  cereal: carryable("cereal.n.03", [0.2, 0.12, 0.25], { label: "cereal box" }),
  kettle: carryable("kettle.n.01", [0.22, 0.16, 0.22]),
  toy: carryable("block.n.01", [0.06, 0.06, 0.06], { label: "toy block" }),
} satisfies Record<string, ObjectTemplate>;

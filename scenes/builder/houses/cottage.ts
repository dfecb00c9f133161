/**
 * A small cottage: kitchen and living room, bedroom, bathroom and a storage room, with a front porch and a
 * garden. Mugs wander over every room (one shut in the microwave), a bag of groceries waits on the table,
 * and some cabinets are left open.
 */
import { FURNITURE as F, ITEMS as I } from "../catalog.ts";
import { SceneBuilder } from "../scene-builder.ts";

const QUARTER = Math.PI / 2;

/** Builds the cottage. */
export function cottage(): SceneBuilder {
  const b = new SceneBuilder({
    id: "cottage",
    name: "Cottage with porch and garden",
    description:
      "Kitchen, living room, bedroom, bathroom and storage room, with a front porch and a garden; written for rearrange's default suite.",
  });
  b.room("kitchen", "kitchen", [0, 0], [4, 4])
    .room("living_room", "living_room", [4, 0], [9, 4])
    .room("bedroom", "bedroom", [0, 4], [5, 7.5])
    .room("bathroom", "bathroom", [5, 4], [7.5, 7.5])
    .room("storage_room", "storage_room", [7.5, 4], [9, 7.5])
    .room("porch", "porch", [9, 0], [11.5, 4], { outdoor: true })
    .room("garden", "garden", [0, -4], [11.5, 0], { outdoor: true })
    .door("kitchen", "living_room")
    .door("living_room", "bedroom", [4.5, 4])
    .door("living_room", "bathroom")
    .door("living_room", "storage_room")
    .door("living_room", "porch")
    .door("kitchen", "garden")
    .door("porch", "garden", [10.25, 0]);

  // kitchen: counter on the north wall with sink, radio and microwave; two cabinets, the first left open
  b.onFloor("kitchen_counter", F.counter, "kitchen", 1.4, 3.7)
    .onTop("kitchen_sink", F.sink, "kitchen_counter", -0.5, 0, { label: "kitchen sink" })
    .onTop("microwave", F.microwave, "kitchen_counter", 0.65, 0)
    .onFloor("stove", F.stove, "kitchen", 2.7, 3.7)
    .onFloor("fridge", F.fridge, "kitchen", 3.55, 3.6)
    .onFloor("dishwasher", F.dishwasher, "kitchen", 0.3, 2.6)
    .onFloor("kitchen_cabinet_1", F.kitchenCabinet, "kitchen", 0.25, 1.3, { heading: QUARTER, states: { open: true } })
    .onFloor("kitchen_cabinet_2", F.kitchenCabinet, "kitchen", 3.0, 0.25)
    .onFloor("kitchen_table", F.kitchenTable, "kitchen", 2.0, 1.9)
    .onFloor("kitchen_chair_1", F.chair, "kitchen", 1.6, 1.1)
    .onFloor("kitchen_chair_2", F.chair, "kitchen", 2.4, 1.1);
  b.onTop("radio", I.radio, "kitchen_counter", 0.1, 0)
    .inside("mug_microwave", I.mug, "microwave", 0, 0, { label: "chipped mug" })
    .onFloor("pet_bowl", I.petBowl, "kitchen", 3.4, 2.7)
    .onTop("plate_1", I.plate, "kitchen_table", -0.4, -0.1)
    .onTop("plate_2", I.plate, "kitchen_table", 0, -0.1)
    .onTop("plate_3", I.plate, "kitchen_table", 0.4, -0.1)
    .onTop("mug_table", I.mug, "kitchen_table", 0.3, 0.25, { label: "striped mug" })
    .onTop("shopping_bag", I.shoppingBag, "kitchen_table", -0.3, 0.22)
    .inside("cereal", I.cereal, "shopping_bag", -0.11, -0.07)
    .inside("bread", I.bread, "shopping_bag", -0.085, 0.07)
    .inside("milk", I.milk, "shopping_bag", 0.1, -0.07)
    .inside("yogurt", I.yogurt, "shopping_bag", 0.12, 0.07)
    .inside("saucepan", I.saucepan, "kitchen_cabinet_2", -0.2, 0)
    .inside("frying_pan", I.fryingPan, "kitchen_cabinet_2", 0.25, 0)
    .inside("cup_1", I.cup, "kitchen_cabinet_1", -0.2, 0)
    .inside("cup_2", I.cup, "kitchen_cabinet_1", 0, 0)
    .inside("apple_fridge", I.apple, "fridge", 0.1, 0.1)
    .inside("cheese", I.cheese, "fridge", -0.15, 0.1)
    .inside("juice", I.juice, "fridge", 0.2, -0.15);

  // living room
  b.onFloor("sofa", F.sofa, "living_room", 2.5, 3.45)
    .onFloor("coffee_table", F.coffeeTable, "living_room", 2.5, 2.0)
    .onFloor("tv_cabinet", F.tvCabinet, "living_room", 2.5, 0.25)
    .onTop("tv", F.tv, "tv_cabinet")
    .onFloor("armchair", F.armchair, "living_room", 0.6, 1.2)
    .onFloor("bookshelf", F.bookshelf, "living_room", 4.75, 2.0, { heading: QUARTER })
    .onFloor("standing_lamp", F.floorLamp, "living_room", 4.6, 3.6);
  b.onTop("candle_1", I.candle, "coffee_table", -0.3, 0.15, { label: "blue candle" })
    .onTop("candle_2", I.candle, "coffee_table", 0, 0.15, { label: "white candle" })
    .onTop("candle_3", I.candle, "coffee_table", 0.3, 0.15, { label: "red candle" })
    .onTop("mug_living", I.mug, "coffee_table", 0.2, -0.15, { label: "blue mug" })
    .onTop("remote", I.remote, "sofa", 0.6, 0)
    .onTop("cushion_1", I.pillow, "sofa", -0.5, 0, { label: "green cushion" })
    .onTop("book_1", I.book, "bookshelf", -0.3, 0, { label: "poetry book" })
    .onTop("pot_plant_shelf", I.potPlant, "bookshelf", 0.25, 0, { label: "potted cactus" });

  // bedroom: the ceiling light works from a switch by the door
  b.onFloor("bed", F.doubleBed, "bedroom", 1.2, 2.4)
    .onFloor("nightstand", F.nightstand, "bedroom", 2.6, 2.95)
    .onTop("bedside_lamp", F.tableLamp, "nightstand", -0.12, 0, { label: "bedside lamp" })
    .onFloor("wardrobe", F.wardrobe, "bedroom", 0.3, 0.7, { heading: QUARTER })
    .onFloor("dresser", F.dresser, "bedroom", 3.5, 0.25)
    .mounted("ceiling_light", F.ceilingLight, "bedroom", 2.5, 1.75, 2.6)
    .mounted("bedroom_switch", F.lightSwitch, "bedroom", 4.3, 0.01, 1.2, { controls: ["ceiling_light"] });
  b.onTop("mug_bedroom", I.mug, "nightstand", 0.13, 0, { label: "white mug" })
    .onTop("sweater", I.sweater, "bed", 0.4, 0.2, { label: "wool sweater" })
    .onTop("book_2", I.book, "bed", -0.3, -0.3, { label: "detective novel" })
    .onFloor("shoe_1", I.shoe, "bedroom", 3.0, 1.5, { label: "left slipper" })
    .onFloor("shoe_2", I.shoe, "bedroom", 3.0, 1.7, { label: "right slipper" })
    .inside("shoe_3", I.shoe, "wardrobe", 0.3, 0, { label: "dress shoe" })
    .inside("shirt", I.shirt, "wardrobe", -0.2, 0)
    .inside("sock_1", I.sock, "dresser", 0, 0);

  // bathroom: the vanity cabinet was left open
  b.onFloor("bathtub", F.bathtub, "bathroom", 0.95, 3.0)
    .onFloor("toilet", F.toilet, "bathroom", 2.2, 1.5)
    .onFloor("vanity", F.vanity, "bathroom", 0.9, 0.25, { states: { open: true } })
    .onTop("bathroom_sink", F.sink, "vanity", 0, 0, { label: "bathroom sink" });
  b.inside("soap", I.soap, "bathroom_sink", 0.1, 0)
    .inside("toothpaste", I.toothpaste, "vanity", 0, 0)
    .onFloor("towel_1", I.towel, "bathroom", 1.0, 1.5, { label: "bath towel" })
    .inside("shampoo", I.shampoo, "bathtub", 0.6, 0);

  // storage room
  b.onFloor("pantry_cabinet", F.pantryCabinet, "storage_room", 0.75, 3.2)
    .onFloor("storage_shelf", F.storageShelf, "storage_room", 1.2, 1.5, { heading: QUARTER });
  b.onTop("storage_box", I.box, "storage_shelf", 0.3, 0, { label: "storage box" })
    .inside("sun_hat", I.hat, "storage_box", 0, 0, { label: "sun hat" })
    .onFloor("bucket", I.bucket, "storage_room", 0.4, 1.5)
    .inside("apple_juice", I.juice, "pantry_cabinet", 0.3, 0, { label: "apple juice" });

  // porch
  b.onFloor("porch_bench", F.bench, "porch", 1.25, 3.5, { label: "porch bench" })
    .onFloor("broom", I.broom, "porch", 1.25, 0.5)
    .onFloor("pot_plant_porch", I.potPlant, "porch", 0.4, 2.0, { label: "potted lavender" })
    .onFloor("shoe_4", I.shoe, "porch", 2.0, 2.0, { label: "wellington boot" });

  // garden
  b.onFloor("garden_table", F.gardenTable, "garden", 5.0, 2.0)
    .onFloor("lawn_chair", F.lawnChair, "garden", 4.0, 2.0)
    .onFloor("tree", F.tree, "garden", 9.0, 2.0, { label: "pear tree" });
  b.onTop("mug_garden", I.mug, "garden_table", 0.3, 0, { label: "enamel mug" })
    .onTop("book_3", I.book, "garden_table", -0.3, 0, { label: "gardening book" })
    .onFloor("pot_plant_garden", I.potPlant, "garden", 2.0, 3.0, { label: "potted rosemary" })
    .onFloor("watering_can", I.wateringCan, "garden", 6.5, 1.0);

  return b.agentStart("living_room");
}

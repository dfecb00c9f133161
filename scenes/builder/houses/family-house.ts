/**
 * A family house: kitchen, dining and living rooms on the garden side, two bedrooms and a bathroom across the
 * corridor, and outdoor areas (garden, porch, garage) joined to the house and to each other by doors.
 * Plates, candles, socks, tools and fruit are spread over rooms and some are shut away.
 */
import { FURNITURE as F, ITEMS as I } from "../catalog.ts";
import { SceneBuilder } from "../scene-builder.ts";

const QUARTER = Math.PI / 2;

/** Builds the family house. */
export function familyHouse(): SceneBuilder {
  const b = new SceneBuilder({
    id: "family_house",
    name: "Family house with garden",
    description:
      "Kitchen, dining room, living room, two bedrooms, bathroom and corridor, with a garden, a porch and a garage outside; written for rearrange's default suite.",
  });
  b.room("kitchen", "kitchen", [0, 0], [4, 5])
    .room("dining_room", "dining_room", [4, 0], [8, 5])
    .room("living_room", "living_room", [8, 0], [13, 5])
    .room("corridor", "corridor", [0, 5], [13, 6.5])
    .room("bedroom_1", "bedroom", [0, 6.5], [4.5, 10.5])
    .room("bathroom", "bathroom", [4.5, 6.5], [7.5, 10.5])
    .room("bedroom_2", "bedroom", [7.5, 6.5], [13, 10.5])
    .room("garden", "garden", [0, -6], [13, 0], { outdoor: true })
    .room("porch", "porch", [13, 4.5], [16, 7], { outdoor: true })
    .room("garage", "garage", [13, -6], [18, 4.5], { outdoor: true })
    .door("kitchen", "dining_room")
    .door("dining_room", "living_room")
    .door("corridor", "kitchen")
    .door("corridor", "living_room")
    .door("corridor", "bedroom_1")
    .door("corridor", "bathroom")
    .door("corridor", "bedroom_2")
    .door("corridor", "porch")
    .door("kitchen", "garden")
    .door("living_room", "garden")
    .door("porch", "garage")
    .door("garden", "garage");

  // kitchen: counter run on the west wall between stove and dishwasher, fridge by the corridor door
  b.onFloor("kitchen_counter", F.counter, "kitchen", 0.3, 2.5, { heading: QUARTER })
    .onTop("kitchen_sink", F.sink, "kitchen_counter", -0.55, 0, { label: "kitchen sink" })
    .onTop("microwave", F.microwave, "kitchen_counter", 0.65, 0)
    .onFloor("stove", F.stove, "kitchen", 0.3, 1.15)
    .onFloor("dishwasher", F.dishwasher, "kitchen", 0.3, 3.85)
    .onFloor("fridge", F.fridge, "kitchen", 3.55, 4.6)
    .onFloor("kitchen_cabinet", F.kitchenCabinet, "kitchen", 3.75, 3.6, { heading: QUARTER })
    .onFloor("kitchen_table", F.kitchenTable, "kitchen", 2.2, 2.2)
    .onFloor("kitchen_trash_can", F.trashCan, "kitchen", 3.7, 0.3);
  b.onTop("apple_counter", I.apple, "kitchen_counter", 0.1, 0.1)
    .onTop("plate_counter", I.plate, "kitchen_counter", -0.1, 0)
    .inside("plate_cabinet_1", I.plate, "kitchen_cabinet", -0.25, 0)
    .inside("plate_cabinet_2", I.plate, "kitchen_cabinet", 0.05, 0)
    .inside("screwdriver_drawer", I.screwdriver, "kitchen_cabinet", 0.35, 0, { label: "small screwdriver" })
    .inside("plate_dishwasher", I.plate, "dishwasher")
    .inside("mug_dishwasher", I.mug, "dishwasher", 0.18, 0.18)
    .inside("orange_fridge", I.orange, "fridge", 0.1, 0)
    .inside("milk", I.milk, "fridge", -0.2, 0.1)
    .inside("cheese", I.cheese, "fridge", -0.2, -0.15)
    .onTop("bread", I.bread, "kitchen_table")
    .onTop("kitchen_mug", I.mug, "kitchen_table", 0.4, 0.2, { label: "red mug" });

  // dining room: table with chairs around it, sideboard by the corridor wall
  b.onFloor("dining_table", F.diningTable, "dining_room", 2.0, 2.5)
    .onFloor("dining_chair_1", F.chair, "dining_room", 1.5, 1.6)
    .onFloor("dining_chair_2", F.chair, "dining_room", 2.5, 1.6)
    .onFloor("dining_chair_3", F.chair, "dining_room", 1.5, 3.4)
    .onFloor("dining_chair_4", F.chair, "dining_room", 2.5, 3.4)
    .onFloor("sideboard", F.kitchenCabinet, "dining_room", 2.0, 4.7, { label: "sideboard" });
  b.onTop("vase", I.vase, "dining_table")
    .onTop("candle_dining", I.candle, "dining_table", 0.5, 0.2, { label: "white candle" })
    .onTop("fruit_basket", I.basket, "dining_table", -0.55, 0, { label: "fruit basket" })
    .inside("candle_sideboard", I.candle, "sideboard", -0.3, 0, { label: "spare candle" })
    .inside("napkin_box", I.box, "sideboard", 0.2, 0, { label: "box of napkins" });

  // living room: sofa facing the TV, armchair, bookshelf, standing lamp on a wall switch
  b.onFloor("sofa", F.sofa, "living_room", 2.5, 4.4)
    .onFloor("coffee_table", F.coffeeTable, "living_room", 2.5, 3.0)
    .onFloor("tv_cabinet", F.tvCabinet, "living_room", 2.5, 0.3)
    .onTop("tv", F.tv, "tv_cabinet")
    .onFloor("armchair", F.armchair, "living_room", 0.6, 2.5)
    .onFloor("standing_lamp", F.floorLamp, "living_room", 4.6, 4.6, { states: { toggled_on: true } })
    .mounted("living_room_switch", F.lightSwitch, "living_room", 4.99, 3.8, 1.2, {
      heading: QUARTER,
      controls: ["standing_lamp"],
      states: { toggled_on: true },
    })
    .onFloor("bookshelf", F.bookshelf, "living_room", 4.75, 1.5, { heading: QUARTER });
  b.onTop("pillow_sofa", I.pillow, "sofa", -0.3, 0, { label: "sofa pillow" })
    .onTop("pillow_armchair", I.pillow, "armchair", 0, 0, { label: "spare pillow" })
    .onTop("teddy_sofa", I.teddy, "sofa", 0.7, 0, { label: "brown teddy bear" })
    .onTop("candle_coffee", I.candle, "coffee_table", -0.3, 0, { label: "red candle" })
    .onTop("orange_living", I.orange, "coffee_table", 0.2, 0.1)
    .onTop("magazine", I.magazine, "coffee_table", 0.15, -0.1)
    .onTop("book_1", I.book, "bookshelf", -0.25, 0, { label: "cookbook" })
    .onTop("book_2", I.book, "bookshelf", 0.2, 0, { label: "atlas" })
    .onFloor("pot_plant_living", I.potPlant, "living_room", 0.5, 0.5, { label: "potted fern" })
    .inside("candle_tv_cabinet", I.candle, "tv_cabinet", 0.4, 0, { label: "scented candle" });

  // corridor
  b.onFloor("shoe_rack", F.shoeRack, "corridor", 6.0, 0.2)
    .onTop("shoe_1", I.shoe, "shoe_rack", -0.2, 0, { label: "left shoe" })
    .onTop("shoe_2", I.shoe, "shoe_rack", 0.2, 0, { label: "right shoe" })
    .onFloor("umbrella", I.umbrella, "corridor", 11.5, 1.2);

  // parents' bedroom
  b.onFloor("bed_1", F.doubleBed, "bedroom_1", 1.3, 2.9)
    .onFloor("nightstand_1", F.nightstand, "bedroom_1", 2.65, 3.5)
    .onTop("lamp_bedroom_1", F.tableLamp, "nightstand_1", -0.12, 0, { label: "bedside lamp", states: { toggled_on: true } })
    .onFloor("wardrobe_1", F.wardrobe, "bedroom_1", 3.95, 2.0, { heading: QUARTER });
  b.onTop("pillow_bed_1", I.pillow, "bed_1", -0.75, 0, { heading: QUARTER, label: "white pillow" })
    .onTop("phone", I.phone, "bed_1", 0.4, 0.3)
    .onTop("book_3", I.book, "nightstand_1", 0.13, 0, { label: "diary" })
    .onFloor("sock_1", I.sock, "bedroom_1", 2.0, 0.8, { label: "blue sock" })
    .inside("hat", I.hat, "wardrobe_1", 0, 0)
    .inside("sweater", I.sweater, "wardrobe_1", 0.35, 0);

  // bathroom
  b.onFloor("bathtub", F.bathtub, "bathroom", 1.5, 3.6)
    .onFloor("toilet", F.toilet, "bathroom", 2.7, 1.5)
    .onFloor("vanity", F.vanity, "bathroom", 1.0, 0.25)
    .onTop("bathroom_sink", F.sink, "vanity", 0, 0, { label: "bathroom sink" })
    .onFloor("hamper", F.hamper, "bathroom", 0.35, 2.0);
  b.inside("sock_3", I.sock, "hamper", 0, 0.13, { label: "red sock" })
    .inside("towel_hamper", I.towel, "hamper", 0, -0.05, { label: "used towel" })
    .onTop("soap", I.soap, "vanity", 0.35, 0)
    .inside("toothbrush", I.toothbrush, "bathroom_sink")
    .inside("shampoo", I.shampoo, "bathtub", 0.6, 0);

  // children's bedroom
  b.onFloor("bed_2", F.singleBed, "bedroom_2", 1.2, 3.2)
    .onFloor("nightstand_2", F.nightstand, "bedroom_2", 2.55, 3.5)
    .onTop("lamp_bedroom_2", F.tableLamp, "nightstand_2", 0, 0, { label: "night light" })
    .onFloor("desk", F.desk, "bedroom_2", 4.5, 0.4)
    .onTop("desk_lamp", F.tableLamp, "desk", 0.45, 0, { label: "desk lamp", states: { toggled_on: true } })
    .onFloor("desk_chair", F.chair, "bedroom_2", 4.5, 1.05, { label: "desk chair" })
    .onFloor("dresser", F.dresser, "bedroom_2", 4.9, 2.5, { heading: QUARTER })
    .onFloor("toy_box", I.box, "bedroom_2", 3.5, 3.6, { label: "toy box" });
  b.under("ball", I.ball, "bed_2", 0.5, 0, { label: "football" })
    .onFloor("sock_2", I.sock, "bedroom_2", 1.5, 1.2, { label: "green sock" })
    .inside("sock_4", I.sock, "dresser", -0.2, 0, { label: "spotted sock" })
    .inside("remote", I.remote, "dresser", 0.2, 0)
    .inside("toy_block_1", I.toy, "toy_box", -0.1, 0)
    .inside("toy_block_2", I.toy, "toy_box", 0.1, 0)
    .onTop("book_4", I.book, "desk", -0.3, 0, { label: "comic book" });

  // garden
  b.onFloor("garden_table", F.gardenTable, "garden", 6.0, 3.0)
    .onFloor("lawn_chair_1", F.lawnChair, "garden", 5.2, 2.2)
    .onFloor("lawn_chair_2", F.lawnChair, "garden", 6.8, 2.2)
    .onFloor("tree_1", F.tree, "garden", 2.0, 2.0, { label: "apple tree" })
    .onFloor("tree_2", F.tree, "garden", 10.5, 2.0, { label: "oak tree" })
    .onFloor("garden_bench", F.bench, "garden", 9.0, 5.5, { label: "garden bench" });
  b.onTop("plate_garden", I.plate, "garden_table", -0.3, 0)
    .onTop("apple_garden", I.apple, "garden_table", 0.2, 0.1)
    .onFloor("teddy_garden", I.teddy, "garden", 3.0, 4.5, { label: "white teddy bear" })
    .onFloor("bucket", I.bucket, "garden", 11.0, 4.0)
    .onFloor("watering_can", I.wateringCan, "garden", 4.0, 1.0)
    .onFloor("frisbee", I.frisbee, "garden", 7.5, 1.5);

  // porch
  b.onFloor("porch_bench", F.bench, "porch", 1.5, 2.2, { label: "porch bench" })
    .onFloor("package", I.package, "porch", 0.6, 0.8)
    .onFloor("pot_plant_porch", I.potPlant, "porch", 2.6, 0.5, { label: "potted geranium" });

  // garage
  b.onFloor("car", F.car, "garage", 2.5, 3.5, { heading: QUARTER })
    .onFloor("workbench", F.workbench, "garage", 2.5, 9.9)
    .onFloor("storage_shelf", F.storageShelf, "garage", 4.7, 8.0, { heading: QUARTER })
    .onFloor("washer", F.washer, "garage", 0.35, 8.5)
    .onFloor("bicycle", F.bicycle, "garage", 0.4, 2.0, { heading: QUARTER });
  b.onTop("toolbox", I.toolbox, "workbench", -0.4, 0)
    .onTop("hammer", I.hammer, "workbench", 0.4, 0)
    .inside("wrench", I.wrench, "toolbox", 0, 0)
    .onTop("screwdriver_shelf", I.screwdriver, "storage_shelf", -0.3, 0, { label: "large screwdriver" })
    .onTop("storage_box", I.box, "storage_shelf", 0.25, 0, { label: "storage box" })
    .onFloor("broom", I.broom, "garage", 4.5, 1.0, { heading: QUARTER });

  return b.agentStart("corridor");
}

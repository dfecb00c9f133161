/**
 * A two-bedroom-sized flat: kitchen and living room off a corridor, bedroom and bathroom across it.
 * Apples, books, mugs, socks and shoes are spread over the rooms, some shut in the fridge, the nightstand,
 * the kitchen cabinet or the wardrobe.
 */
import { FURNITURE as F, ITEMS as I } from "../catalog.ts";
import { SceneBuilder } from "../scene-builder.ts";

const QUARTER = Math.PI / 2;

/** Builds the flat. */
export function flat(): SceneBuilder {
  const b = new SceneBuilder({
    id: "flat",
    name: "City flat",
    description: "Kitchen, living room, bedroom and bathroom off a corridor; written for rearrange's default suite.",
  });
  b.room("kitchen", "kitchen", [0, 0], [4, 4])
    .room("living_room", "living_room", [4, 0], [10, 4])
    .room("corridor", "corridor", [0, 4], [10, 5.5])
    .room("bedroom", "bedroom", [0, 5.5], [5, 9.5])
    .room("bathroom", "bathroom", [5, 5.5], [8, 9.5])
    .door("corridor", "kitchen")
    .door("corridor", "living_room")
    .door("corridor", "bedroom")
    .door("corridor", "bathroom")
    .door("kitchen", "living_room");

  // kitchen: counter run with sink and microwave, stove, fridge; cabinet on the west wall; table in the middle
  b.onFloor("kitchen_counter", F.counter, "kitchen", 1.4, 0.3)
    .onFloor("stove", F.stove, "kitchen", 2.7, 0.3)
    .onFloor("fridge", F.fridge, "kitchen", 3.55, 0.4)
    .onTop("kitchen_sink", F.sink, "kitchen_counter", -0.5, 0, { label: "kitchen sink" })
    .onTop("microwave", F.microwave, "kitchen_counter", 0.65, 0)
    .onFloor("kitchen_cabinet", F.kitchenCabinet, "kitchen", 0.25, 2.0, { heading: QUARTER })
    .onFloor("kitchen_table", F.kitchenTable, "kitchen", 2.2, 2.4)
    .onFloor("kitchen_chair_1", F.chair, "kitchen", 2.2, 3.15)
    .onFloor("kitchen_chair_2", F.chair, "kitchen", 2.2, 1.65)
    .onFloor("kitchen_trash_can", F.trashCan, "kitchen", 3.7, 3.7);
  b.onTop("apple_counter", I.apple, "kitchen_counter", 0.2, -0.1)
    .onTop("banana", I.banana, "kitchen_counter", 0, 0.15)
    .onTop("saucepan", I.saucepan, "stove")
    .onTop("fruit_bowl", I.fruitBowl, "kitchen_table", 0.3, 0.15)
    .onTop("milk", I.milk, "kitchen_table", -0.4, 0.2)
    .onTop("plate_1", I.plate, "kitchen_table", -0.3, -0.2)
    .onTop("plate_2", I.plate, "kitchen_table", 0.05, -0.2)
    .inside("apple_fridge", I.apple, "fridge", -0.2, 0.1)
    .inside("cheese", I.cheese, "fridge", 0.1, 0.1)
    .inside("juice", I.juice, "fridge", 0.2, -0.15)
    .inside("yogurt", I.yogurt, "fridge", -0.1, -0.15)
    .inside("mug_1", I.mug, "kitchen_cabinet", -0.3, 0, { label: "blue mug" })
    .inside("mug_2", I.mug, "kitchen_cabinet", -0.1, 0, { label: "white mug" })
    .inside("cereal", I.cereal, "kitchen_cabinet", 0.25, 0);

  // living room: sofa facing the TV, coffee table between, bookshelf on the east wall, lamp on a wall switch
  b.onFloor("sofa", F.sofa, "living_room", 3.0, 3.5)
    .onFloor("coffee_table", F.coffeeTable, "living_room", 3.0, 2.2)
    .onFloor("tv_cabinet", F.tvCabinet, "living_room", 3.0, 0.25)
    .onTop("tv", F.tv, "tv_cabinet")
    .onFloor("bookshelf", F.bookshelf, "living_room", 5.75, 1.2, { heading: QUARTER })
    .onFloor("armchair", F.armchair, "living_room", 1.0, 3.3)
    .onFloor("standing_lamp", F.floorLamp, "living_room", 5.6, 3.6)
    .mounted("living_room_switch", F.lightSwitch, "living_room", 4.5, 3.99, 1.2, { controls: ["standing_lamp"] });
  b.onFloor("basket", I.basket, "living_room", 1.0, 1.0)
    .onTop("apple_living", I.apple, "coffee_table", 0.3, 0.1)
    .onTop("book_red", I.book, "coffee_table", -0.25, 0, { label: "red book" })
    .onTop("mug_3", I.mug, "coffee_table", 0.05, -0.15, { label: "green mug" })
    .onTop("book_blue", I.book, "sofa", -0.6, 0, { label: "blue book" })
    .onTop("newspaper", I.newspaper, "sofa", 0.6, 0)
    .onTop("cushion", I.pillow, "sofa", 0, 0, { label: "sofa cushion" })
    .onTop("sock_sofa", I.sock, "sofa", 0.6, 0.3, { label: "striped sock" })
    .onTop("book_green", I.book, "bookshelf", 0.2, 0, { label: "green book" })
    .onTop("radio", I.radio, "bookshelf", -0.25, 0);

  // bedroom: bed with nightstand and lamp, wardrobe on the east wall, desk under the window
  b.onFloor("bed", F.doubleBed, "bedroom", 1.2, 2.8)
    .onFloor("nightstand", F.nightstand, "bedroom", 2.6, 3.45)
    .onTop("bedside_lamp", F.tableLamp, "nightstand", -0.12, 0, { label: "bedside lamp" })
    .onFloor("wardrobe", F.wardrobe, "bedroom", 4.3, 2.5, { heading: QUARTER })
    .onFloor("desk", F.desk, "bedroom", 1.0, 0.4)
    .onFloor("desk_chair", F.chair, "bedroom", 1.0, 1.05, { label: "desk chair" })
    .onTop("desk_lamp", F.tableLamp, "desk", 0.45, 0, { label: "desk lamp" });
  b.onTop("book_novel", I.book, "nightstand", 0.13, 0, { label: "novel" })
    .inside("apple_nightstand", I.apple, "nightstand")
    .inside("sweater", I.sweater, "wardrobe", -0.2, 0)
    .inside("shirt", I.shirt, "wardrobe", 0.25, 0)
    .onTop("laptop", I.laptop, "desk", -0.05, 0)
    .onTop("mug_4", I.mug, "desk", -0.45, 0, { label: "yellow mug" })
    .onTop("remote", I.remote, "bed", 0.5, 0.3)
    .onTop("pillow", I.pillow, "bed", -0.75, -0.4, { heading: QUARTER })
    .onTop("sock_bed", I.sock, "bed", 0.3, -0.4, { label: "grey sock" })
    .onFloor("sock_floor", I.sock, "bedroom", 3.0, 1.0, { label: "black sock" })
    .onFloor("shoe_1", I.shoe, "bedroom", 3.3, 0.4, { label: "left trainer" })
    .onFloor("shoe_2", I.shoe, "bedroom", 3.3, 0.6, { label: "right trainer" });

  // bathroom
  b.onFloor("bathtub", F.bathtub, "bathroom", 1.5, 3.6)
    .onFloor("toilet", F.toilet, "bathroom", 2.7, 1.5)
    .onFloor("vanity", F.vanity, "bathroom", 1.0, 0.25)
    .onTop("bathroom_sink", F.sink, "vanity", 0, 0, { label: "bathroom sink" })
    .onFloor("hamper", F.hamper, "bathroom", 0.35, 2.0);
  b.inside("shampoo", I.shampoo, "bathtub", 0.6, 0)
    .onTop("soap", I.soap, "vanity", 0.35, 0)
    .inside("toothbrush", I.toothbrush, "bathroom_sink")
    .inside("towel_vanity", I.towel, "vanity", 0, 0, { label: "clean towel" })
    .onFloor("towel_floor", I.towel, "bathroom", 1.5, 2.0, { label: "used towel" });

  // corridor
  b.onFloor("shoe_rack", F.shoeRack, "corridor", 9.2, 1.3)
    .onTop("shoe_3", I.shoe, "shoe_rack", -0.2, 0, { label: "left boot" })
    .onTop("shoe_4", I.shoe, "shoe_rack", 0.2, 0, { label: "right boot" })
    .onFloor("umbrella", I.umbrella, "corridor", 8.0, 0.4)
    .onFloor("backpack", I.backpack, "corridor", 4.0, 1.2)
    .onFloor("hall_cushion", I.pillow, "corridor", 5.5, 0.75, { label: "floor cushion" });

  return b.agentStart("corridor");
}

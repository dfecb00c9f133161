import type { Object3D } from "three";
import type { Ability, Box, ObjectSpec, Shape, StateName } from "../scene/schema.ts";
import { copyBox } from "../geometry/copy.ts";
import type { Point2 } from "./navigation.ts";
import type { SimObject } from "./sim-object.ts";
import type { AgentBody, World } from "./world.ts";

/** An object of a world; its three.js node is built on first use (a getter on the prototype: spreads skip it). */
export class WorldObject implements SimObject {
  readonly id: string;
  readonly category: string;
  readonly label: string;
  readonly kind: "fixed" | "carryable";
  readonly shape: Shape;
  readonly abilities: ReadonlySet<Ability>;
  readonly wall: number;
  readonly controls: readonly string[];
  box: Box;
  states: Partial<Record<StateName, boolean>>;
  room: string;
  held = false;
  readonly #world: World;

  constructor(spec: ObjectSpec, world: World) {
    this.id = spec.id;
    this.category = spec.category;
    this.label = spec.label ?? spec.category.split(".")[0]!.replace(/_/g, " ");
    this.kind = spec.kind;
    this.shape = spec.shape;
    this.abilities = new Set(spec.abilities);
    this.wall = spec.wall ?? 0.02;
    this.controls = spec.controls;
    this.box = copyBox(spec.box);
    this.states = { ...spec.states };
    this.room = spec.room;
    this.#world = world;
  }

  get node(): Object3D {
    return this.#world.nodeOf(this.id);
  }
}

/** The agent's body; its three.js node is built on first use. */
export class Agent implements AgentBody {
  holding: string | null = null;
  readonly #world: World;

  constructor(
    public room: string,
    public position: Point2,
    world: World,
  ) {
    this.#world = world;
  }

  get node(): Object3D {
    return this.#world.nodeOf(null);
  }
}

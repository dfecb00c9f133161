import { formatExpr } from "../bddl/format.ts";
import type { ActivitySpec } from "./activity.ts";
import type { DraftObject } from "./draft.ts";
import type { HousePlan } from "./house-plan.ts";
import type { ObjectNames } from "./place-items.ts";
import { where } from "../bddl/sexpr.ts";

/**
 * How sampling messages name the objects of the house being sampled: by the BDDL instance the user wrote
 * (`broom.n.01_1`, not the scene id `broom_1`, which the user never sees before the import succeeds), and an
 * item that cannot be placed with the `:init` literal that put it there, at its line and column.
 */
export class DraftNames implements ObjectNames {
  private readonly byId: Map<string, DraftObject>;
  /** `floor_<room>` → the floor instance of that room. */
  private readonly floors = new Map<string, string>();

  constructor(
    private readonly spec: ActivitySpec,
    plan: HousePlan,
  ) {
    this.byId = new Map(plan.drafts.map((d) => [d.id, d]));
    for (const [inst, room] of plan.floorRooms) this.floors.set(`floor_${room}`, inst);
  }

  /**
   * The object's name in messages: its BDDL instance; for one of the objects a `_*` instance stands for, its id
   * and that instance; for an object the sampler added, its id and why; a floor no instance names keeps its id.
   */
  name(id: string): string {
    const d = this.byId.get(id);
    if (!d) return this.floors.get(id) ?? id;
    if (d.instance !== undefined) return d.instance;
    if (d.wildcardOf !== undefined) return `${id} (one of ${d.wildcardOf})`;
    return `${id} (added: a ${d.origin === "provider" ? "tool the goal needs" : "distractor"})`;
  }

  /** The object as an operand of a literal: as {@link name}, but one of a `_*` instance's objects is that instance. */
  term(id: string): string {
    return this.byId.get(id)?.wildcardOf ?? this.name(id);
  }

  /**
   * `line L, column C: cannot place X (literal)`: the item and the `:init` literal that says where it rests, or
   * the item's declaration when no literal does; an object the sampler added has no place in the file.
   */
  cannotPlace(id: string): string {
    const d = this.byId.get(id);
    const inst = this.spec.instances.get(d?.instance ?? d?.wildcardOf ?? "");
    const literal = inst?.support?.literal;
    if (literal) return `${where(literal)}: cannot place ${this.name(id)} ${formatExpr(literal)}`;
    const declared = inst ? this.spec.problem.positions.instances.get(inst.name) : undefined;
    return `${declared ? `${where(declared)}: ` : ""}cannot place ${this.name(id)}`;
  }
}

import type { Agent } from "../../../harness/agent.ts";
import type { Action } from "../../../sim/actions.ts";
import type { Observation } from "../../../sim/observation.ts";

/**
 * A scripted agent for viewer tests that makes the mistakes the viewer must show: it walks to
 * another room, asks for an object that does not exist (a hallucination), picks up the first
 * carryable thing it saw, carries it to another room, and calls done() without finishing.
 */
export default class BlunderAgent implements Agent {
  readonly name = "blunder";
  readonly version = "1";
  private n = 0;

  reset(): void {
    this.n = 0;
  }

  act(obs: Observation): Action {
    this.n++;
    const elsewhere = obs.rooms.find((r) => r.id !== obs.agent.room)?.id ?? obs.agent.room;
    const carryable = Object.values(obs.objects).find((o) => o.kind === "carryable");
    switch (this.n) {
      case 1:
        return { type: "explore", room: elsewhere };
      case 2:
        return { type: "pick", object: "no_such_object" };
      case 3:
        return carryable ? { type: "navigate", target: carryable.id } : { type: "done" };
      case 4:
        return carryable ? { type: "pick", object: carryable.id } : { type: "done" };
      case 5:
        return { type: "navigate", target: elsewhere };
      default:
        return { type: "done" };
    }
  }
}

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { episode, writeRun, type EpisodeBuilder } from "../trajectory/builders.ts";

const place = (o: string) => ({ type: "place", object: o, relation: "inside", target: "fridge" }) as const;

/** An episode the agent solves: place both objects, then done(). */
export function solved(id: string, repeat = 0): EpisodeBuilder {
  return episode({ id, repeat, conditions: 2 })
    .look(["obj_0", "obj_1"], 3)
    .act(place("obj_0"), { satisfied: [0] })
    .act(place("obj_1"), { satisfied: [0, 1] })
    .done()
    .end("done");
}

/** The same episode failed: the second place hits a closed fridge and the agent gives up. */
export function failed(id: string, repeat = 0): EpisodeBuilder {
  return episode({ id, repeat, conditions: 2 })
    .look(["obj_0", "obj_1"], 3)
    .act(place("obj_0"), { satisfied: [0] })
    .fail(place("obj_1"), "missing_step")
    .done()
    .end("done");
}

export const ids = (n: number) => Array.from({ length: n }, (_, i) => `ep${String(i).padStart(2, "0")}`);

/** A temp run folder written from builders. */
export function runDir(episodes: EpisodeBuilder[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), "rearrange-compare-"));
  writeRun(dir, episodes);
  return dir;
}

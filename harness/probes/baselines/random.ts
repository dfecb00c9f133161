/**
 * The `random` probe baseline: the floor every probe number is read against. Each answer comes from
 * a stream seeded by the baseline's seed and the case id, so results repeat exactly and do not depend
 * on the order cases are asked in.
 */
import { Rng } from "../../../sim/rng.ts";
import type { GroundingAnswer, GroundingQuestion, MisplacementQuery, PlacementQuery } from "../types.ts";
import { parseObjectList } from "../grounding/object-list.ts";
import type { ProbeAgent } from "./probe-agent.ts";

export interface RandomBaselineOptions {
  seed?: number;
  /** Probability of flagging an object as misplaced (default 0.5). */
  flagRate?: number;
}

/** Ranks candidates in a random order, flags objects at random, answers grounding questions at random. */
export class RandomProbeBaseline implements ProbeAgent {
  readonly name = "random";
  readonly version = "1";
  private readonly seed: number;
  private readonly flagRate: number;

  constructor(options: RandomBaselineOptions = {}) {
    this.seed = Number(options.seed ?? 0);
    this.flagRate = Number(options.flagRate ?? 0.5);
  }

  private rng(id: string): Rng {
    return new Rng(`${this.seed}:${id}`);
  }

  rankPlacements(q: PlacementQuery): string[] {
    return this.rng(q.id).shuffle([...q.candidates]);
  }

  detectMisplaced(q: MisplacementQuery): string[] {
    const rng = this.rng(q.id);
    return q.objects.filter(() => rng.next() < this.flagRate).map((o) => o.id);
  }

  answer(q: GroundingQuestion): GroundingAnswer {
    const rng = this.rng(q.question);
    const ids = [...parseObjectList(q.object_list).objects.values()];
    if (q.type.toLowerCase().startsWith("num") || ids.length === 0) return { kind: "numerical", value: rng.int(4) };
    const o = rng.pick(ids);
    return { kind: "object_reference", label: o.label, object_id: o.id };
  }
}

import { TrajectoryWriter } from "../reporters/trajectory-writer.ts";
import { outputError } from "../runner/output-error.ts";
import type { RunEvent } from "../runner/run-events.ts";

/**
 * Writes the trajectories of the episodes one lane of a parallel run executes (a worker thread, or
 * the main thread's lane), and forwards to the main thread's ordered stream only each episode's begin
 * and end. With `out` null nothing is written and every event is forwarded (the main thread then
 * writes the trajectories, in plan order). Shared by both lanes so they write the same lines.
 */
export class EpisodeRecorder {
  private readonly writer: TrajectoryWriter | null;
  private folderMade = false;

  /** @param out run folder whose `episodes/` this lane writes into, or null (forward everything) */
  constructor(private readonly out: string | null) {
    this.writer = out ? new TrajectoryWriter(out) : null;
  }

  /**
   * An emitter for one episode. A failed write must fail the run, not pass for the agent's error
   * inside runEpisode: it is kept, the episode's later events are not forwarded (so results.json
   * never lists it), and `finish()` throws it as an InputError naming the file.
   */
  episode(forward: (e: RunEvent) => void): { emit: (e: RunEvent) => void; finish: () => void } {
    let writeFailed: unknown = null;
    const emit = (e: RunEvent): void => {
      if (this.writer) {
        if (writeFailed !== null) return;
        try {
          this.record(this.writer, e);
        } catch (err) {
          writeFailed = err;
          return;
        }
      }
      if (e.type !== "step" || !this.writer) forward(e);
    };
    const finish = (): void => {
      // a trajectory that cannot be written (a full disk): the output folder needs fixing
      if (writeFailed !== null) throw outputError(writeFailed, this.out!);
    };
    return { emit, finish };
  }

  /** Writes an event to this episode's trajectory: the same writer, lines and file a one-worker run writes. */
  private record(w: TrajectoryWriter, e: RunEvent): void {
    if (!this.folderMade) {
      w.onBegin();
      this.folderMade = true;
    }
    if (e.type === "episodeBegin") w.onEpisodeBegin(e.key, e.header);
    else if (e.type === "step") w.onStep(e.key, e.step);
    else if (e.type === "episodeEnd") w.onEpisodeEnd(e.key, e.header, e.end);
  }
}

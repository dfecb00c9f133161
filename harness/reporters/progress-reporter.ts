import type { Logger } from "pino";
import type { EndEvent, EpisodeHeader } from "../trajectory/events.ts";
import type { ResultsRow } from "../metrics/results-schema.ts";
import type { Reporter, RunInfo } from "../runner/run-events.ts";

/**
 * Progress on stderr: a one-line bar (episodes done, SR so far, ETA) on a TTY,
 * one quiet log line per episode otherwise. `now` is the only clock read, and only here.
 */
export class ProgressReporter implements Reporter {
  private total = 0;
  private finished = 0;
  private successes = 0;
  private started = 0;

  constructor(
    private readonly logger: Logger,
    private readonly tty: boolean = !!process.stderr.isTTY,
    private readonly now: () => number = () => performance.now(),
  ) {}

  onBegin(run: RunInfo): void {
    this.total = run.planned.length;
    this.finished = run.resumed.length;
    this.successes = run.resumed.reduce((s, r) => s + r.SR, 0);
    this.started = this.now();
    this.logger.info({ suite: run.suite.id, agent: run.agent.name, episodes: this.total, resumed: run.resumed.length }, "run started");
  }

  onEpisodeEnd(key: string, _h: EpisodeHeader, end: EndEvent, row: ResultsRow): void {
    this.finished++;
    this.successes += row.SR;
    const sr = this.successes / Math.max(1, this.finished);
    const elapsed = (this.now() - this.started) / 1000;
    const eta = this.finished > 0 ? (elapsed / this.finished) * (this.total - this.finished) : 0;
    if (this.tty) {
      const width = 24;
      const filled = Math.round((width * this.finished) / Math.max(1, this.total));
      process.stderr.write(`\r[${"#".repeat(filled)}${".".repeat(width - filled)}] ${this.finished}/${this.total}  SR ${sr.toFixed(2)}  ETA ${eta.toFixed(0)}s `);
      if (this.finished >= this.total) process.stderr.write("\n");
    } else {
      this.logger.info({ episode: key, SR: row.SR, TP: row.TP, steps: row.steps, reason: end.reason, done: this.finished, of: this.total }, "episode finished");
    }
  }
}

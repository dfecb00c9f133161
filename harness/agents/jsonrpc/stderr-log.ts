import type { Logger } from "pino";

/**
 * Where an external agent's stderr goes: each line to the logger (at most `maxLoggedLines` per process,
 * then one notice that the rest is suppressed, so a flooding agent cannot flood the log) and the last
 * `tailSize` lines kept for error messages ("the process died; its last words were …").
 */
export class StderrLog {
  private readonly tailLines: string[] = [];
  private logged = 0;
  private suppressed = 0;

  constructor(
    private readonly logger: Pick<Logger, "info" | "warn"> | undefined,
    private readonly agentName: string,
    private readonly maxLoggedLines = 1000,
    private readonly tailSize = 20,
  ) {}

  /** Records one stderr line. */
  line(text: string, truncated: boolean): void {
    const shown = truncated ? `${text}… [line truncated]` : text;
    this.tailLines.push(shown);
    if (this.tailLines.length > this.tailSize) this.tailLines.shift();
    if (this.logged < this.maxLoggedLines) {
      this.logged++;
      this.logger?.info({ agent: this.agentName, stderr: shown }, "agent stderr");
      if (this.logged === this.maxLoggedLines) {
        this.logger?.warn({ agent: this.agentName }, `agent stderr: ${this.maxLoggedLines} lines logged; further lines are not logged`);
      }
    } else {
      this.suppressed++;
    }
  }

  /** The last lines, oldest first. */
  tail(): string[] {
    return [...this.tailLines];
  }

  /** Lines that were not logged because of the cap. */
  get suppressedLines(): number {
    return this.suppressed;
  }
}

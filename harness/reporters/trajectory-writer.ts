import { closeSync, mkdirSync, openSync, writeSync } from "node:fs";
import path from "node:path";
import type { EndEvent, EpisodeHeader, StepEvent } from "../trajectory/events.ts";
import type { Reporter } from "../runner/run-events.ts";

/** File name of an episode's trajectory inside `<out>/episodes/`. */
export function trajectoryFileName(key: string): string {
  return `${key}.jsonl`;
}

/**
 * Writes each episode's events as JSONL while they happen (the blob reporter of this harness):
 * one `writeSync` per line, so after a crash every complete line is on disk and readable.
 */
export class TrajectoryWriter implements Reporter {
  private readonly fds = new Map<string, number>();
  private readonly dir: string;

  constructor(outDir: string) {
    this.dir = path.join(outDir, "episodes");
  }

  onBegin(): void {
    mkdirSync(this.dir, { recursive: true });
  }

  onEpisodeBegin(key: string, header: EpisodeHeader): void {
    // "w": an episode interrupted earlier is rerun from its start, never appended to
    const fd = openSync(path.join(this.dir, trajectoryFileName(key)), "w");
    this.fds.set(key, fd);
    this.write(key, header);
  }

  onStep(key: string, step: StepEvent): void {
    this.write(key, step);
  }

  onEpisodeEnd(key: string, _header: EpisodeHeader, end: EndEvent): void {
    this.write(key, end);
    const fd = this.fds.get(key);
    if (fd !== undefined) closeSync(fd);
    this.fds.delete(key);
  }

  private write(key: string, line: object): void {
    const fd = this.fds.get(key);
    if (fd === undefined) throw new Error(`trajectory of ${key} is not open`);
    writeSync(fd, `${JSON.stringify(line)}\n`);
  }
}

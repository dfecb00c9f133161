/**
 * Trajectory writers that were tried against the real one (harness/reporters/trajectory-writer.ts) in
 * files-vs-memory.ts, kept so the comparison can be run again. None is used by runs: each gives up something
 * the real writer promises or measures (see docs/performance.md, "The trajectory files between episodes").
 */
import { closeSync, mkdirSync, openSync, writeSync } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import { trajectoryFileName } from "../../../harness/reporters/trajectory-writer.ts";
import type { Reporter } from "../../../harness/runner/run-events.ts";

/** Serialises every line as the trajectory writer does, and keeps none of it: the writer without its files. */
export class SerialisingReporter implements Reporter {
  chars = 0;
  onEpisodeBegin(_key: string, header: object): void {
    this.chars += JSON.stringify(header).length;
  }
  onStep(_key: string, step: object): void {
    this.chars += JSON.stringify(step).length;
  }
  onEpisodeEnd(_key: string, _header: object, end: object): void {
    this.chars += JSON.stringify(end).length;
  }
}

/** Joins lines for one write (these variants are timed around their files, not their encoding). */
const textOf = (lines: readonly string[]) => Buffer.from(`${lines.join("\n")}\n`);

/**
 * Holds whole episodes and creates, writes and closes their files in batches: once the oldest held episode ended
 * 100 ms ago or the held lines pass 256 KB (looked at when an episode ends), and on {@link close}. The kernel's
 * per-file work then comes once a batch instead of between every two episodes. What it gives up: a process that
 * is killed loses the episodes of its last batch, finished ones included (the real writer has every finished
 * episode on disk before the next begins).
 */
export class BatchedFilesWriter implements Reporter {
  private readonly open = new Map<string, string[]>();
  private held: [string, string[]][] = [];
  private heldUnits = 0;
  private heldSince = 0;

  constructor(private readonly dir: string) {
    mkdirSync(path.join(dir, "episodes"), { recursive: true });
  }

  onEpisodeBegin(key: string, header: object): void {
    this.open.set(key, [this.count(JSON.stringify(header))]);
  }

  onStep(key: string, step: object): void {
    this.open.get(key)!.push(this.count(JSON.stringify(step)));
  }

  onEpisodeEnd(key: string, _header: object, end: object): void {
    const lines = this.open.get(key)!;
    lines.push(this.count(JSON.stringify(end)));
    this.open.delete(key);
    if (this.held.length === 0) this.heldSince = performance.now();
    this.held.push([key, lines]);
    if (this.heldUnits >= 256 * 1024 || performance.now() - this.heldSince >= 100) this.close();
  }

  /** Writes every held episode. */
  close(): void {
    for (const [key, lines] of this.held) {
      const fd = openSync(path.join(this.dir, "episodes", trajectoryFileName(key)), "w");
      writeSync(fd, textOf(lines));
      closeSync(fd);
    }
    this.held = [];
    this.heldUnits = 0;
  }

  private count(text: string): string {
    this.heldUnits += text.length + 1;
    return text;
  }
}

/** Holds each open episode's lines (header, steps, end) as the real writer serialises them, until its end. */
abstract class HeldEpisodeLines implements Reporter {
  private readonly open = new Map<string, string[]>();

  constructor(protected readonly dir: string) {
    mkdirSync(path.join(dir, "episodes"), { recursive: true });
  }

  onEpisodeBegin(key: string, header: object): void {
    this.open.set(key, [JSON.stringify(header)]);
  }

  onStep(key: string, step: object): void {
    this.open.get(key)!.push(JSON.stringify(step));
  }

  /** The episode's lines with its end line, no longer held. */
  protected take(key: string, end: object): string[] {
    const lines = this.open.get(key)!;
    lines.push(JSON.stringify(end));
    this.open.delete(key);
    return lines;
  }
}

/**
 * Keeps an episode's lines and, at its end, opens, writes and closes its file through libuv's thread pool,
 * the next episode waiting for it: the kernel's per-file work runs on another thread (on an idle core), not
 * between this thread's steps. What it gives up: the wait, and the hand-over to the pool and back, which make
 * a pass take longer in all even though its steps run faster.
 */
export class ThreadPoolFilesWriter extends HeldEpisodeLines {
  async onEpisodeEnd(key: string, _header: object, end: object): Promise<void> {
    const lines = this.take(key, end);
    const file = await open(path.join(this.dir, "episodes", trajectoryFileName(key)), "w");
    try {
      await file.write(textOf(lines));
    } finally {
      await file.close();
    }
  }
}

/**
 * Keeps an episode's lines (header included) and at its end opens, writes and closes its file at once, in one
 * write: a finished episode is on disk before the next begins, as with the real writer, but the header is not
 * on disk when the episode begins, and the kernel's per-file work comes in one place an episode instead of two.
 * What it gives up: the header at the episode's start; and its one write, into a file just created, costs more
 * than the real writer's write of the step lines into a file that already holds its header (session 42, two runs:
 * 46,100 and 50,800 steps/s with that write timed, against 52,200 and 53,600), so it is no faster where the bench
 * looks, and 4 – 5 % faster a pass.
 */
export class EndOfEpisodeFilesWriter extends HeldEpisodeLines {
  /** Time spent in the writes (not the opens and closes), ms. */
  writeMs = 0;

  onEpisodeEnd(key: string, _header: object, end: object): void {
    const lines = this.take(key, end);
    const fd = openSync(path.join(this.dir, "episodes", trajectoryFileName(key)), "w");
    const t0 = performance.now();
    writeSync(fd, textOf(lines));
    this.writeMs += performance.now() - t0;
    closeSync(fd);
  }
}

import { closeSync, ftruncateSync, openSync, writeSync } from "node:fs";
import path from "node:path";
import { makeDirectory } from "../../sim/files/make-directory.ts";
import type { EndEvent, EpisodeHeader, StepEvent } from "../trajectory/events.ts";
import type { Reporter } from "../runner/run-events.ts";

/** File name of an episode's trajectory inside `<out>/episodes/`. */
export function trajectoryFileName(key: string): string {
  return `${key}.jsonl`;
}

/** Buffered text (UTF-16 code units, about bytes) past which the lines go to disk before the episode ends. */
export const TRAJECTORY_FLUSH_AT = 64 * 1024;

/**
 * Longest a step line waits in the buffer, in ms: a slow agent's lines (one a second, or an agent stuck on
 * its third step) reach the disk as they happen, not 64 KB later. Fast episodes (the oracle's ~10 steps take
 * well under a millisecond) end long before, so they still get one write for all their step lines.
 */
export const TRAJECTORY_FLUSH_AFTER_MS = 100;

/**
 * Every this many buffered lines an append reads the clock (~0.1 µs here) to see whether the oldest has
 * waited {@link TRAJECTORY_FLUSH_AFTER_MS}: the timer that bounds the wait cannot fire while an agent that
 * answers synchronously keeps the event loop busy for a whole episode.
 */
const CLOCK_EVERY_LINES = 8;

/** An episode's open trajectory file and its complete lines not yet written. */
interface OpenTrajectory {
  fd: number;
  /** The lines (JSON, without their newline) not yet written. */
  pending: string[];
  /** Their UTF-16 code units, newlines included. */
  pendingUnits: number;
  /** Bytes on disk, all of them whole lines. */
  written: number;
  /** `performance.now()` when the oldest pending line was buffered (meaningless while none is). */
  pendingSince: number;
  /** A write by the timer that failed (a full disk): thrown by the episode's next call. */
  failed: unknown;
}

/**
 * Writes each episode's events as JSONL (the blob reporter of this harness). The header line is written
 * when the episode begins. Step lines are buffered and written in one `writeSync` when the buffer passes
 * {@link TRAJECTORY_FLUSH_AT}, when its oldest line has waited {@link TRAJECTORY_FLUSH_AFTER_MS} (a
 * timer, and a look at the clock every few lines), at the episode's end line, and on {@link close} (also
 * run when the process exits).
 *
 * Durability (SPEC §3: written as it happens, readable after a crash up to the last complete line): after
 * a crash every line on disk is complete; an episode that began has its header on disk (so a run folder
 * never holds an empty trajectory of this writer's, short of a crash between the open and that write); every
 * finished episode (one whose end line was handed to this writer) is entirely on disk; an unfinished one
 * lacks at most the step lines of its last ~{@link TRAJECTORY_FLUSH_AFTER_MS} ms (with an agent that
 * answers synchronously, a few lines more), and `--resume` reruns it from its start anyway. A failed
 * write (a full disk) is cut back to the last complete line before the error is thrown.
 */
export class TrajectoryWriter implements Reporter {
  private readonly open = new Map<string, OpenTrajectory>();
  private readonly dir: string;
  /** Longest a step line waits in the buffer, ms ({@link TRAJECTORY_FLUSH_AFTER_MS} unless set). */
  private readonly flushAfterMs: number;
  /** The timer that writes lines buffered for `flushAfterMs`, while one is armed. */
  private timer: NodeJS.Timeout | null = null;
  private readonly onTimer = () => {
    this.timer = null;
    for (const t of this.open.values()) {
      if (t.pending.length === 0 || t.failed !== null) continue;
      try {
        this.writePending(t);
      } catch (err) {
        t.failed = err; // thrown by the episode's next call, where the runner handles a failed write
      }
    }
  };
  private readonly closeOnExit = () => {
    try {
      this.close();
    } catch {
      // the process is exiting; an unwritable disk has already been reported by the failing write
    }
  };

  /**
   * @param options.flushAfterMs longest a step line waits in the buffer, ms ({@link TRAJECTORY_FLUSH_AFTER_MS});
   *   `Infinity` writes step lines only when the buffer is full and at the episode's end, so that what the writer
   *   does never depends on the clock (the instruction counts of test/harness/bench/instruction-count.ts)
   */
  constructor(outDir: string, options: { flushAfterMs?: number } = {}) {
    this.dir = path.join(outDir, "episodes");
    this.flushAfterMs = options.flushAfterMs ?? TRAJECTORY_FLUSH_AFTER_MS;
  }

  onBegin(): void {
    makeDirectory(this.dir); // not mkdirSync({ recursive: true }): under /proc that never returns
  }

  onEpisodeBegin(key: string, header: EpisodeHeader): void {
    // "w": an episode interrupted earlier is rerun from its start, never appended to
    const fd = openSync(path.join(this.dir, trajectoryFileName(key)), "w");
    // lines still buffered when the process exits (an uncaught error) are written, not lost
    if (this.open.size === 0) process.once("exit", this.closeOnExit);
    const t: OpenTrajectory = { fd, pending: [], pendingUnits: 0, written: 0, pendingSince: 0, failed: null };
    this.open.set(key, t);
    // the header goes to disk now, in a write of its own: an episode interrupted before its step lines'
    // first write still has it (a run folder of empty files could not be read back)
    try {
      const text = JSON.stringify(header);
      t.pending.push(text);
      t.pendingUnits = text.length + 1;
      this.writePending(t);
    } catch (err) {
      this.release(key, t);
      throw err;
    }
  }

  onStep(key: string, step: StepEvent): void {
    this.append(key, step);
  }

  onEpisodeEnd(key: string, _header: EpisodeHeader, end: EndEvent): void {
    const t = this.open.get(key);
    if (t === undefined) throw new Error(`trajectory of ${key} is not open`);
    try {
      this.append(key, end);
      this.writePending(t);
    } finally {
      this.release(key, t);
    }
  }

  /**
   * Writes an open episode's buffered lines now (a viewer following the run sees them; the bench times the
   * writing of step lines apart from closing the file). The episode stays open.
   */
  flush(key: string): void {
    const t = this.open.get(key);
    if (t === undefined) throw new Error(`trajectory of ${key} is not open`);
    if (t.failed !== null) throw t.failed;
    this.writePending(t);
  }

  /** At the run's end: nothing should be open; an episode still open is written as far as it got. */
  onEnd(): void {
    this.close();
  }

  /** Writes every buffered line and closes every open trajectory (episodes left unfinished stay without end line). */
  close(): void {
    let first: unknown = null;
    for (const [key, t] of [...this.open]) {
      try {
        if (t.failed !== null) throw t.failed;
        this.writePending(t);
      } catch (err) {
        first ??= err;
      } finally {
        this.release(key, t);
      }
    }
    this.stopTimer();
    if (first) throw first;
  }

  private append(key: string, line: object): OpenTrajectory {
    const t = this.open.get(key);
    if (t === undefined) throw new Error(`trajectory of ${key} is not open`);
    if (t.failed !== null) throw t.failed;
    const text = JSON.stringify(line);
    const n = t.pending.push(text);
    t.pendingUnits += text.length + 1;
    if (t.pendingUnits >= TRAJECTORY_FLUSH_AT) this.writePending(t);
    else if (this.flushAfterMs === Infinity) return t;
    else if (n === 1) {
      t.pendingSince = performance.now();
      this.timer ??= setTimeout(this.onTimer, this.flushAfterMs).unref();
    } else if (n % CLOCK_EVERY_LINES === 0 && performance.now() - t.pendingSince >= this.flushAfterMs) {
      this.writePending(t);
    }
    return t;
  }

  /** Writes the buffered lines in one call; on failure cuts the file back to its last complete line. */
  private writePending(t: OpenTrajectory): void {
    if (t.pending.length === 0) return;
    const bytes = encodeLines(t.pending, t.pendingUnits);
    t.pending = [];
    t.pendingUnits = 0;
    try {
      for (let at = 0; at < bytes.length; ) at += writeSync(t.fd, bytes, at);
    } catch (err) {
      try {
        ftruncateSync(t.fd, t.written);
      } catch {
        // the write's own error is the one worth reporting
      }
      throw err;
    }
    t.written += bytes.length;
  }

  private release(key: string, t: OpenTrajectory): void {
    this.open.delete(key);
    if (this.open.size === 0) process.removeListener("exit", this.closeOnExit);
    closeSync(t.fd);
  }

  /** Stops the timer once nothing is open (the run's end): an armed one would only find nothing to write. */
  private stopTimer(): void {
    if (this.timer !== null && this.open.size === 0) {
      clearTimeout(this.timer);
      this.timer = null;
    }
  }
}

/**
 * Most bytes the scratch buffer grows to. A write holds the lines buffered past {@link TRAJECTORY_FLUSH_AT}
 * code units (the line that crossed it included), at most 3 UTF-8 bytes a code unit (a surrogate pair is 4
 * for 2): a little over 192 KB for step lines; only a header or end line of hundreds of kilobytes needs more.
 */
const SCRATCH_MAX_BYTES = 1024 * 1024;
/** Where lines are encoded for writing: one buffer, reused (every write is synchronous and done with it before the next). */
let scratch: Buffer | null = null;
const NEWLINE = 0x0a;

/**
 * The lines, each followed by a newline, as UTF-8 in a view of a buffer reused from write to write (grown
 * to the largest write seen, up to {@link SCRATCH_MAX_BYTES}; a longer write gets a buffer of its own).
 *
 * Line by line, not joined: Node 20 encodes a long string that holds any character past Latin-1 (a
 * feedback message's "—") some 20 times slower than the same text as short strings, ~90 MB/s against
 * ~2 GB/s (64 KB of step lines: ~400 µs joined, ~20 µs line by line), and `Buffer.from` of the joined text
 * allocated a buffer of each write's size besides.
 */
function encodeLines(lines: readonly string[], units: number): Buffer {
  const room = 3 * units;
  let out: Buffer;
  if (room > SCRATCH_MAX_BYTES) out = Buffer.allocUnsafe(room);
  else {
    if (!scratch || scratch.length < room) scratch = Buffer.allocUnsafe(Math.max(room, 3 * TRAJECTORY_FLUSH_AT + 3 * 4096));
    out = scratch;
  }
  let at = 0;
  for (let i = 0; i < lines.length; i++) {
    at += out.write(lines[i]!, at);
    out[at++] = NEWLINE;
  }
  return out.subarray(0, at);
}

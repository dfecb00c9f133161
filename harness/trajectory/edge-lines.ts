import { closeSync, fstatSync, openSync, readSync } from "node:fs";

/** Bytes read per call while looking for a line's end from either end of the file. */
const CHUNK = 64 * 1024;
const NL = 0x0a;

/** A line of a file and where it is, for messages. */
export interface EdgeLine {
  text: string;
  /** Byte offset of the line's first byte (for {@link lineNumberAt}). */
  offset: number;
}

/** The first and last non-blank lines of a file, read from its two ends. */
export interface EdgeLines {
  /** The first non-blank line, or null when the file holds only blanks. */
  first: EdgeLine | null;
  /**
   * The last non-blank line when the file ends with a newline (the writer finished it), or null when
   * the file ends mid-line or holds only blanks.
   */
  last: EdgeLine | null;
}

/**
 * Reads only the header and the end line of a trajectory: `--resume` decides from these two which
 * episodes finished, and a 10 000-episode run must not read every step of every trajectory for it.
 * Lines are cut at "\n" bytes (never part of a multi-byte UTF-8 character), blank lines skipped as
 * the trajectory reader skips them.
 *
 * @throws the file system's error when the file cannot be opened or read
 */
export function readEdgeLines(file: string): EdgeLines {
  const fd = openSync(file, "r");
  try {
    const size = fstatSync(fd).size;
    const start = scan(fd, 0, size, 1, (b) => !isBlank(b));
    if (start < 0) return { first: null, last: null };
    const firstEnd = scan(fd, start, size, 1, (b) => b === NL);
    const first = { text: readRange(fd, start, firstEnd < 0 ? size : firstEnd), offset: start };
    if (readRange(fd, size - 1, size) !== "\n") return { first, last: null };
    const lastEnd = scan(fd, 0, size, -1, (b) => !isBlank(b)) + 1;
    const lastStart = scan(fd, 0, lastEnd, -1, (b) => b === NL) + 1;
    return { first, last: { text: readRange(fd, lastStart, lastEnd), offset: lastStart } };
  } finally {
    closeSync(fd);
  }
}

/** 1-based number of the line that starts at byte `offset` of `file` (reads the bytes before it). */
export function lineNumberAt(file: string, offset: number): number {
  const fd = openSync(file, "r");
  try {
    let lines = 1;
    const buf = Buffer.allocUnsafe(CHUNK);
    for (let pos = 0; pos < offset; ) {
      const n = readSync(fd, buf, 0, Math.min(CHUNK, offset - pos), pos);
      if (n === 0) break;
      for (let i = 0; i < n; i++) if (buf[i] === NL) lines++;
      pos += n;
    }
    return lines;
  } finally {
    closeSync(fd);
  }
}

/** Whitespace as `String.prototype.trim` treats it, for the ASCII bytes a writer could leave. */
function isBlank(b: number): boolean {
  return b === 0x20 || b === 0x09 || b === NL || b === 0x0d || b === 0x0b || b === 0x0c;
}

/**
 * Index of the first byte in [from, to) matching `hit`, scanning forward (`dir` 1) or backward (-1);
 * -1 when none does.
 */
function scan(fd: number, from: number, to: number, dir: 1 | -1, hit: (b: number) => boolean): number {
  const buf = Buffer.allocUnsafe(CHUNK);
  for (let done = 0; done < to - from; ) {
    const len = Math.min(CHUNK, to - from - done);
    const at = dir === 1 ? from + done : to - done - len;
    const n = readSync(fd, buf, 0, len, at);
    if (n < len) throw new Error(`short read at byte ${at}: the file changed while it was read`);
    for (let k = 0; k < n; k++) {
      const i = dir === 1 ? k : n - 1 - k;
      if (hit(buf[i]!)) return at + i;
    }
    done += n;
  }
  return -1;
}

function readRange(fd: number, from: number, to: number): string {
  const buf = Buffer.allocUnsafe(to - from);
  for (let at = 0; at < buf.length; ) {
    const n = readSync(fd, buf, at, buf.length - at, from + at);
    if (n === 0) throw new Error(`short read at byte ${from + at}: the file changed while it was read`);
    at += n;
  }
  return buf.toString("utf8");
}

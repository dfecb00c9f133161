/**
 * Turns a byte stream into lines without letting one endless line eat memory: at most `maxLineLength`
 * characters of a line are kept; the rest up to the next newline is dropped and the line is reported as
 * truncated. Decoding is UTF-8 across chunk boundaries.
 */
export class LineSplitter {
  private readonly decoder = new TextDecoder("utf-8");
  private buffer = "";
  private overflowed = false;

  /**
   * @param maxLineLength characters kept per line
   * @param onLine called for every complete line (without its `\n`, and without a trailing `\r`)
   */
  constructor(
    private readonly maxLineLength: number,
    private readonly onLine: (line: string, truncated: boolean) => void,
  ) {}

  /** Feeds a chunk; complete lines are delivered before this returns. */
  push(chunk: Uint8Array | string): void {
    const text = typeof chunk === "string" ? chunk : this.decoder.decode(chunk, { stream: true });
    let start = 0;
    for (;;) {
      const nl = text.indexOf("\n", start);
      const piece = nl < 0 ? text.slice(start) : text.slice(start, nl);
      this.append(piece);
      if (nl < 0) break;
      this.emit();
      start = nl + 1;
    }
  }

  /** Delivers a last line that had no newline (at end of stream). */
  end(): void {
    const rest = this.decoder.decode();
    if (rest) this.append(rest);
    if (this.buffer !== "" || this.overflowed) this.emit();
  }

  private append(piece: string): void {
    if (this.overflowed) return;
    const room = this.maxLineLength - this.buffer.length;
    if (piece.length > room) {
      this.buffer += piece.slice(0, Math.max(0, room));
      this.overflowed = true;
    } else {
      this.buffer += piece;
    }
  }

  private emit(): void {
    const line = this.buffer.endsWith("\r") ? this.buffer.slice(0, -1) : this.buffer;
    const truncated = this.overflowed;
    this.buffer = "";
    this.overflowed = false;
    this.onLine(line, truncated);
  }
}

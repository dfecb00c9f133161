/**
 * The trajectory writer buffers complete step lines. Its durability rule: whatever is on disk is whole lines
 * (a prefix of the trajectory); the header is on disk once the episode begins; a step line waits at most
 * TRAJECTORY_FLUSH_AFTER_MS; and a finished episode is entirely on disk once its end line is handed over.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TRAJECTORY_FLUSH_AFTER_MS, TRAJECTORY_FLUSH_AT, TrajectoryWriter } from "../../../harness/reporters/trajectory-writer.ts";
import type { StepEvent } from "../../../harness/trajectory/events.ts";
import { episode } from "../trajectory/builders.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "rearrange-writer-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const REPO = path.resolve(import.meta.dirname, "../../..");

/** An episode of `n` steps whose lines are about `pad` characters longer than plain ones. */
function longEpisode(n: number, pad = 0) {
  const b = episode({ id: "e1", conditions: 2 });
  for (let i = 0; i < n; i++) b.act({ type: "navigate", target: `room_${i}${"x".repeat(pad)}` });
  return b.done().end("done");
}

const fileOf = (key: string) => path.join(dir, "episodes", `${key}.jsonl`);
const onDisk = (key: string) => (existsSync(fileOf(key)) ? readFileSync(fileOf(key), "utf8") : "");
const jsonl = (lines: object[]) => lines.map((l) => `${JSON.stringify(l)}\n`).join("");

describe("TrajectoryWriter", () => {
  it("after every call the file holds whole lines only, a prefix of the trajectory; after the end line, all of it", () => {
    const b = longEpisode(600, 200); // ~150 KB: the buffer is written out twice before the end
    const all = jsonl([b.header, ...b.steps, b.endLine!]);
    const w = new TrajectoryWriter(dir);
    w.onBegin();
    w.onEpisodeBegin("e1", b.header);
    const sizes = new Set<number>();
    const t0 = performance.now();
    for (const s of b.steps) {
      w.onStep("e1", s);
      const text = onDisk("e1");
      expect(all.startsWith(text)).toBe(true);
      expect(text === "" || text.endsWith("\n")).toBe(true);
      sizes.add(text.length);
    }
    // lines went to disk in a few large writes, not one a line: the header's, one per full buffer, and one
    // per TRAJECTORY_FLUSH_AFTER_MS at most (reading the file back after each line takes a while)
    const elapsed = performance.now() - t0;
    expect(sizes.size).toBeGreaterThan(1);
    expect(sizes.size).toBeLessThanOrEqual(1 + Math.ceil(all.length / TRAJECTORY_FLUSH_AT) + Math.ceil(elapsed / TRAJECTORY_FLUSH_AFTER_MS));
    expect(sizes.size).toBeLessThan(b.steps.length / 8);
    w.onEpisodeEnd("e1", b.header, b.endLine!);
    expect(onDisk("e1")).toBe(all);
  });

  it("the header line is on disk as soon as the episode begins; a short episode's step lines go in one write at its end", () => {
    const b = longEpisode(5);
    const w = new TrajectoryWriter(dir);
    w.onBegin();
    w.onEpisodeBegin("e1", b.header);
    expect(onDisk("e1")).toBe(jsonl([b.header]));
    for (const s of b.steps) w.onStep("e1", s);
    expect(onDisk("e1")).toBe(jsonl([b.header]));
    w.onEpisodeEnd("e1", b.header, b.endLine!);
    expect(onDisk("e1")).toBe(jsonl([b.header, ...b.steps, b.endLine!]));
  });

  it("a step line waits at most TRAJECTORY_FLUSH_AFTER_MS while the event loop turns (an agent that takes its time)", async () => {
    const b = longEpisode(6);
    const w = new TrajectoryWriter(dir);
    w.onBegin();
    w.onEpisodeBegin("e1", b.header);
    w.onStep("e1", b.steps[0]!);
    w.onStep("e1", b.steps[1]!);
    expect(onDisk("e1")).toBe(jsonl([b.header]));
    // the agent thinks (or hangs) before its third step: the two lines before it reach the disk anyway
    await new Promise((r) => setTimeout(r, TRAJECTORY_FLUSH_AFTER_MS * 3));
    expect(onDisk("e1")).toBe(jsonl([b.header, ...b.steps.slice(0, 2)]));
    for (const s of b.steps.slice(2)) w.onStep("e1", s);
    w.onEpisodeEnd("e1", b.header, b.endLine!);
    expect(onDisk("e1")).toBe(jsonl([b.header, ...b.steps, b.endLine!]));
    w.close();
  });

  it("with flushAfterMs Infinity, step lines wait for the full buffer or the episode's end, however long that takes", async () => {
    const b = longEpisode(6);
    const w = new TrajectoryWriter(dir, { flushAfterMs: Infinity });
    w.onBegin();
    w.onEpisodeBegin("e1", b.header);
    w.onStep("e1", b.steps[0]!);
    w.onStep("e1", b.steps[1]!);
    // longer than the default wait, with the event loop turning: no timer was armed
    await new Promise((r) => setTimeout(r, TRAJECTORY_FLUSH_AFTER_MS * 3));
    expect(onDisk("e1")).toBe(jsonl([b.header]));
    for (const s of b.steps.slice(2)) w.onStep("e1", s);
    expect(onDisk("e1")).toBe(jsonl([b.header]));
    w.onEpisodeEnd("e1", b.header, b.endLine!);
    expect(onDisk("e1")).toBe(jsonl([b.header, ...b.steps, b.endLine!]));
    w.close();
  });

  it("… and about as long when an agent that answers synchronously keeps the event loop busy", () => {
    const b = longEpisode(40);
    const w = new TrajectoryWriter(dir);
    w.onBegin();
    w.onEpisodeBegin("e1", b.header);
    w.onStep("e1", b.steps[0]!);
    const until = performance.now() + TRAJECTORY_FLUSH_AFTER_MS + 20;
    while (performance.now() < until) {
      // a slow synchronous step: no timer can fire
    }
    // the writer looks at the clock every few lines, not at every one
    let n = 1;
    while (onDisk("e1") === jsonl([b.header]) && n < 20) w.onStep("e1", b.steps[n++]!);
    expect(n).toBeLessThanOrEqual(9);
    expect(onDisk("e1")).toBe(jsonl([b.header, ...b.steps.slice(0, n)]));
    w.close();
  });

  it("fast steps are not written one by one: many lines in a few milliseconds wait for the episode's end", () => {
    const b = longEpisode(100);
    const w = new TrajectoryWriter(dir);
    w.onBegin();
    w.onEpisodeBegin("e1", b.header);
    const t0 = performance.now();
    for (const s of b.steps) w.onStep("e1", s);
    // (on a machine so loaded that these 100 appends took longer, the clock rightly flushes them)
    if (performance.now() - t0 < TRAJECTORY_FLUSH_AFTER_MS / 2) expect(onDisk("e1")).toBe(jsonl([b.header]));
    w.onEpisodeEnd("e1", b.header, b.endLine!);
    expect(onDisk("e1")).toBe(jsonl([b.header, ...b.steps, b.endLine!]));
  });

  it("flush(key) writes an episode's buffered lines at once and leaves it open", () => {
    const b = longEpisode(4);
    const w = new TrajectoryWriter(dir);
    w.onBegin();
    w.onEpisodeBegin("e1", b.header);
    for (const s of b.steps) w.onStep("e1", s);
    w.flush("e1");
    expect(onDisk("e1")).toBe(jsonl([b.header, ...b.steps]));
    w.onEpisodeEnd("e1", b.header, b.endLine!);
    expect(onDisk("e1")).toBe(jsonl([b.header, ...b.steps, b.endLine!]));
    expect(() => w.flush("e1")).toThrow(/not open/);
  });

  it("close() writes the lines of an unfinished episode (no end line) and a rerun starts the file afresh", () => {
    const b = longEpisode(4);
    const w = new TrajectoryWriter(dir);
    w.onBegin();
    w.onEpisodeBegin("e1", b.header);
    for (const s of b.steps.slice(0, 2)) w.onStep("e1", s);
    w.close();
    expect(onDisk("e1")).toBe(jsonl([b.header, ...b.steps.slice(0, 2)]));
    expect(() => w.onStep("e1", b.steps[2]!)).toThrow(/not open/);

    const again = new TrajectoryWriter(dir);
    again.onEpisodeBegin("e1", b.header);
    again.onEpisodeEnd("e1", b.header, b.endLine!);
    expect(onDisk("e1")).toBe(jsonl([b.header, b.endLine!]));
  });

  it("keeps episodes apart when several are open at once", () => {
    const a = episode({ id: "a" }).act({ type: "pick", object: "obj_0" }).done().end("done");
    const c = episode({ id: "c" }).act({ type: "open", object: "obj_1" }).done().end("done");
    const w = new TrajectoryWriter(dir);
    w.onBegin();
    w.onEpisodeBegin("a", a.header);
    w.onEpisodeBegin("c", c.header);
    a.steps.forEach((s, i) => (w.onStep("a", s), w.onStep("c", c.steps[i]!)));
    w.onEpisodeEnd("c", c.header, c.endLine!);
    w.onEpisodeEnd("a", a.header, a.endLine!);
    expect(onDisk("a")).toBe(jsonl([a.header, ...a.steps, a.endLine!]));
    expect(onDisk("c")).toBe(jsonl([c.header, ...c.steps, c.endLine!]));
  });

  it("writes any text byte for byte as UTF-8: multi-byte characters, lone surrogates, lines past the write buffer", () => {
    // each piece is 1–4 UTF-8 bytes a code unit; long targets make the encoding buffer grow (3 bytes × TRAJECTORY_FLUSH_AT
    // units and more), and the longest passes its 1 MB cap (a buffer of its own), after which short writes reuse it again
    const pieces = ["plain", "é", "中文", "😀", "\ud800", "x\udfffy", "€".repeat(5000), "€".repeat(70000), "😀".repeat(TRAJECTORY_FLUSH_AT), "é".repeat(400_000), "中文"];
    const b = episode({ id: "e1", conditions: 1 });
    for (const p of pieces) b.act({ type: "navigate", target: p });
    const ended = b.done().end("done");
    const w = new TrajectoryWriter(dir);
    w.onBegin();
    w.onEpisodeBegin("e1", ended.header);
    // another writer's episode in between: the encoding buffer is shared, every write must be done with it
    const other = new TrajectoryWriter(dir);
    const c = episode({ id: "c" }).act({ type: "pick", object: "obj_0" }).done().end("done");
    other.onEpisodeBegin("c", c.header);
    for (let i = 0; i < ended.steps.length; i++) {
      w.onStep("e1", ended.steps[i]!);
      if (i === 3) other.flush("c");
    }
    for (const s of c.steps) other.onStep("c", s);
    other.onEpisodeEnd("c", c.header, c.endLine!);
    w.onEpisodeEnd("e1", ended.header, ended.endLine!);
    const expected = Buffer.from(jsonl([ended.header, ...ended.steps, ended.endLine!]));
    expect(readFileSync(fileOf("e1")).equals(expected)).toBe(true);
    expect(onDisk("c")).toBe(jsonl([c.header, ...c.steps, c.endLine!]));
  });

  it("a write that fails (a full disk) throws the system's error", () => {
    const b = longEpisode(3);
    const w = new TrajectoryWriter(dir);
    w.onBegin();
    // /dev/full takes the open and fails every write with ENOSPC
    symlinkSync("/dev/full", fileOf("e1"));
    // the header is the first write
    expect(() => w.onEpisodeBegin("e1", b.header)).toThrow(/ENOSPC/);
    // the episode is closed: nothing is left open to write on exit
    expect(() => w.onStep("e1", b.steps[0]!)).toThrow(/not open/);
    expect(() => w.close()).not.toThrow();
  });
});

describe("TrajectoryWriter in a process that dies", () => {
  /** Runs a child that writes `steps` step lines (about 1 KB each) of one episode and then ends as `how` says. */
  function child(how: "throw" | "SIGKILL" | "wait, then SIGKILL", steps: number): { status: number | null; signal: string | null } {
    const script = `
      const { TrajectoryWriter } = await import(${JSON.stringify(path.join(REPO, "harness/reporters/trajectory-writer.ts"))});
      const w = new TrajectoryWriter(${JSON.stringify(dir)});
      w.onBegin();
      w.onEpisodeBegin("e1", { type: "episode", episodeId: "e1" });
      for (let t = 1; t <= ${steps}; t++) w.onStep("e1", { type: "step", t, pad: "x".repeat(1000) });
      ${how === "wait, then SIGKILL" ? `await new Promise((r) => setTimeout(r, ${3 * TRAJECTORY_FLUSH_AFTER_MS}));` : ""}
      ${how === "throw" ? `throw new Error("boom");` : `process.kill(process.pid, "SIGKILL");`}
    `;
    const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: REPO, encoding: "utf8" });
    return { status: r.status, signal: r.signal };
  }
  const lines = () => onDisk("e1").split("\n").slice(0, -1).map((l) => JSON.parse(l) as Partial<StepEvent>);

  it("an uncaught error: the buffered lines are written on exit", () => {
    const r = child("throw", 100);
    expect(r.status).not.toBe(0);
    expect(lines().map((l) => l.t ?? 0)).toEqual(Array.from({ length: 101 }, (_, i) => i));
  });

  it("kill -9: what is on disk is whole lines, the episode's first ones in order, up to the last full buffer", () => {
    const r = child("SIGKILL", 300); // ~300 KB: some buffers written, the last one lost
    expect(r.signal).toBe("SIGKILL");
    const text = onDisk("e1");
    expect(text.endsWith("\n")).toBe(true);
    const got = lines().map((l) => l.t ?? 0);
    expect(got).toEqual(Array.from({ length: got.length }, (_, i) => i));
    expect(got.length).toBeGreaterThan(1);
    expect(got.length).toBeLessThan(301);
    expect(300 - got.length).toBeLessThan(TRAJECTORY_FLUSH_AT / 1000 + 1);
  }, 30_000);

  it("kill -9 before any step: the header line is on disk (the file is never left empty)", () => {
    expect(child("SIGKILL", 0).signal).toBe("SIGKILL");
    expect(lines()).toEqual([{ type: "episode", episodeId: "e1" }]);
  }, 30_000);

  it("kill -9 while the agent takes its time: the lines of the steps before are on disk", () => {
    expect(child("wait, then SIGKILL", 3).signal).toBe("SIGKILL");
    expect(lines().map((l) => l.t ?? 0)).toEqual([0, 1, 2, 3]);
  }, 30_000);
});

/**
 * How runSuite delivers its events to the reporters: synchronous reporters see each event as it is
 * emitted, an async reporter holds later events (and the next episode) back without reordering them, and
 * a reporter that throws or rejects fails the run at the episode in flight, as a full disk does.
 */
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Reporter } from "../../../harness/runner/run-events.ts";
import { runSuite } from "../../../harness/runner/run-suite.ts";
import { InputError } from "../../../sim/errors.ts";
import { episodeTexts, readResults } from "../../reliability/helpers/run-files.ts";
import { runOptions, writeTinySuite } from "../../reliability/helpers/tiny-suite.ts";

const AGENT = path.resolve(import.meta.dirname, "../../fixtures/faulty/faulty-agent.ts");

/** Run options whose agent appends each reset and act to `log`, where the test's reporters write too. */
const logged = (suite: string, out: string, log: string) => runOptions(suite, out, { agent: AGENT, agentOptions: { fault: "none", log } });

/** The log's lines as tokens: the agent's `reset`/`act`, and what reporters appended. */
const tokens = (log: string): string[] =>
  existsSync(log)
    ? readFileSync(log, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { event: string; seed?: number })
        .map((l) => l.event)
    : [];

const note = (log: string, event: string) => appendFileSync(log, `${JSON.stringify({ event })}\n`);

/** An error as the file system gives it (code, syscall): runSuite reports it as the output folder's fault. */
function diskFull(): NodeJS.ErrnoException {
  return Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", syscall: "write", errno: -28 });
}

describe("runSuite's delivery to reporters", () => {
  it("synchronous reporters see each step before the agent is asked for the next action", async () => {
    const s = writeTinySuite({ episodes: 3 });
    const log = path.join(s.dir, "agent.log");
    const seeing: Reporter = { onStep: () => note(log, "step"), onEpisodeEnd: () => note(log, "end") };
    await runSuite({ ...logged(s.suite, path.join(s.dir, "out"), log), reporters: [seeing] });
    const t = tokens(log).filter((e) => e !== "close");
    expect(t.filter((e) => e === "act").length).toBeGreaterThan(3);
    // the reporter is the third (after the trajectory and results writers) and still sees every step at once
    expect(t.join(" ")).toMatch(/^(reset (act step )*end ?)+$/);
  });

  it("an async reporter delays later events and the next episode, never reorders them; the output is a sync run's", async () => {
    const s = writeTinySuite({ episodes: 4 });
    const syncOut = path.join(s.dir, "sync");
    const syncSeen: string[] = [];
    const record = (seen: string[]): Reporter => ({
      onEpisodeBegin: (key) => void seen.push(`begin ${key}`),
      onStep: (key, step) => void seen.push(`step ${key} ${step.t}`),
      onEpisodeEnd: (key) => void seen.push(`end ${key}`),
    });
    await runSuite({ ...logged(s.suite, syncOut, path.join(s.dir, "sync.log")), reporters: [record(syncSeen)] });

    const log = path.join(s.dir, "async.log");
    const asyncSeen: string[] = [];
    const later = () => new Promise<void>((resolve) => setTimeout(resolve, 2));
    // async hooks before a synchronous recorder: it sees each event only after their promises settled
    const slow: Reporter = {
      onStep: () => later(),
      onEpisodeEnd: async () => {
        await later();
        note(log, "end written");
      },
    };
    const out = path.join(s.dir, "async");
    await runSuite({ ...logged(s.suite, out, log), reporters: [slow, record(asyncSeen)] });
    expect(asyncSeen).toEqual(syncSeen);
    // an episode ends once the reporters have written it: the next one starts after that
    const t = tokens(log).filter((e) => e === "reset" || e === "end written");
    expect(t.join(" ")).toMatch(/^(reset end written ?){4}$/);
    expect(episodeTexts(out)).toEqual(episodeTexts(syncOut));
    expect(readResults(out).episodes).toEqual(readResults(syncOut).episodes);
  });

  const failures: Array<{ name: string; hook: (err: Error) => void | Promise<void> }> = [
    {
      name: "throws",
      hook: (err) => {
        throw err;
      },
    },
    { name: "rejects", hook: (err) => new Promise((_, reject) => setImmediate(() => reject(err))) },
  ];
  for (const { name, hook } of failures) {
    it(`a reporter that ${name} in the 3rd episode fails the run with its error, keeps the 2 finished episodes and starts no other`, async () => {
      const s = writeTinySuite({ episodes: 5 });
      const failAt = (err: () => Error): Reporter => ({ onStep: (key, step) => (key === s.ids[2] && step.t === 1 ? hook(err()) : undefined) });

      const log = path.join(s.dir, "plain.log");
      const plain = new Error("the reporter broke");
      const out = path.join(s.dir, "plain");
      await expect(runSuite({ ...logged(s.suite, out, log), reporters: [failAt(() => plain)] })).rejects.toBe(plain);
      expect(tokens(log).filter((e) => e === "reset")).toHaveLength(3);
      expect(readResults(out).episodes.map((r) => r.id)).toEqual(s.ids.slice(0, 2));
      expect(readResults(out).complete).toBe(false);

      // a file-system error is the output folder's: an InputError saying to --resume
      const fullLog = path.join(s.dir, "full.log");
      const full = path.join(s.dir, "full");
      const err = await runSuite({ ...logged(s.suite, full, fullLog), reporters: [failAt(diskFull)] }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(InputError);
      expect((err as InputError).message).toMatch(/cannot write the run's output \(ENOSPC: no space left on device, write\).*--resume/);
      expect(tokens(fullLog).filter((e) => e === "reset")).toHaveLength(3);
      expect(readResults(full).episodes.map((r) => r.id)).toEqual(s.ids.slice(0, 2));
    }, 60_000);
  }
});

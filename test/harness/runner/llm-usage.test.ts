/**
 * The `llm` agent in a run against a chat-completions server on 127.0.0.1: every request the server receives
 * is in the episode's `usage` in results.json — also for an episode that ends by a throwing act (stuck, a
 * request that failed for good, a step timeout), whose cost the end line's `info` carries — and rescore,
 * which reads only the trajectories, gives the same usage.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { rescore } from "../../../harness/metrics/rescore.ts";
import type { ResultsFile } from "../../../harness/metrics/results-schema.ts";
import { runSuite } from "../../../harness/runner/run-suite.ts";
import { EndEventSchema } from "../../../harness/trajectory/schema.ts";
import { ScriptedChatServer, textReply, toolCall, type ReceivedRequest, type ScriptedReply } from "../../agents/llm/chat-server.ts";
import { runOptions, writeTinySuite } from "../../reliability/helpers/tiny-suite.ts";

const GARBAGE = "I do not know.";
/** The tiny suite's instructions (test/reliability/helpers/tiny-suite.ts), by episode. */
const APPLE = "Put the apple in the basket.";
const LAMP = "Switch the lamp on.";
const BOOK = "Put the book on the shelf.";
const FRIDGE = "Open the fridge.";

const instructionOf = (req: ReceivedRequest): string => {
  const user = (req.body.messages as Array<{ role: string; content: string }>).find((m) => m.role === "user")!.content;
  return /^Task: (.*)$/m.exec(user)![1]!;
};

/** A server that answers each episode (told apart by its instruction) from its own script, then with `fallback`. */
class EpisodeServer {
  readonly scripts = new Map<string, ScriptedReply[]>();
  readonly server = new ScriptedChatServer((req) => this.scripts.get(instructionOf(req))?.shift() ?? this.fallback);
  constructor(private readonly fallback: ScriptedReply) {}
  requestsOf(instruction: string): number {
    return this.server.requests.filter((r) => instructionOf(r) === instruction).length;
  }
}

const servers: ScriptedChatServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
});

async function start(fallback: ScriptedReply): Promise<{ es: EpisodeServer; baseUrl: string }> {
  const es = new EpisodeServer(fallback);
  servers.push(es.server);
  return { es, baseUrl: await es.server.start() };
}

const results = (out: string): ResultsFile => JSON.parse(readFileSync(path.join(out, "results.json"), "utf8"));
const endLine = (out: string, id: string) => EndEventSchema.parse(JSON.parse(readFileSync(path.join(out, "episodes", `${id}.jsonl`), "utf8").trim().split("\n").at(-1)!));
const llmOptions = (baseUrl: string, extra: Record<string, unknown> = {}) => ({ model: "scripted", baseUrl, retryBaseDelay: 0.001, retryMaxDelay: 0.01, ...extra });

/** The usage of every row, by id, of a results file. */
const usages = (r: ResultsFile) => Object.fromEntries(r.episodes.map((e) => [e.id, e.usage]));

describe("llm usage in a run", () => {
  it("counts every request of episodes ending done, stuck and by failed requests; rescore agrees", async () => {
    const { es, baseUrl } = await start(textReply(GARBAGE));
    const bad = (status: number) => ({ status, body: { error: { message: `status ${status}` } } });
    // done after a re-prompt; stuck (the fallback's garbage every time); a 401 after paid calls; a 503 retried, then given up
    es.scripts.set(APPLE, [textReply(GARBAGE), toolCall("explore", { room: "nowhere" }), toolCall("done", {})]);
    es.scripts.set(BOOK, [toolCall("explore", { room: "nowhere" }), textReply(GARBAGE), bad(401)]);
    es.scripts.set(FRIDGE, [toolCall("explore", { room: "nowhere" }), bad(503), bad(503)]);
    const s = writeTinySuite({ episodes: 4 });
    const out = path.join(s.dir, "out");
    await runSuite(runOptions(s.suite, out, { agent: "llm", agentOptions: llmOptions(baseUrl, { maxRetries: 1 }) }));
    const r = results(out);
    const row = (i: number) => r.episodes.find((e) => e.id === s.ids[i])!;
    expect([0, 1, 2, 3].map((i) => row(i).reason)).toEqual(["done", "stuck", "agent_error", "agent_error"]);

    // stuck: two steps spent as parse failures (3 calls each), then the third step with the same final reply
    expect(row(1).steps).toBe(2);
    expect(es.requestsOf(LAMP)).toBe(9);
    for (const [i, instruction] of [[0, APPLE], [1, LAMP], [2, BOOK]] as const) {
      expect(row(i).usage, s.ids[i]).toMatchObject({ calls: es.requestsOf(instruction), retries: 0 });
    }
    expect(es.requestsOf(APPLE)).toBe(3);
    expect(es.requestsOf(BOOK)).toBe(3);
    // retried: one call and one retry for the two 503s
    expect(row(3).usage).toMatchObject({ calls: 2, retries: 1 });
    expect(es.requestsOf(FRIDGE)).toBe(3);
    const usage = r.metrics.usage as Record<string, number>;
    expect(usage.calls + usage.retries).toBe(es.server.requests.length);

    // the failed acts' cost is in their end lines
    expect(endLine(out, s.ids[0]!).info).toBeUndefined();
    expect(endLine(out, s.ids[1]!).info).toMatchObject({ llm: { calls: 3, invalidReplies: 2, via: "invalid" } });
    expect(endLine(out, s.ids[2]!).info).toMatchObject({ llm: { calls: 2, invalidReplies: 1, via: "failed" } });
    expect(endLine(out, s.ids[3]!).info).toMatchObject({ llm: { calls: 1, retries: 1, via: "failed" } });

    // rescore reads only the trajectories, and gives the same usage
    const again = rescore(out);
    expect(again.changed).toEqual([]);
    expect(usages(again.results)).toEqual(usages(r));
    expect(again.results.metrics.usage).toEqual(r.metrics.usage);
  });

  it("counts the request of an act the runner stopped waiting for (step timeout)", async () => {
    const { es, baseUrl } = await start({ body: null, hang: true });
    es.scripts.set(APPLE, [toolCall("explore", { room: "nowhere" })]);
    const s = writeTinySuite({ episodes: 1 });
    const out = path.join(s.dir, "out");
    await runSuite(runOptions(s.suite, out, { agent: "llm", agentOptions: llmOptions(baseUrl, { timeout: 600 }), stepTimeout: 0.3 }));
    const row = results(out).episodes[0]!;
    expect(row.reason).toBe("timeout");
    expect(es.server.requests).toHaveLength(2);
    expect(row.usage).toMatchObject({ calls: 2 });
    expect(endLine(out, s.ids[0]!).info).toMatchObject({ llm: { calls: 1, via: "failed" } });
    expect(usages(rescore(out).results)).toEqual(usages(results(out)));
  });

  it("usage.calls + retries equal the requests received, and rescore agrees, for any script (property)", async () => {
    type Move = "valid" | "same" | "garbage" | "busy" | "denied";
    let n = 0;
    const reply = (m: Move): ScriptedReply =>
      m === "valid" ? toolCall("explore", { room: `room_${n++}` }, { prompt_tokens: 10 + n, completion_tokens: 1 })
      : m === "same" ? toolCall("explore", { room: "hall" })
      : m === "garbage" ? textReply(GARBAGE, { prompt_tokens: 7, completion_tokens: 2 })
      : m === "busy" ? { status: 503, body: { error: { message: "busy" } } }
      : { status: 400, body: { error: { message: "bad request" } } };
    const s = writeTinySuite({ episodes: 1, maxSteps: 6 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<Move>("valid", "same", "garbage", "garbage", "busy", "denied"), { maxLength: 20 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 1 }),
        async (moves, maxInvalidReplies, maxRetries) => {
          // past the script: done
          const { es, baseUrl } = await start(toolCall("done", {}));
          es.scripts.set(APPLE, moves.map(reply));
          const out = path.join(s.dir, `out-${n++}`);
          await runSuite(runOptions(s.suite, out, { agent: "llm", agentOptions: llmOptions(baseUrl, { maxInvalidReplies, maxRetries, stuckRepeats: 2 }) }));
          const r = results(out);
          const usage = r.episodes[0]!.usage as Record<string, number>;
          expect(usage.calls + usage.retries).toBe(es.server.requests.length);
          expect(usages(rescore(out).results)).toEqual(usages(r));
          await es.server.stop();
        },
      ),
      { numRuns: 15 },
    );
  });
});

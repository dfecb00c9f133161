import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import type { ResultsFile } from "../metrics/results-schema.ts";
import { ResultsWriter } from "../reporters/results-writer.ts";
import { TrajectoryWriter } from "../reporters/trajectory-writer.ts";
import { runEpisode } from "../runner/episode.ts";
import { dispatch, MultiplexReporter, type RunConfig, type RunEvent, type RunInfo } from "../runner/run-events.ts";
import { HARNESS_VERSION } from "../version.ts";
import { ActionBridge, BridgeAgent } from "./action-bridge.ts";
import { episodeJob, type EpisodeChoice } from "./episode-job.ts";
import { createEpisodeServer } from "./episode-tools.ts";

export interface McpEpisodeOptions extends EpisodeChoice {
  out: string;
  /** Seconds the server waits for the client's next action before the episode ends as a timeout. */
  stepTimeout: number;
  /** Transport to serve on; stdio by default. */
  transport?: Transport;
  now?: () => string;
}

/**
 * Serves one suite episode as MCP tools and runs it through the ordinary episode runner, so the trajectory
 * (`<out>/episodes/<id>.jsonl`) and `<out>/results.json` are written and scored exactly as in
 * `rearrange run`. The episode starts when the client has initialized (its name becomes the agent name,
 * `mcp:<client>`). Resolves with the results once the episode is over and the client has disconnected;
 * a client that disconnects mid-episode ends it with an agent error.
 */
export async function serveMcpEpisode(options: McpEpisodeOptions): Promise<ResultsFile | null> {
  const { job, suite, runId } = episodeJob(options);
  const bridge = new ActionBridge();
  const server = createEpisodeServer(bridge, { instruction: job.task.task.instruction, episode: job.id });
  const transport = options.transport ?? stdioTransport();
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
  });
  const initialized = new Promise<void>((resolve) => {
    server.server.oninitialized = () => resolve();
  });
  await server.connect(transport);
  const started = await Promise.race([initialized.then(() => true), closed.then(() => false)]);
  if (!started) return null;

  const client = server.server.getClientVersion()?.name ?? "client";
  const agent = new BridgeAgent(`mcp:${client}`, bridge);
  const config: RunConfig = {
    suite: options.suite,
    agent: "mcp",
    agentOptions: { client },
    out: options.out,
    seed: options.seed,
    maxSteps: options.maxSteps,
    stepTimeout: options.stepTimeout,
    episodes: job.id,
    repeat: 1,
    workers: 1,
    shard: null,
    resume: false,
  };
  const run: RunInfo = {
    runId,
    harnessVersion: HARNESS_VERSION,
    config,
    suite: { id: suite.suite.id, path: suite.path, description: suite.suite.description },
    agent: { name: agent.name, version: agent.version },
    planned: [job.key],
    resumed: [],
  };
  const results = new ResultsWriter(options.out);
  const reporter = new MultiplexReporter([new TrajectoryWriter(options.out), results, bridge.reporter()]);
  const emit = (e: RunEvent) => dispatch(reporter, e);
  // a client leaving mid-episode must not leave the runner waiting forever
  void closed.then(() => bridge.abandon("the MCP client disconnected before the episode ended"));

  await emit({ type: "runBegin", run });
  await runEpisode(job, agent, {
    runId,
    harnessVersion: HARNESS_VERSION,
    suiteId: suite.suite.id,
    stepTimeout: options.stepTimeout,
    config: { suite: options.suite, agent: "mcp", seed: options.seed, maxSteps: options.maxSteps, stepTimeout: options.stepTimeout, repeat: 1 },
    now: options.now ?? (() => new Date().toISOString()),
    emit,
  });
  const final = results.snapshot(true);
  await emit({ type: "runEnd", results: final });
  bridge.finish(final);
  await closed;
  return final;
}

/** Stdio transport that also closes when the client closes our stdin (the SDK's server transport waits for more). */
function stdioTransport(): Transport {
  const t = replyToParseErrors(new StdioServerTransport());
  const close = () => void t.close();
  process.stdin.once("end", close);
  process.stdin.once("close", close);
  process.once("SIGTERM", close);
  return t;
}

/**
 * Makes a stdio transport answer a line that is not JSON with a JSON-RPC parse error (-32700). The SDK's
 * stdio transport reads each line with `JSON.parse` and hands the SyntaxError to `onerror` only, so the
 * client would hear nothing. Set before the server connects: `Protocol.connect` keeps a handler that is
 * already there and calls it before its own. The reply has no `id` — none can be read from the line — as
 * MCP's error response allows (a JSON-RPC `id: null` would not pass the SDK's own message schema). JSON that
 * is no JSON-RPC message (a ZodError) is left to the SDK, as is every other transport error.
 */
export function replyToParseErrors<T extends StdioServerTransport>(transport: T): T {
  const before = transport.onerror;
  transport.onerror = (error) => {
    before?.(error);
    if (error instanceof SyntaxError) void transport.send({ jsonrpc: "2.0", error: { code: ErrorCode.ParseError, message: "Parse error", data: error.message } }).catch(() => {});
  };
  return transport;
}

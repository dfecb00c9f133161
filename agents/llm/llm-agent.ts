import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import type { Action } from "../../sim/actions.ts";
import type { Observation } from "../../sim/observation.ts";
import { InputError } from "../../sim/errors.ts";
import type { Agent, AgentOptions, TaskView } from "../../harness/agent.ts";
import type { MisplacementQuery, PlacementQuery } from "../../harness/probes/types.ts";
import { AgentStuck } from "../../harness/runner/timeout.ts";
import { ChatClient, LlmRequestError, type ChatResult, type RetryRecord } from "./chat-client.ts";
import { parseLlmOptions, type LlmOptions } from "./llm-options.ts";
import { completeRanking, extractIdList, misplacementMessages, rankingMessages } from "./probes.ts";
import { correctionMessages, stepMessages, type HistoryEntry } from "./prompt.ts";
import { parseReply, replySignature } from "./reply-parser.ts";
import { ResponseCache } from "./response-cache.ts";
import { actionTools } from "./tools.ts";
import { addFailedRequest, addUsage, emptyUsage, type UsageTotals } from "./usage.ts";

/** What one step cost, published as `lastStepInfo.llm` (the runner copies it into the trajectory step). */
export interface LlmStepInfo extends UsageTotals {
  /** Replies that were not a valid action and were asked again. */
  invalidReplies: number;
  /**
   * How the action was read: a tool call, the text fallback, or not at all (the step is a parse failure);
   * `failed` when the act threw before any reply was read (a request failed for good, or was cancelled).
   */
  via: "tool" | "text" | "invalid" | "failed";
  retryLog?: RetryRecord[];
}

/** Where one act's or probe question's calls are tallied, and the signal that abandons them. */
interface CallTallies {
  step: UsageTotals;
  /** The episode the calls belong to (captured when they began). */
  episode: UsageTotals;
  retryLog: RetryRecord[];
  signal: AbortSignal;
}

/** Test seam: everything the agent needs from outside besides its options. */
export interface LlmAgentDeps {
  env?: NodeJS.ProcessEnv;
  /** How retries wait (tests record instead of sleeping). */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * A language model behind an OpenAI-compatible chat-completions endpoint (`--agent llm --agent-opt
 * model=… baseUrl=…`). Each step it sends the instruction, the observed scene graph as text and the last
 * actions with their feedback, offers one tool per subpolicy, and reads the tool call (or, failing that, an
 * action written as text). Invalid replies are asked again a bounded number of times; the same final
 * response (the accepted action, or the last invalid reply) in `stuckRepeats` steps in a row ends the episode
 * as stuck. The API key comes from the environment variable named by `apiKeyEnv` and is never logged or
 * written anywhere. Responses are cached by request (JSONL in `cacheDir`), so a rerun costs nothing and
 * `offline=true` replays a recorded run without network.
 */
export class LlmAgent implements Agent {
  readonly name = "llm";
  readonly version = "1";
  /**
   * Usage of the last step, for the trajectory (the runner copies `lastStepInfo` into the step's `info`, or, for
   * an act that threw, into the end line's `info`). Cleared when an act begins.
   */
  lastStepInfo: { llm: LlmStepInfo } | undefined;
  readonly options: LlmOptions;
  private readonly client: ChatClient;
  private readonly tools: ChatCompletionTool[];
  private instruction = "";
  private history: HistoryEntry[] = [];
  private lastSignature = "";
  private repeats = 0;
  private run = emptyUsage();
  private episode = emptyUsage();
  /** Aborts the calls of the current `act` or probe question: {@link cancel} fires it. */
  private inflight = new AbortController();
  /** Settles (never rejects) when the last `act` has: what {@link cancel} waits for. */
  private acting: Promise<void> = Promise.resolve();

  constructor(options: AgentOptions = {}, deps: LlmAgentDeps = {}) {
    const env = deps.env ?? process.env;
    this.options = parseLlmOptions(options, env);
    const key = env[this.options.apiKeyEnv];
    if (!key && !this.options.baseUrl && !this.options.offline) {
      throw new InputError("--agent-opt", "apiKeyEnv", `environment variable ${this.options.apiKeyEnv} is not set (it must hold the API key)`);
    }
    this.client = new ChatClient({
      baseUrl: this.options.baseUrl,
      // local servers (vLLM, Ollama, llama.cpp) accept any key
      apiKey: key || "no-key",
      timeout: this.options.timeout,
      maxRetries: this.options.maxRetries,
      baseDelay: this.options.retryBaseDelay,
      maxDelay: this.options.retryMaxDelay,
      cache: this.options.cacheDir ? new ResponseCache(this.options.cacheDir) : undefined,
      offline: this.options.offline,
      sleep: deps.sleep,
    });
    this.tools = actionTools();
  }

  reset(task: TaskView): void {
    this.instruction = task.instruction;
    this.history = [];
    this.lastSignature = "";
    this.repeats = 0;
    this.episode = emptyUsage();
    this.lastStepInfo = undefined;
    // an abandoned act of the last episode that settles late publishes nothing into this one
    this.inflight = new AbortController();
  }

  /**
   * The runner gave up waiting for `act` (`--step-timeout`): the request in flight is aborted and no retry is
   * made, so an abandoned step neither keeps the process alive nor keeps calling (and paying for) the model.
   * Resolves once that act has failed, so its `lastStepInfo` (what its calls cost) is set when the runner
   * writes the episode's end line.
   */
  cancel(): Promise<void> {
    this.inflight.abort();
    return this.acting;
  }

  /**
   * One step: asks the model, asks again after an invalid reply (at most `maxInvalidReplies` times), and returns
   * the action (or the final invalid reply, which the simulator records as a `parse` failure). `lastStepInfo`
   * is set for every act that made a call, also one that throws (AgentStuck, LlmRequestError): the runner puts
   * a failed act's info in the end line, so the usage counts every request.
   */
  act(obs: Observation): Promise<Action> {
    const acting = this.step(obs);
    this.acting = acting.then(
      () => undefined,
      () => undefined,
    );
    return acting;
  }

  /** Probe: ranks candidate receptacles for an object by asking the model for a JSON list. */
  async rankPlacements(q: PlacementQuery): Promise<string[]> {
    const ids = await this.askForIds(rankingMessages(q));
    return completeRanking(ids ?? [], q.candidates);
  }

  /** Probe: the objects the model says are misplaced (unknown ids dropped). */
  async detectMisplaced(q: MisplacementQuery): Promise<string[]> {
    const known = new Set(q.objects.map((o) => o.id));
    const ids = await this.askForIds(misplacementMessages(q));
    return [...new Set((ids ?? []).filter((id) => known.has(id)))];
  }

  /** Token usage and calls over the whole run so far. */
  totals(): UsageTotals {
    return { ...this.run };
  }

  /** Token usage and calls of the current (or last) episode. */
  episodeTotals(): UsageTotals {
    return { ...this.episode };
  }

  private async step(obs: Observation): Promise<Action> {
    const controller = new AbortController();
    this.inflight = controller;
    this.lastStepInfo = undefined;
    // the tallies of this act: a late-settling abandoned act never adds to the next episode's
    const tallies = { step: emptyUsage(), episode: this.episode, retryLog: [] as RetryRecord[], signal: controller.signal };
    if (obs.lastAction && obs.lastFeedback) {
      this.history.push({ action: obs.lastAction, feedback: obs.lastFeedback });
      if (this.history.length > this.options.historySize) this.history.splice(0, this.history.length - this.options.historySize);
    }
    let invalid = 0;
    let published = false;
    const publish = (via: LlmStepInfo["via"]): void => {
      published = true;
      if (this.inflight !== controller) return;
      const { step, retryLog } = tallies;
      this.lastStepInfo = { llm: { ...step, invalidReplies: invalid, via, ...(retryLog.length ? { retryLog: [...retryLog] } : {}) } };
    };
    let messages: ChatCompletionMessageParam[] = stepMessages(this.instruction, obs, this.history);
    try {
      for (;;) {
        const result = await this.call(this.request(messages, this.tools), tallies);
        const message = result.completion.choices[0]!.message;
        const reply = parseReply(message);
        if (reply.ok) {
          publish(reply.via);
          // once a step, on its final reply: re-prompts within a step are not repeats
          this.checkStuck(replySignature(reply));
          return reply.action;
        }
        if (invalid >= this.options.maxInvalidReplies) {
          publish("invalid");
          this.checkStuck(replySignature(reply));
          // the simulator records it as a `parse` failure that costs the step
          return reply.raw as unknown as Action;
        }
        invalid++;
        messages = [...messages, ...correctionMessages({ content: message.content, tool_calls: message.tool_calls as never }, reply.error)];
      }
    } catch (err) {
      const s = tallies.step;
      if (!published && s.calls + s.cachedCalls + s.retries > 0) publish("failed");
      throw err;
    }
  }

  private request(messages: ChatCompletionMessageParam[], tools?: ChatCompletionTool[]): ChatCompletionCreateParamsNonStreaming {
    const o = this.options;
    return {
      model: o.model,
      messages,
      ...(tools ? { tools, tool_choice: "auto" as const } : {}),
      temperature: o.temperature,
      ...(o.maxTokens !== undefined ? { max_tokens: o.maxTokens } : {}),
      ...(o.seed !== undefined ? { seed: o.seed } : {}),
    };
  }

  /** One request, its cost added to the step's, the episode's and the run's tallies (also when it fails). */
  private async call(request: ChatCompletionCreateParamsNonStreaming, tallies: CallTallies): Promise<ChatResult> {
    const all = [tallies.step, tallies.episode, this.run];
    let result: ChatResult;
    try {
      result = await this.client.complete(request, tallies.signal);
    } catch (err) {
      if (err instanceof LlmRequestError) {
        tallies.retryLog.push(...err.retries);
        for (const t of all) addFailedRequest(t, err.attempts);
      }
      throw err;
    }
    tallies.retryLog.push(...result.retries);
    for (const t of all) addUsage(t, result.completion.usage, result.cached, result.retries.length);
    return result;
  }

  private checkStuck(signature: string): void {
    this.repeats = signature === this.lastSignature ? this.repeats + 1 : 1;
    this.lastSignature = signature;
    if (this.repeats >= this.options.stuckRepeats) {
      throw new AgentStuck(`the model gave the same response ${this.repeats} times in a row: ${signature.slice(0, 200)}`);
    }
  }

  private async askForIds(messages: ChatCompletionMessageParam[]): Promise<string[] | null> {
    this.inflight = new AbortController();
    const tallies: CallTallies = { step: emptyUsage(), episode: this.episode, retryLog: [], signal: this.inflight.signal };
    let msgs = messages;
    for (let attempt = 0; attempt <= this.options.maxInvalidReplies; attempt++) {
      const r = await this.call(this.request(msgs), tallies);
      const content = r.completion.choices[0]!.message.content;
      const ids = extractIdList(content);
      if (ids) return ids;
      msgs = [...msgs, { role: "assistant", content: content ?? "" }, { role: "user", content: "Answer with a JSON array of ids only." }];
    }
    return null;
  }
}

export default LlmAgent;

import path from "node:path";
import type { Action } from "../../sim/actions.ts";
import type { Observation } from "../../sim/observation.ts";
import type { Agent, AgentOptions, TaskView } from "../agent.ts";
import { getLogger } from "../logger.ts";
import type { FunGraph, FunGraphQuery, GroundingAnswer, GroundingQuestion, MisplacementQuery, PlacementQuery } from "../probes/types.ts";
import { HARNESS_VERSION } from "../version.ts";
import { splitCommandLine } from "./jsonrpc/command-line.ts";
import { JsonRpcProcess } from "./jsonrpc/json-rpc-process.ts";
import { AgentProcessError, ERROR_CODES, JsonRpcRemoteError, METHODS, PROTOCOL_VERSION, type InitializeResult, type ProbeMethod } from "./jsonrpc/protocol.ts";

/**
 * An agent that is another program (`--agent cmd:"python3 my_agent.py"`), spoken to in JSON-RPC 2.0,
 * one message per line on its stdin/stdout (docs/agents.md). The process starts at the first episode and
 * lives across episodes; when it dies, breaks the protocol or times out, that episode ends with an error
 * and the next episode starts a fresh process.
 *
 * Options: `timeout` (seconds per call, default 120), `startTimeout` (seconds for the process to answer
 * `initialize`, default max(timeout, 60)), `shell` (run through /bin/sh), `cwd`, `env`
 * (object of extra variables), `name` (agent name in results; default: the name the agent gives in
 * `initialize`, else one made from the command).
 */
export class JsonRpcAgent implements Agent {
  /** The `name` option, else the name the agent gives in `initialize`, else one made from the command. */
  name: string;
  version = "0";
  private process: JsonRpcProcess | null = null;
  private methods: Set<string> | null = null;
  private readonly timeout: number;
  private readonly startTimeout: number;

  constructor(
    readonly command: string,
    private readonly options: AgentOptions = {},
  ) {
    this.timeout = typeof options.timeout === "number" && options.timeout > 0 ? options.timeout : 120;
    this.startTimeout = typeof options.startTimeout === "number" && options.startTimeout > 0 ? options.startTimeout : Math.max(this.timeout, 60);
    this.name = typeof options.name === "string" ? options.name : nameFromCommand(command, options.shell === true);
    if (options.shell !== true) splitCommandLine(command, `cmd:${command}`); // a bad quote fails now, before any episode
  }

  /**
   * Starts the process and sends `initialize` now rather than at the first episode, so the agent's
   * version is known when the run begins and a command that cannot start fails before any episode.
   */
  async start(): Promise<void> {
    await this.ready(false);
  }

  /** Starts (or restarts) the process for a new episode and sends `reset`. */
  async reset(task: TaskView, obs: Observation): Promise<void> {
    const proc = await this.ready();
    await proc.call(METHODS.reset, { task, observation: obs }, this.timeout);
  }

  /** Sends `act`; the answer is an action object or its text form (`pick(apple_1)`). */
  async act(obs: Observation): Promise<Action> {
    const proc = this.require();
    const result = await proc.call(METHODS.act, { observation: obs }, this.timeout);
    // an ill-formed action is the simulator's to judge (a `parse` failure that costs a step), not a crash
    const action = isWrapped(result) ? result.action : result;
    return action as Action;
  }

  /**
   * The runner stopped waiting for the call in flight (`--step-timeout`): the process is stopped now (its
   * process group killed) rather than left working on an answer nobody will read, and the next episode's
   * `reset` starts a fresh one.
   */
  async cancel(): Promise<void> {
    const proc = this.process;
    // an idle healthy process has nothing in flight (the call timed out on its own `timeout` and stopped it, or never started)
    if (!proc || (proc.healthy && !proc.busy)) return;
    this.process = null;
    await proc.stop(0);
  }

  /** Sends `close` (when the agent has it) and stops the process. */
  async close(): Promise<void> {
    const proc = this.process;
    this.process = null;
    if (!proc) return;
    // a process still busy with a call cannot answer `close` before that call: it is stopped without asking
    if (proc.healthy && !proc.busy && this.implements(METHODS.close)) {
      await proc.call(METHODS.close, {}, Math.min(this.timeout, 10)).catch(() => undefined);
    }
    await proc.stop();
  }

  /**
   * Seconds the next `reset` may take beyond one step's time limit: starting the process and answering
   * `initialize` (its `startTimeout`), or 0 while a healthy process waits idle. The episode runner adds
   * it to reset's time limit, so a short `--step-timeout` does not time out an interpreter's start-up.
   */
  startupAllowance(): number {
    const p = this.process;
    return p && p.healthy && !p.busy ? 0 : this.startTimeout;
  }

  /** The methods the agent said it implements in `initialize` (null before the first episode, or when it did not say). */
  get capabilities(): string[] | null {
    return this.methods ? [...this.methods].sort() : null;
  }

  rankPlacements(q: PlacementQuery): Promise<string[]> {
    return this.probe("rankPlacements", q) as Promise<string[]>;
  }
  detectMisplaced(q: MisplacementQuery): Promise<string[]> {
    return this.probe("detectMisplaced", q) as Promise<string[]>;
  }
  buildFunctionalGraph(q: FunGraphQuery): Promise<FunGraph> {
    return this.probe("buildFunctionalGraph", q) as Promise<FunGraph>;
  }
  answer(q: GroundingQuestion): Promise<GroundingAnswer> {
    return this.probe("answer", q) as Promise<GroundingAnswer>;
  }

  /** Calls a probe method; an agent without it gives a clear error instead of a bare method-not-found. */
  private async probe(method: ProbeMethod, query: unknown): Promise<unknown> {
    const proc = await this.ready(false);
    if (this.methods && !this.methods.has(method)) throw new Error(`external agent ${this.name} does not implement ${method} (its initialize answer lists ${[...this.methods].join(", ") || "nothing"})`);
    try {
      return await proc.call(method, query, this.timeout);
    } catch (err) {
      if (err instanceof JsonRpcRemoteError && err.code === ERROR_CODES.methodNotFound) throw new Error(`external agent ${this.name} does not implement ${method}`);
      throw err;
    }
  }

  /** A healthy, initialized process; a dead or busy one is replaced. */
  private async ready(fresh = true): Promise<JsonRpcProcess> {
    const old = this.process;
    if (old && old.healthy && !(fresh && old.busy)) return old;
    if (old) await old.stop(500);
    const env = this.options.env && typeof this.options.env === "object" ? (this.options.env as Record<string, string>) : undefined;
    const proc = new JsonRpcProcess({
      command: this.command,
      shell: this.options.shell === true,
      cwd: typeof this.options.cwd === "string" ? this.options.cwd : undefined,
      env,
      name: this.name,
      logger: getLogger(),
    });
    this.process = proc;
    proc.start();
    await this.initialize(proc);
    return proc;
  }

  private async initialize(proc: JsonRpcProcess): Promise<void> {
    try {
      // starting an interpreter and importing a model can take longer than one step may
      const r = (await proc.call(METHODS.initialize, { protocolVersion: PROTOCOL_VERSION, harness: { name: "rearrange", version: HARNESS_VERSION } }, this.startTimeout)) as InitializeResult | null;
      if (r && typeof r === "object") {
        if (typeof r.name === "string" && r.name.trim() !== "" && typeof this.options.name !== "string") this.name = r.name;
        if (typeof r.version === "string") this.version = r.version;
        if (Array.isArray(r.methods)) this.methods = new Set(r.methods.filter((m): m is string => typeof m === "string"));
      }
    } catch (err) {
      if (err instanceof JsonRpcRemoteError && err.code === ERROR_CODES.methodNotFound) return; // initialize is optional
      throw err;
    }
  }

  private implements(method: string): boolean {
    return this.methods === null || this.methods.has(method);
  }

  private require(): JsonRpcProcess {
    // a dead process rejects the call with the reason it died
    if (!this.process) throw new AgentProcessError(`${this.name}: the agent process is not running (act before reset)`);
    return this.process;
  }
}

function isWrapped(x: unknown): x is { action: unknown } {
  return typeof x === "object" && x !== null && !Array.isArray(x) && "action" in x && !("type" in x);
}

/** `python3 agents/python/example_agent.py --x` → `example_agent`: the first word that looks like a script, else the program. */
export function nameFromCommand(command: string, shell: boolean): string {
  let words: string[];
  try {
    words = shell ? command.trim().split(/\s+/) : splitCommandLine(command);
  } catch {
    words = command.trim().split(/\s+/);
  }
  const script = words.slice(1).find((w) => !w.startsWith("-") && /\.[A-Za-z0-9]+$/.test(w)) ?? words[0] ?? "cmd";
  return path.basename(script).replace(/\.[A-Za-z0-9]+$/, "") || "cmd";
}

import { spawn, type ChildProcess } from "node:child_process";
import type { Logger } from "pino";
import { AgentTimeout } from "../../runner/timeout.ts";
import { trackAgentProcess, untrackAgentProcess } from "./child-reaper.ts";
import { splitCommandLine } from "./command-line.ts";
import { LineSplitter } from "./line-splitter.ts";
import { AgentProcessError, classifyMessage, ERROR_CODES, JsonRpcRemoteError } from "./protocol.ts";
import { StderrLog } from "./stderr-log.ts";

/** How to start and talk to one external agent process. */
export interface JsonRpcProcessOptions {
  /** Command line; split shell-style and run without a shell unless `shell` is true. */
  command: string;
  /** Run the command through `/bin/sh -c` (pipes, `$VARS`, `cd x && …`). */
  shell?: boolean;
  cwd?: string;
  /** Extra environment variables for the agent. */
  env?: Record<string, string>;
  /** Name used in log lines and errors. */
  name: string;
  logger?: Pick<Logger, "info" | "warn" | "debug" | "error">;
  /** Longest stdout message accepted, in characters (a longer one is a protocol error). Default 64 MiB. */
  maxMessageLength?: number;
  /** Stderr lines logged per process before the rest is suppressed. Default 1000. */
  maxLoggedStderrLines?: number;
}

interface Pending {
  method: string;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  timer?: NodeJS.Timeout;
}

const MAX_STDERR_LINE = 4000;
/** How long after its stdout closes a process has to exit before that counts as a protocol breach, ms. */
const STDOUT_CLOSED_GRACE_MS = 200;

/** A log message as text: strings as they are, anything else (parsed JSON) as JSON. */
function printable(message: unknown): string {
  if (typeof message === "string") return message;
  if (message === undefined || message === null) return "";
  return JSON.stringify(message) ?? "";
}

/**
 * One running external agent: a child process spoken to in JSON-RPC 2.0, one message per line.
 * Any protocol breach (non-JSON output, exit, unknown response id) fails every pending call with an
 * {@link AgentProcessError} and stops the process; the owner starts a new one for the next episode.
 */
export class JsonRpcProcess {
  private child: ChildProcess | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: AgentProcessError | null = null;
  private exited = false;
  /** Set by {@link stop}: an exit from now on is the stop's doing. */
  private stopping = false;
  private readonly stderr: StderrLog;
  private exitPromise: Promise<void> = Promise.resolve();

  constructor(private readonly options: JsonRpcProcessOptions) {
    this.stderr = new StderrLog(options.logger, options.name, options.maxLoggedStderrLines ?? 1000);
  }

  /** True while the process runs and has not broken the protocol. */
  get healthy(): boolean {
    return this.child !== null && !this.exited && this.failure === null;
  }

  /** True while a call waits for its answer. */
  get busy(): boolean {
    return this.pending.size > 0;
  }

  /** Process id, once started. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Spawns the process. Errors starting it surface on the first call. */
  start(): void {
    if (this.child) throw new Error("already started");
    const o = this.options;
    const argv = o.shell ? ["/bin/sh", "-c", o.command] : splitCommandLine(o.command, `cmd:${o.command}`);
    if (argv.length === 0) throw new AgentProcessError("the agent command is empty");
    const child = spawn(argv[0]!, argv.slice(1), {
      cwd: o.cwd,
      env: { ...process.env, ...o.env },
      stdio: ["pipe", "pipe", "pipe"],
      // its own process group, so a shell and everything it started are stopped together
      detached: process.platform !== "win32",
    });
    this.child = child;
    // however this process ends (a second Ctrl-C included), the agent's process group goes with it
    const pgid = process.platform !== "win32" ? child.pid : undefined;
    if (pgid !== undefined) trackAgentProcess(pgid);
    const stdout = new LineSplitter(o.maxMessageLength ?? 64 * 1024 * 1024, (line, truncated) => this.onStdoutLine(line, truncated));
    const stderr = new LineSplitter(MAX_STDERR_LINE, (line, truncated) => this.stderr.line(line, truncated));
    child.stdout!.on("data", (c: Buffer) => stdout.push(c));
    child.stdout!.on("end", () => {
      stdout.end();
      // a process that closes its stdout but lives on can never answer: say so now, not at the timeout
      // (a process that is exiting closes stdout first; its exit, with the exit code, is the better reason)
      setTimeout(() => {
        if (!this.exited) this.breach("agent closed its stdout while still running: no answer can come");
      }, STDOUT_CLOSED_GRACE_MS).unref();
    });
    child.stderr!.on("data", (c: Buffer) => stderr.push(c));
    child.stderr!.on("end", () => stderr.end());
    child.stdin!.on("error", () => undefined); // EPIPE after a crash: reported through "exit"
    this.exitPromise = new Promise((resolve) => {
      child.on("error", (err: NodeJS.ErrnoException) => {
        this.exited = true;
        this.fail(`cannot start agent command ${JSON.stringify(argv[0])}: ${err.code ?? err.message}`);
        resolve();
      });
      child.on("exit", (code, signal) => {
        this.exited = true;
        if (pgid !== undefined) untrackAgentProcess(pgid);
        // let stdout drain: a last response written just before exiting still counts
        setTimeout(() => {
          const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
          // stopped on purpose, it may still exit by itself first (at the end of its input): the reason is the stop
          this.fail(this.stopping ? `agent process was stopped (it ${how})` : `agent process ${how}`);
          resolve();
        }, 50);
      });
    });
  }

  /**
   * Calls a method and awaits its result.
   * @param timeoutSeconds after this the call fails with AgentTimeout and the process is stopped
   * @throws JsonRpcRemoteError when the agent answers with an error object
   * @throws AgentProcessError when the process dies or breaks the protocol
   */
  call(method: string, params: unknown, timeoutSeconds?: number): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    if (!this.child) this.start();
    const id = this.nextId++;
    return new Promise<unknown>((resolve, reject) => {
      const p: Pending = { method, resolve, reject };
      if (timeoutSeconds !== undefined && Number.isFinite(timeoutSeconds)) {
        p.timer = setTimeout(() => {
          this.pending.delete(id);
          reject(new AgentTimeout(method, timeoutSeconds));
          // a late answer would belong to a call nobody waits for: start afresh next episode
          this.fail(`agent.${method}() timed out after ${timeoutSeconds} s`);
          void this.stop(0);
        }, timeoutSeconds * 1000);
      }
      this.pending.set(id, p);
      this.write({ jsonrpc: "2.0", id, method, params });
    });
  }

  /** Sends a notification (no answer expected). */
  notify(method: string, params: unknown): void {
    if (this.healthy) this.write({ jsonrpc: "2.0", method, params });
  }

  /** Last stderr lines of the process (for error messages). */
  stderrTail(): string[] {
    return this.stderr.tail();
  }

  /**
   * Stops the process: closes its stdin, waits up to `graceMs` for it to exit, then kills its process group.
   */
  async stop(graceMs = 2000): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.stopping = true;
    if (!this.exited) {
      child.stdin?.end();
      const timer = setTimeout(() => this.kill(), graceMs);
      await this.exitPromise;
      clearTimeout(timer);
    }
    this.fail("agent process was stopped");
  }

  private kill(): void {
    const child = this.child;
    if (!child || this.exited || child.pid === undefined) return;
    try {
      if (process.platform !== "win32") process.kill(-child.pid, "SIGKILL");
      else child.kill("SIGKILL");
    } catch {
      child.kill("SIGKILL");
    }
  }

  private write(msg: object): void {
    const child = this.child!;
    if (!child.stdin || child.stdin.destroyed || !child.stdin.writable) return;
    child.stdin.write(`${JSON.stringify(msg)}\n`);
  }

  private onStdoutLine(line: string, truncated: boolean): void {
    // runs in a stream callback: anything it throws would be an uncaught exception that ends the run
    try {
      this.handleStdoutLine(line, truncated);
    } catch (err) {
      this.breach(`agent output could not be handled (${err instanceof Error ? err.message : "unknown error"}): ${line.slice(0, 200)}`);
    }
  }

  private handleStdoutLine(line: string, truncated: boolean): void {
    if (this.failure) return;
    if (line.trim() === "") return;
    if (truncated) return this.breach(`agent wrote a message longer than ${this.options.maxMessageLength ?? 64 * 1024 * 1024} characters`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      return this.breach(`agent wrote a line that is not JSON on stdout (print logs to stderr): ${JSON.stringify(line.slice(0, 200))}`);
    }
    const msg = classifyMessage(parsed);
    switch (msg.kind) {
      case "invalid":
        return this.breach(`agent wrote an invalid JSON-RPC message (${msg.reason}): ${line.slice(0, 200)}`);
      case "notification":
        return this.onNotification(msg.method, msg.params);
      case "request":
        this.write({ jsonrpc: "2.0", id: msg.id, error: { code: ERROR_CODES.methodNotFound, message: `the harness offers no method "${msg.method}"` } });
        return;
      case "response": {
        const p = typeof msg.id === "number" ? this.pending.get(msg.id) : undefined;
        if (!p) return this.breach(`agent answered an unknown request id ${JSON.stringify(msg.id)}`);
        this.pending.delete(msg.id as number);
        if (p.timer) clearTimeout(p.timer);
        if (msg.error) p.reject(new JsonRpcRemoteError(p.method, msg.error.code, msg.error.message, msg.error.data));
        else p.resolve(msg.result);
      }
    }
  }

  private onNotification(method: string, params: unknown): void {
    if (method !== "log") return;
    const p = (typeof params === "object" && params !== null ? params : {}) as { level?: unknown; message?: unknown };
    const text = printable(p.message).slice(0, MAX_STDERR_LINE);
    const level = p.level === "warn" || p.level === "error" || p.level === "debug" ? p.level : "info";
    this.options.logger?.[level]({ agent: this.options.name }, text);
  }

  private breach(reason: string): void {
    this.fail(reason);
    void this.stop(0);
  }

  /** Records the first failure and rejects every pending call with it. */
  private fail(reason: string): void {
    if (!this.failure) {
      const tail = this.stderr.tail().slice(-5);
      this.failure = new AgentProcessError(`${this.options.name}: ${reason}${tail.length ? `; last stderr: ${tail.join(" | ")}` : ""}`);
    }
    for (const [id, p] of this.pending) {
      if (p.timer) clearTimeout(p.timer);
      this.pending.delete(id);
      p.reject(new AgentProcessError(`${this.failure.message} (while waiting for ${p.method})`));
    }
  }
}

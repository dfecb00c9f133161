import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One scripted HTTP answer. `body` is sent as JSON unless it is a string; `hang` never answers at all. */
export interface ScriptedReply {
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
  hang?: boolean;
}

/** A request the server received. */
export interface ReceivedRequest {
  path: string;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown>;
}

/** A chat completion whose message calls one tool. */
export function toolCall(name: string, args: unknown, usage = { prompt_tokens: 100, completion_tokens: 10 }): ScriptedReply {
  return completion({ role: "assistant", content: null, tool_calls: [{ id: `call_${name}`, type: "function", function: { name, arguments: typeof args === "string" ? args : JSON.stringify(args) } }] }, usage);
}

/** A chat completion whose message is plain text. */
export function textReply(content: string, usage = { prompt_tokens: 100, completion_tokens: 10 }): ScriptedReply {
  return completion({ role: "assistant", content }, usage);
}

function completion(message: unknown, usage: { prompt_tokens: number; completion_tokens: number }): ScriptedReply {
  return {
    body: {
      id: "chatcmpl-test",
      object: "chat.completion",
      created: 0,
      model: "test-model",
      choices: [{ index: 0, message, finish_reason: "stop", logprobs: null }],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    },
  };
}

/**
 * A real chat-completions server on 127.0.0.1 (random port) that answers with a script, in order, or
 * with a function of the request once the script is used up (`fallback`).
 */
export class ScriptedChatServer {
  readonly requests: ReceivedRequest[] = [];
  private server: Server | null = null;
  private queue: ScriptedReply[] = [];

  constructor(private readonly fallback?: (req: ReceivedRequest) => ScriptedReply) {}

  /** Appends replies to the script. */
  script(...replies: ScriptedReply[]): this {
    this.queue.push(...replies);
    return this;
  }

  /** Replies not used yet. */
  get pending(): number {
    return this.queue.length;
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let data = "";
      req.on("data", (c) => (data += c));
      req.on("end", () => {
        const received: ReceivedRequest = { path: req.url ?? "", headers: req.headers, body: data ? JSON.parse(data) : {} };
        this.requests.push(received);
        const reply = this.queue.shift() ?? this.fallback?.(received) ?? { status: 500, body: { error: { message: "script exhausted" } } };
        if (reply.hang) return;
        const text = typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body);
        res.writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers });
        res.end(text);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/v1`;
  }

  async stop(): Promise<void> {
    // hanging requests hold their connections open
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

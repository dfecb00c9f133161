/** An agent call that did not answer in time. */
export class AgentTimeout extends Error {
  constructor(readonly method: string, readonly seconds: number) {
    super(`agent.${method}() did not answer within ${seconds} s`);
    this.name = "AgentTimeout";
  }
}

/** An agent that repeats itself without progress (the `llm` agent throws this). */
export class AgentStuck extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AgentStuck";
  }
}

/** Awaits `value` but gives up after `seconds`: the episode then ends with a timeout error. */
export async function withTimeout<T>(value: T | PromiseLike<T>, seconds: number, method: string): Promise<T> {
  // any thenable, not only a native Promise: a hand-made one that never settles must time out too
  if (!isThenable(value)) return value;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      Promise.resolve(value),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new AgentTimeout(method, seconds)), seconds * 1000);
      }),
    ]);
  } finally {
    if (timer) clearTimeout(timer);
  }
}

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  try {
    return (typeof value === "object" || typeof value === "function") && value !== null && typeof (value as PromiseLike<T>).then === "function";
  } catch {
    return false; // a `then` getter that throws: not awaited, the value is taken as it is
  }
}

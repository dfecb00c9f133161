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
export async function withTimeout<T>(value: T | Promise<T>, seconds: number, method: string): Promise<T> {
  if (!(value instanceof Promise)) return value;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      value,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new AgentTimeout(method, seconds)), seconds * 1000);
      }),
    ]);
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/** `Atomics.waitAsync` (Node ≥ 16; typed only from lib es2024 on). */
interface AtomicsWaitAsync {
  waitAsync(array: Int32Array, index: number, value: number, timeoutMs: number): { async: boolean; value: Promise<string> | string };
}

/**
 * Resolves once `array[index]` is no longer `value` (another thread stored and notified) or `timeoutMs` has passed,
 * without blocking the thread; at once when it already differs. Callers look at the value again and loop.
 */
export async function waitWhileEqual(array: Int32Array, index: number, value: number, timeoutMs: number): Promise<void> {
  const wait = (Atomics as unknown as AtomicsWaitAsync).waitAsync(array, index, value, timeoutMs);
  if (wait.async) await wait.value;
}

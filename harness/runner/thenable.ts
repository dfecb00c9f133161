/**
 * Whether a value a hook returned is to be awaited: an object or function with a `then` method. A `then`
 * getter that throws counts as a thenable, so that awaiting it rejects with that error, as `await` would.
 * (Checked on every delivered event, so a plain return value costs no promise and no microtask.)
 */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) return false;
  try {
    return typeof (value as { then?: unknown }).then === "function";
  } catch {
    return true;
  }
}

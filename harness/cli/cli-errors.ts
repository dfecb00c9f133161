/** A usage mistake (unknown option, missing argument): exit 2 with this message and a pointer to `--help`. */
export class UsageError extends Error {}
/** A check failed (regression, divergence, invalid file): exit 1 with this message, no stack trace. */
export class CheckFailed extends Error {}

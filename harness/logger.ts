import { pino, type Logger } from "pino";

/**
 * The one logger of a process, created on first use: stderr only (stdout is for results),
 * pretty on a TTY, JSON lines otherwise. Secrets are redacted wherever they appear in a log object.
 */
let instance: Logger | undefined;

/** Field names that hold secrets, wherever an object logged puts them (top level, or one or two levels down). */
const SECRET_FIELDS = ["apiKey", "api_key", "token", "accessToken", "secret", "password", "authorization", "Authorization"];
/** HTTP headers that carry keys. */
const SECRET_HEADERS = ["authorization", "Authorization", "x-api-key", "api-key"];

export const REDACT_PATHS = [
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
  ...SECRET_HEADERS.flatMap((h) => [`headers["${h}"]`, `*.headers["${h}"]`, `*.*.headers["${h}"]`]),
];

export function getLogger(): Logger {
  if (instance) return instance;
  const level = process.env.REARRANGE_LOG_LEVEL ?? (process.env.CI ? "warn" : "info");
  const redact = { paths: REDACT_PATHS, censor: "[redacted]" };
  if (process.stderr.isTTY && !process.env.REARRANGE_LOG_JSON) {
    instance = pino({
      level,
      redact,
      transport: { target: "pino-pretty", options: { destination: 2, colorize: true, ignore: "pid,hostname" } },
    });
  } else {
    instance = pino({ level, redact }, pino.destination({ fd: 2, sync: true }));
  }
  return instance;
}

/** Replaces the process logger (tests). */
export function setLogger(logger: Logger): void {
  instance = logger;
}

// Plain JavaScript: bin/rearrange.js applies these before the CLI's bundle (or TypeScript) loads.
import { setFlagsFromString } from "node:v8";

/**
 * V8 options the command line runs with, unless the user set them either way (in NODE_OPTIONS or node's own
 * options). Flags are the process's, so they reach the pool's worker threads too; `rearrange bench` also hands them to
 * the processes it starts, so that its two-process figure runs like the CLI.
 *
 * `--no-allocation-site-pretenuring`: V8 decides, per allocation site, to allocate straight in the old generation
 * when most of a site's objects outlive a scavenge. The observation's snapshots are made in bursts (an explore sees a
 * room's objects at once), and the burst is what triggers the scavenge, so they look long-lived: allocated old, they
 * die there, ~21 MB of old-generation garbage a warm 200-episode run of the workers suite on the main thread (1 MB
 * without), and a mark-compact every few runs (docs/performance.md, session 41). Without it, 1,000 random-agent
 * episodes over 1,000-object houses ran in 5.8 – 6.5 s against 7.1 – 10.9 s with one worker, 4.4 – 5.1 against
 * 4.9 – 5.6 s with two. Writing a snapshot's literals out at their own site does not help: V8 tenures those too.
 */
export const CLI_V8_FLAGS = ["--no-allocation-site-pretenuring"];

/** A V8 flag's name as V8 reads it: dashes for underscores, without `--`, `--no-` or a value. */
function flagName(arg) {
  const bare = arg.replace(/^--?/, "").split("=")[0].replace(/_/g, "-");
  return bare.startsWith("no-") ? bare.slice(3) : bare;
}

/**
 * The flags of {@link CLI_V8_FLAGS} the user has not set: every one whose name (either way: `--x`, `--no-x`,
 * `--no_x`) appears in neither `nodeOptions` (NODE_OPTIONS) nor `execArgv` is kept.
 * @param {string | undefined} nodeOptions
 * @param {readonly string[]} execArgv
 * @returns {string[]}
 */
export function cliV8Flags(nodeOptions, execArgv) {
  const given = new Set([...(nodeOptions ?? "").split(/\s+/), ...execArgv].filter((a) => a.startsWith("-")).map(flagName));
  return CLI_V8_FLAGS.filter((f) => !given.has(flagName(f)));
}

/**
 * Sets this process's {@link cliV8Flags} (V8 reads these at run time: set before the CLI's code runs, they hold for
 * everything it does) and returns them.
 * @returns {string[]}
 */
export function applyCliV8Flags() {
  const flags = cliV8Flags(process.env.NODE_OPTIONS, process.execArgv);
  for (const f of flags) setFlagsFromString(f);
  globalThis[APPLIED] = flags;
  return flags;
}

/**
 * Where the process keeps what {@link applyCliV8Flags} set: a global, not a module variable, since the CLI's bundle has
 * its own copy of this module beside the one bin/rearrange.js loads.
 */
const APPLIED = Symbol.for("rearrange.cliV8Flags");

/**
 * The flags {@link applyCliV8Flags} set in this process (none unless it was called): what a process the CLI starts to
 * run like itself (the bench's process lanes) is given on its command line.
 * @returns {string[]}
 */
export function appliedCliV8Flags() {
  const applied = globalThis[APPLIED];
  return Array.isArray(applied) ? applied.slice() : [];
}

/**
 * Reading the files of a Housekeep source folder: `.json` files and gzipped `.json.gz` ones (Housekeep ships
 * its episodes gzipped), decompressed with node:zlib. Anything else is skipped with the reason: documentation
 * and licences by name, other files (the raw `room_recep.txt`, `data.npy`) as not Housekeep's JSON.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { parseJsonText } from "../probes/datasets/source-files.ts";

/** The JSON value of a source file, or why it is skipped (and where in it, when that is known). */
export type HousekeepSource = { value: unknown } | { where?: string; reason: string };

/** README, LICENSE, NOTICE, … and Markdown / reStructuredText files. */
const DOCUMENTATION = /^(readme|licen[cs]e|copying|notice|authors|contributing|changelog|changes)([._-].*)?$|\.(md|rst)$/i;

function errorCode(err: unknown): string {
  return (err as NodeJS.ErrnoException).code ?? (err as Error).message ?? String(err);
}

/** Reads a `.json` or `.json.gz` file of a Housekeep folder as JSON (see module comment). */
export function readHousekeepSource(file: string): HousekeepSource {
  const name = path.basename(file).toLowerCase();
  const gzipped = name.endsWith(".json.gz");
  if (!gzipped && !name.endsWith(".json")) {
    return { reason: DOCUMENTATION.test(name) ? "not a JSON data file (documentation or licence)" : "not a Housekeep JSON file (.json or .json.gz)" };
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    return { reason: `cannot read file (${errorCode(err)})` };
  }
  if (gzipped) {
    try {
      bytes = gunzipSync(bytes);
    } catch (err) {
      // zlib's message says what is wrong: "incorrect header check" (not gzip), "unexpected end of file" (cut short)
      return { reason: `not gzip data: ${(err as Error).message}` };
    }
  }
  const parsed = parseJsonText(bytes.toString("utf8"));
  return "value" in parsed ? parsed : { where: parsed.where, reason: gzipped ? `${parsed.reason} (after gunzip)` : parsed.reason };
}

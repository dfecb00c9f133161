import { readFileSync } from "node:fs";
import { InputError } from "../errors.ts";

/**
 * A text file's contents (UTF-8), or an InputError naming the file and why it could not be read (`cannot read
 * scene file (ENOENT)`): the one way every reader of user files reports a missing or unreadable file.
 * @param what how the message names the file: "file", "scene file", "task file", …
 */
export function readTextFile(file: string, what = "file"): string {
  try {
    return readFileSync(file, "utf8");
  } catch (err) {
    throw new InputError(file, undefined, `cannot read ${what} (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
}

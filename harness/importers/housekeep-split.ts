/**
 * The `--split FILE` of `rearrange import housekeep`: a JSON file `{train, val, test}` of object names giving
 * the object split to use. Reading it (a bad file is refused naming the file and the JSON path), and the notes on
 * what in it could not be used as written: names with no annotations (ignored), and names listed under two
 * splits — such an object is put in the first (train, then val, then test: splitOfObject), since one object in
 * two splits would be seen in training and scored as unseen.
 */
import { InputError } from "../../sim/errors.ts";
import { readTextFile } from "../../sim/files/read-text.ts";
import { SPLITS, type HousekeepAnnotations, type SplitName } from "../probes/datasets/housekeep.ts";
import { parseJsonText } from "../probes/datasets/source-files.ts";
import { firstFew } from "../probes/datasets/first-few.ts";

/** Object names by split, as a split file gives them. */
export type GivenSplit = Partial<Record<SplitName, string[]>>;

/** Reads a split file; throws an InputError naming the file and the place in it when it is not one. */
export function readSplitFile(file: string): GivenSplit {
  const parsed = parseJsonText(readTextFile(file, "split file"));
  if (!("value" in parsed)) throw new InputError(file, parsed.where, parsed.reason);
  const v = parsed.value as Record<string, unknown>;
  for (const s of SPLITS)
    if (v?.[s] !== undefined && !(Array.isArray(v[s]) && (v[s] as unknown[]).every((x) => typeof x === "string")))
      throw new InputError(file, `$.${s}`, "expected a list of object names");
  return v as GivenSplit;
}

/** Annotated objects the split file names under more than one split, in the file's order, with those splits. */
export function objectsInTwoSplits(given: GivenSplit, annotations: HousekeepAnnotations): Array<{ object: string; splits: SplitName[] }> {
  const splitsOf = new Map<string, SplitName[]>();
  for (const s of SPLITS)
    for (const name of given[s] ?? []) {
      const seen = splitsOf.get(name) ?? [];
      if (!seen.includes(s)) splitsOf.set(name, [...seen, s]);
    }
  return [...splitsOf]
    .filter(([name, splits]) => splits.length > 1 && Object.hasOwn(annotations.ranks, name))
    .map(([object, splits]) => ({ object, splits }));
}

/** The summary notes on a split file `file`: objects without annotations, objects under two splits. */
export function splitFileNotes(file: string, given: GivenSplit, annotations: HousekeepAnnotations): string[] {
  const notes: string[] = [];
  const unannotated = [...new Set(SPLITS.flatMap((s) => given[s] ?? []))].filter((name) => !Object.hasOwn(annotations.ranks, name));
  if (unannotated.length > 0)
    notes.push(
      `${unannotated.length} object${unannotated.length === 1 ? " named in the split file has" : "s named in the split file have"} no annotations and ${unannotated.length === 1 ? "was" : "were"} ignored: ${firstFew(unannotated, 5)}`,
    );
  const twice = objectsInTwoSplits(given, annotations);
  if (twice.length > 0) {
    const shown = twice.map(({ object, splits: [first, ...others] }) => `${object} → ${first} (also in ${others.join(", ")})`);
    notes.push(
      `${twice.length} object${twice.length === 1 ? " is" : "s are"} named in more than one split of ${file}; ${twice.length === 1 ? "it was" : "each was"} put in the first only (train, then val, then test), so that no object is both trained on and tested: ${firstFew(shown, 5)}`,
    );
  }
  return notes;
}

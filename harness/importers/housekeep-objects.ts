/**
 * Object keys of a Housekeep episode that cannot be ids as they are. An object's key is its id in the episode:
 * its detection label is `<case>/<key>` and its scene object is named after it. A key listed twice made two
 * labels with one id (which `rearrange validate` rejects) and a scene with one id twice (which was skipped); an
 * empty key made a label with an empty id. Repeats come from a converter that writes an object twice, or from
 * hand-merged JSON. So:
 * - a repeat identical to an earlier entry of its key is the same object listed again: it is left out;
 * - a repeat that differs from each (another category, position or receptacle) is another object under a taken
 *   key: it is kept as `<key>#2` (the first free `#N`), as the TidyBot import names its repeated objects;
 * - an object with an empty key is left out: a label needs an id to be joined to a prediction.
 * The summary names the file and the JSON path of each.
 */
import { isDeepStrictEqual } from "node:util";
import type { HousekeepEpisode } from "../probes/datasets/housekeep.ts";

type EpisodeObject = HousekeepEpisode["objects"][number];

/** One object whose key could not be kept: where it is and what became of it. */
export interface ObjectKeyIssue {
  file: string;
  /** JSON path of the object (`$.episodes[0].objects[54]`). */
  where: string;
  key: string;
  /** `copy`: left out as a copy of an earlier entry; `renamed`: kept as {@link keptAs}; `no key`: left out. */
  what: "copy" | "renamed" | "no key";
  /** The key it is imported under, for `renamed`. */
  keptAs?: string;
}

/**
 * The episode at `where` in `file` with unique, non-empty object keys (see module comment), and what was changed;
 * the episode itself when nothing was.
 */
export function uniqueObjectKeys(ep: HousekeepEpisode, file: string, where: string): { ep: HousekeepEpisode; issues: ObjectKeyIssue[] } {
  const earlier = new Map<string, EpisodeObject[]>();
  const taken = new Set(ep.objects.map((o) => o.key));
  const issues: ObjectKeyIssue[] = [];
  const objects: EpisodeObject[] = [];
  ep.objects.forEach((o, i) => {
    const at = { file, where: `${where}.objects[${i}]`, key: o.key };
    if (o.key === "") {
      issues.push({ ...at, what: "no key" });
      return;
    }
    const same = earlier.get(o.key);
    if (!same) {
      earlier.set(o.key, [o]);
      objects.push(o);
      return;
    }
    if (same.some((e) => isDeepStrictEqual(o, e))) {
      issues.push({ ...at, what: "copy" });
      return;
    }
    same.push(o);
    let n = 2;
    while (taken.has(`${o.key}#${n}`)) n++;
    const key = `${o.key}#${n}`;
    taken.add(key);
    objects.push({ ...o, key });
    issues.push({ ...at, what: "renamed", keptAs: key });
  });
  return issues.length === 0 ? { ep, issues } : { ep: { ...ep, objects }, issues };
}

/** How an issue reads in the summary: `FILE $.episodes[0].objects[3] ("cup_1": a copy of an earlier entry, left out)`. */
export function describeObjectKeyIssue(issue: ObjectKeyIssue): string {
  const what =
    issue.what === "copy"
      ? "a copy of an earlier entry, left out"
      : issue.what === "renamed"
        ? `differs from the earlier entries, kept as ${JSON.stringify(issue.keptAs)}`
        : "an empty key, left out";
  return `${issue.file} ${issue.where} (${JSON.stringify(issue.key)}: ${what})`;
}

/**
 * `rearrange probe cases --from-scene SRC --out DIR`: probe cases generated from scenes of ours, in
 * the files the probes read (SPEC §7). Writes, per kind asked for:
 *   ranking.jsonl, ranking.train.jsonl, ranking.test.jsonl     ranking cases (all; split by object noun)
 *   detection.cases.jsonl, detection.gt.jsonl                   agent-mode cases and offline labels
 *   detection.test.cases.jsonl, detection.test.gt.jsonl         the same, objects of test nouns only
 *   scenes/<scene>-misplaced-s<seed>-<k>.scene.json             the copies the detection cases describe
 *   grounding/<scene>.gt.jsonl                                  seed 003 lines, one file per scene (question
 *                                                               texts repeat across houses, and lines join by text)
 *   cases.json                                                  this summary
 * Everything depends only on the scenes and the options: the same seed writes the same bytes.
 */
import path from "node:path";
import type { ImportedFile } from "../../importers/index.ts";
import { writeJsonFile, writeJsonlFile } from "../datasets/source-files.ts";
import { loadWorld } from "../../../sim/world/load-world.ts";
import type { DetectionCase, DetectionLabel, GroundingTruth, RankingCase } from "../types.ts";
import { detectionCopies } from "./detection.ts";
import { groundingCasesFromScene } from "./grounding.ts";
import { ScenePlaces } from "./places.ts";
import { rankingCasesFromScene, splitOfNoun } from "./ranking.ts";
import { readSceneSources } from "./sources.ts";

/** What `probe cases` can generate. */
export const GENERATED_KINDS = ["ranking", "detection", "grounding"] as const;
export type GeneratedKind = (typeof GENERATED_KINDS)[number];

export interface GenerateOptions {
  out: string;
  kinds: readonly GeneratedKind[];
  seed: number;
  /** Detection: copies per scene (default 3). */
  copies?: number;
  /** Detection: share of eligible objects moved per copy (default 0.25). */
  misplaceShare?: number;
  /** Share of object nouns in the test split (default 0.3). */
  testShare?: number;
}

export interface GenerateSummary {
  source: string;
  out: string;
  seed: number;
  scenes: Array<{ id: string; path: string }>;
  files: ImportedFile[];
  notes: string[];
  /** Ranking: objects no place of their house suits (IDCG 0), left without a case. */
  withoutPlace?: string[];
}

/** Detection labels of a case, one per object, with the ids agent mode gives them (`<case>/<object>`). */
export function detectionLabels(c: DetectionCase): DetectionLabel[] {
  return c.objects.map((o) => ({ id: `${c.id}/${o.id}`, misplaced: o.misplaced }));
}

/** Generates and writes the cases (see the module comment). */
export function generateProbeCases(src: string, options: GenerateOptions): GenerateSummary {
  const sources = readSceneSources(src);
  const testShare = options.testShare ?? 0.3;
  const summary: GenerateSummary = { source: src, out: options.out, seed: options.seed, scenes: sources.map((s) => ({ id: s.scene.id, path: s.path })), files: [], notes: [] };
  const put = (name: string, what: string, lines: readonly unknown[]) => summary.files.push({ path: writeJsonlFile(options.out, name, lines), what, count: lines.length });
  const isTest = (noun: string) => splitOfNoun(noun, options.seed, testShare) === "test";

  if (options.kinds.includes("ranking")) {
    const cases: RankingCase[] = [];
    const noPositive: string[] = [];
    for (const s of sources) {
      const r = rankingCasesFromScene(s.scene.id, new ScenePlaces(loadWorld(s.scene)));
      cases.push(...r.cases);
      noPositive.push(...r.noPositive);
    }
    const test = cases.filter((c) => isTest(c.object));
    put("ranking.jsonl", "ranking cases (all objects)", cases);
    put("ranking.train.jsonl", "ranking cases, train nouns", cases.filter((c) => !isTest(c.object)));
    put("ranking.test.jsonl", "ranking cases, test nouns (unseen by a prior trained on train)", test);
    const nouns = (list: RankingCase[]) => new Set(list.map((c) => c.object)).size;
    summary.notes.push(
      `ranking: ${cases.length} cases of ${nouns(cases)} nouns; test split ${test.length} cases of ${nouns(test)} nouns (share ${testShare} of nouns by hash of seed and noun)`,
    );
    if (noPositive.length) {
      summary.withoutPlace = noPositive;
      const shown = noPositive.slice(0, 8).join(", ");
      summary.notes.push(`ranking: ${noPositive.length} objects have no plausible place in their house (all gains 0), no case: ${shown}${noPositive.length > 8 ? ", … (all in cases.json, withoutPlace)" : ""}`);
    }
  }

  if (options.kinds.includes("detection")) {
    const cases: DetectionCase[] = [];
    let moved = 0;
    let leftOut = 0;
    for (const s of sources) {
      const copies = detectionCopies(s.scene, { seed: options.seed, copies: options.copies, misplaceShare: options.misplaceShare }, (id) => `scenes/${id}.scene.json`);
      for (const c of copies) {
        writeJsonFile(options.out, path.join("scenes", `${c.scene.id}.scene.json`), c.scene);
        cases.push(c.case);
        moved += c.moved.length;
        leftOut += c.leftOut.length;
      }
    }
    const testCases = cases.map((c) => ({ ...c, objects: c.objects.filter((o) => isTest(o.label)) })).filter((c) => c.objects.length > 0);
    const objects = cases.reduce((n, c) => n + c.objects.length, 0);
    put("detection.cases.jsonl", `detection cases (${objects} objects, ${moved} misplaced)`, cases);
    put("detection.gt.jsonl", "detection labels, one object a line", cases.flatMap(detectionLabels));
    put("detection.test.cases.jsonl", "detection cases, objects of test nouns only", testCases);
    put("detection.test.gt.jsonl", "detection labels, objects of test nouns only", testCases.flatMap(detectionLabels));
    summary.files.push({ path: path.join(options.out, "scenes"), what: "scene copies the detection cases describe", count: cases.length });
    summary.notes.push(
      `detection: ${cases.length} scene copies, ${moved} objects moved to implausible places with findPlacement; ${leftOut} object slots left out of the cases because the rule already finds them out of place in the original scene`,
    );
  }

  if (options.kinds.includes("grounding")) {
    for (const s of sources) {
      const lines: GroundingTruth[] = groundingCasesFromScene(s.scene, new ScenePlaces(loadWorld(s.scene)), { seed: options.seed });
      const refs = lines.filter((l) => l.type === "object_reference").length;
      put(path.join("grounding", `${s.scene.id}.gt.jsonl`), `grounding questions (${lines.length - refs} numerical, ${refs} object references)`, lines);
    }
  }
  summary.files.push({ path: path.join(options.out, "cases.json"), what: "this summary", count: 1 });
  writeJsonFile(options.out, "cases.json", summary);
  return summary;
}

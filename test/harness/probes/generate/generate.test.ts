import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generateProbeCases, type GenerateSummary } from "../../../../harness/probes/generate/generate.ts";
import { anchorPhrases } from "../../../../harness/probes/generate/grounding.ts";
import { objectNoun, placeGain } from "../../../../harness/probes/generate/placement-rule.ts";
import { ScenePlaces, settledObjects } from "../../../../harness/probes/generate/places.ts";
import { plural } from "../../../../harness/probes/grounding/from-scene.ts";
import { parseObjectList } from "../../../../harness/probes/grounding/object-list.ts";
import { readJsonl } from "../../../../harness/probes/io/jsonl.ts";
import { DetectionCaseSchema, DetectionLabelSchema, GroundingTruthSchema, RankingCaseSchema } from "../../../../harness/probes/io/schemas.ts";
import type { DetectionCase, GroundingTruth, RankingCase } from "../../../../harness/probes/types.ts";
import { evaluatePredicate } from "../../../../sim/predicates/registry.ts";
import { loadSceneFile } from "../../../../sim/scene/load.ts";
import type { SceneFile } from "../../../../sim/scene/schema.ts";
import { loadWorld } from "../../../../sim/world/load-world.ts";
import { ROOT } from "../shared-data.ts";

const HOUSES = ["flat", "family_house", "cottage"];
const houses = new Map(HOUSES.map((h) => [h, loadSceneFile(path.join(ROOT, "scenes/houses", `${h}.scene.json`)).scene]));

/** Reads every line of a JSONL file with a schema; fails the test on any skipped line. */
function readAll<T>(file: string, schema: Parameters<typeof readJsonl>[1]): T[] {
  const read = readJsonl(file, schema);
  expect(read.skipped, file).toEqual([]);
  return read.rows.map((r) => r.value as T);
}

describe("probe cases generated from the bundled suite (seed 0)", () => {
  const out = mkdtempSync(path.join(tmpdir(), "probe-cases-"));
  let summary: GenerateSummary;
  beforeAll(() => {
    summary = generateProbeCases("default", { out, kinds: ["ranking", "detection", "grounding"], seed: 0 });
  });

  it("reads the suite's three houses once each", () => {
    expect(summary.scenes.map((s) => s.id).sort()).toEqual([...HOUSES].sort());
  });

  describe("ranking", () => {
    it("every case fits the case schema; its gains are the rule's, over every place of its house", () => {
      const cases = readAll<RankingCase>(path.join(out, "ranking.jsonl"), RankingCaseSchema);
      expect(cases.length).toBeGreaterThan(100);
      const placesOf = new Map(HOUSES.map((h) => [h, new ScenePlaces(loadWorld(houses.get(h)!))]));
      for (const c of cases) {
        const [sceneId, objectId] = c.id.split("/") as [string, string];
        const places = placesOf.get(sceneId)!;
        const o = houses.get(sceneId)!.objects.find((x) => x.id === objectId)!;
        expect(c.candidates).toEqual(places.placeIds());
        expect(c.object).toBe(objectNoun(o.category));
        for (const cand of c.candidates) expect(c.relevance[cand] ?? 0, `${c.id} ${cand}`).toBe(placeGain(o, cand));
        expect(Math.max(...Object.values(c.relevance))).toBeGreaterThan(0);
        // where the object lies now is not given away
        expect(JSON.stringify(c.context)).not.toContain(`"${objectId}"`);
      }
    });

    it("train and test split the nouns: none is in both, together they are all", () => {
      const all = readAll<RankingCase>(path.join(out, "ranking.jsonl"), RankingCaseSchema);
      const train = readAll<RankingCase>(path.join(out, "ranking.train.jsonl"), RankingCaseSchema);
      const test = readAll<RankingCase>(path.join(out, "ranking.test.jsonl"), RankingCaseSchema);
      const nouns = (l: RankingCase[]) => new Set(l.map((c) => c.object));
      expect([...nouns(test)].filter((n) => nouns(train).has(n))).toEqual([]);
      expect(train.length + test.length).toBe(all.length);
      expect(test.length).toBeGreaterThan(20);
    });
  });

  describe("detection", () => {
    let cases: DetectionCase[];
    beforeAll(() => {
      cases = readAll<DetectionCase>(path.join(out, "detection.cases.jsonl"), DetectionCaseSchema);
    });

    it("cases and labels fit their schemas; labels are the cases' objects under agent-mode ids", () => {
      expect(cases).toHaveLength(3 * HOUSES.length);
      const labels = readAll<{ id: string; misplaced: boolean }>(path.join(out, "detection.gt.jsonl"), DetectionLabelSchema);
      expect(labels).toEqual(cases.flatMap((c) => c.objects.map((o) => ({ id: `${c.id}/${o.id}`, misplaced: o.misplaced }))));
      for (const c of cases) expect(c.objects.filter((o) => o.misplaced).length, c.id).toBeGreaterThan(0);
    });

    it("each copy loads as a valid scene; misplaced objects were moved from a plausible place to an implausible one, the rest stayed put", () => {
      for (const c of cases) {
        const file = path.join(out, (c.context as { sceneFile: string }).sceneFile);
        const copy = loadSceneFile(file).scene;
        const original = houses.get(copy.id.replace(/-misplaced-s0-\d+$/, ""))!;
        const world = loadWorld(copy);
        const places = new ScenePlaces(world);
        const originalPlaces = new ScenePlaces(loadWorld(original));
        for (const o of c.objects) {
          const spec = copy.objects.find((x) => x.id === o.id)!;
          const place = places.placeOf(o.id).place;
          expect(place, `${c.id}/${o.id}`).toBe(`${o.room}|${o.receptacle}`);
          expect(placeGain(spec, place) === 0, `${c.id}/${o.id} at ${place}`).toBe(o.misplaced);
          expect(placeGain(spec, originalPlaces.placeOf(o.id).place), `${o.id} before`).toBeGreaterThan(0);
          const before = original.objects.find((x) => x.id === o.id)!.box.center;
          const moved = Math.hypot(spec.box.center.x - before.x, spec.box.center.y - before.y, spec.box.center.z - before.z);
          if (o.misplaced) expect(moved, o.id).toBeGreaterThan(0.05);
          else expect(moved, o.id).toBeLessThan(1e-5);
        }
      }
    });

    it("moved objects are physically placed: loading does not move them, and the relation the world derives for them holds", () => {
      for (const c of cases) {
        const copy = loadSceneFile(path.join(out, (c.context as { sceneFile: string }).sceneFile)).scene;
        const world = loadWorld(copy);
        for (const o of c.objects.filter((x) => x.misplaced)) {
          const spec = copy.objects.find((x) => x.id === o.id)!.box;
          const now = world.get(o.id).box;
          expect(Math.abs(now.center.z - spec.center.z) + Math.abs(now.center.x - spec.center.x) + Math.abs(now.center.y - spec.center.y), o.id).toBeLessThan(1e-5);
          const support = world.supports.get(o.id)!;
          expect(["ontop", "inside", "onfloor", "under"], `${o.id} ${support.relation}`).toContain(support.relation);
          expect(evaluatePredicate(support.relation, [world.get(o.id), world.get(support.target)]), `${c.id}: ${support.relation} ${o.id} ${support.target}`).toBe(true);
        }
      }
    });

    it("the test variant keeps only objects of test nouns", () => {
      const test = readAll<DetectionCase>(path.join(out, "detection.test.cases.jsonl"), DetectionCaseSchema);
      const testNouns = new Set(readAll<RankingCase>(path.join(out, "ranking.test.jsonl"), RankingCaseSchema).map((c) => c.object));
      for (const c of test) for (const o of c.objects) expect(testNouns.has(o.label), o.label).toBe(true);
    });
  });

  describe("grounding", () => {
    const read = (h: string) => readAll<GroundingTruth>(path.join(out, "grounding", `${h}.gt.jsonl`), GroundingTruthSchema);

    it("lines fit seed 003's schema, questions are unique, object lists parse, and answer boxes are the listed boxes", () => {
      for (const h of HOUSES) {
        const lines = read(h);
        expect(lines.length).toBeGreaterThan(50);
        expect(new Set(lines.map((l) => l.question)).size).toBe(lines.length);
        const list = parseObjectList(lines[0]!.object_list);
        expect(list.problems).toEqual([]);
        for (const l of lines.filter((x) => x.type === "object_reference" && typeof x.answer === "object")) {
          const a = l.answer as { object_id: number; center: unknown; size: unknown; heading: number };
          const listed = list.objects.get(a.object_id)!;
          expect({ center: a.center, size: a.size, heading: a.heading }, l.question).toEqual(listed.box);
        }
      }
    });

    it("asks the new kinds, and every 'Find the X on the Y' has a matching count of 1", () => {
      for (const h of HOUSES) {
        const lines = read(h);
        const byQuestion = new Map(lines.map((l) => [l.question, l]));
        const on = lines.filter((l) => /^Find the .+ (on|in|under) the .+\.$/.test(l.question) && !/ nearest to /.test(l.question));
        expect(on.length, h).toBeGreaterThan(10);
        expect(lines.filter((l) => / nearest to /.test(l.question)).length, h).toBeGreaterThan(10);
        for (const l of on) {
          const [, noun, prep, anchor] = /^Find the (.+?) (on|in|under) (the .+)\.$/.exec(l.question)!;
          expect(byQuestion.get(`How many ${plural(noun!)} are ${prep} ${anchor}?`)?.answer, l.question).toBe(1);
        }
      }
    });

    it("'nearest' answers are the nearest object of the noun by a margin, recomputed from the object list", () => {
      for (const h of HOUSES) {
        const scene: SceneFile = { ...houses.get(h)!, objects: settledObjects(houses.get(h)!, loadWorld(houses.get(h)!)) };
        const phraseOf = anchorPhrases(scene.objects);
        const anchorId = new Map([...phraseOf].map(([id, p]) => [p, id]));
        const list = parseObjectList(read(h)[0]!.object_list).objects;
        const number = new Map(scene.objects.map((o, i) => [o.id, i]));
        for (const l of read(h).filter((x) => / nearest to /.test(x.question))) {
          const [, noun, phrase] = /^Find the (.+) nearest to (the .+)\.$/.exec(l.question)!;
          const a = list.get(number.get(anchorId.get(phrase!)!)!)!.box.center;
          const ranked = scene.objects
            .filter((o) => o.kind === "carryable" && objectNoun(o.category) === noun)
            .map((o) => ({ n: number.get(o.id)!, d: Math.hypot(o.box.center.x - a.x, o.box.center.y - a.y, o.box.center.z - a.z) }))
            .sort((x, y) => x.d - y.d);
          expect((l.answer as { object_id: number }).object_id, l.question).toBe(ranked[0]!.n);
          expect(ranked[1]!.d - ranked[0]!.d, l.question).toBeGreaterThanOrEqual(0.3);
        }
      }
    });
  });
});

describe("determinism", () => {
  const gen = (seed: number) => {
    const out = mkdtempSync(path.join(tmpdir(), `probe-cases-s${seed}-`));
    generateProbeCases(path.join(ROOT, "scenes/houses/flat.scene.json"), { out, kinds: ["ranking", "detection", "grounding"], seed });
    return out;
  };
  const files = (dir: string): string[] =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name !== "cases.json")
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();

  it("the same seed writes the same bytes; another seed moves other objects", () => {
    const [a, b, c] = [gen(0), gen(0), gen(1)];
    expect(files(a)).toEqual(files(b));
    for (const f of files(a)) expect(readFileSync(path.join(b, f), "utf8"), f).toBe(readFileSync(path.join(a, f), "utf8"));
    const misplaced = (dir: string) => readFileSync(path.join(dir, "detection.gt.jsonl"), "utf8").split("\n").filter((l) => l.includes('"misplaced":true')).map((l) => l.replace(/-s\d+-/, "-"));
    expect(misplaced(c)).not.toEqual(misplaced(a));
  });
});

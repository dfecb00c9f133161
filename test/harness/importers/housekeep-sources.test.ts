import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { importHousekeep } from "../../../harness/importers/housekeep.ts";
import { outFolder, sourceFolder, tinyEpisode } from "./housekeep-inputs.ts";

const episodesText = JSON.stringify({ episodes: [tinyEpisode()] }, null, 2);
const annotationsText = JSON.stringify({ ranks: { apple: { "kitchen|counter": [1, 1, 1, 1, 1, 1, 1, 1, 1, 1] } } }, null, 2);

/** The data files an import wrote, by name, without the summary (it names the source). */
async function importedData(files: Record<string, unknown>): Promise<{ data: Record<string, string>; skipped: Array<{ file: string; where?: string; reason: string }> }> {
  const src = sourceFolder(files);
  const out = outFolder();
  const summary = await importHousekeep(src, { out });
  const data = Object.fromEntries(summary.files.filter((f) => f.path.endsWith(".jsonl")).map((f) => [path.basename(f.path), readFileSync(f.path, "utf8")]));
  return { data, skipped: summary.skipped.map((s) => ({ ...s, file: path.basename(s.file) })) };
}

describe("rearrange import housekeep: the files it reads", () => {
  it("reads gzipped episodes (.json.gz, as Housekeep ships them) exactly as the same .json", async () => {
    const plain = await importedData({ "housekeep_episodes_Tiny_0_int.json": episodesText });
    const gzipped = await importedData({ "housekeep_episodes_Tiny_0_int.json.gz": gzipSync(episodesText) });
    expect(gzipped.skipped).toEqual([]);
    expect(gzipped.data).toEqual(plain.data);
    expect(Object.keys(gzipped.data)).toContain("detection.cases.jsonl");
  });

  it("reads JSON files that start with a UTF-8 byte-order mark, plain or gzipped", async () => {
    const plain = await importedData({ "annotations.json": annotationsText, "episodes.json": episodesText });
    const bom = await importedData({ "annotations.json": `\ufeff${annotationsText}`, "episodes.json.gz": gzipSync(`\ufeff${episodesText}`) });
    expect(bom.skipped).toEqual([]);
    expect(bom.data).toEqual(plain.data);
  });

  it("names the line of a syntax error in a file with a byte-order mark as in the file", async () => {
    const { skipped } = await importedData({ "broken.json": '\ufeff{\n  "ranks": {\n    "cup": [1, x]\n  }\n}\n', "episodes.json": episodesText });
    expect(skipped).toEqual([{ file: "broken.json", where: "line 3", reason: "not JSON: Unexpected token 'x'" }]);
  });

  it("skips a .json.gz that is not gzip data, and other files with an accurate reason", async () => {
    const { skipped } = await importedData({
      "episodes.json": episodesText,
      "cut.json.gz": gzipSync(episodesText).subarray(0, 40),
      "plain.json.gz": episodesText,
      "room_recep.txt": "kitchen|counter\n",
      "data.npy": Buffer.from([0x93, 0x4e, 0x55, 0x4d]),
      "readme.txt": "Housekeep AMT data",
      "LICENSE": "MIT",
      "NOTES.md": "# notes",
    });
    expect(skipped).toEqual([
      { file: "LICENSE", reason: "not a JSON data file (documentation or licence)" },
      { file: "NOTES.md", reason: "not a JSON data file (documentation or licence)" },
      { file: "cut.json.gz", reason: "not gzip data: unexpected end of file" },
      { file: "data.npy", reason: "not a Housekeep JSON file (.json or .json.gz)" },
      { file: "plain.json.gz", reason: "not gzip data: incorrect header check" },
      { file: "readme.txt", reason: "not a JSON data file (documentation or licence)" },
      { file: "room_recep.txt", reason: "not a Housekeep JSON file (.json or .json.gz)" },
    ]);
  });
});

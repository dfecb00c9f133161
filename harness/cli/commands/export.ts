import type { CommandModule } from "yargs";
import { UsageError } from "../cli-errors.ts";
import { integerOption } from "../option-values.ts";

interface ExportArgs {
  path: string;
  format: "mcap" | "gltf";
  out?: string;
  step?: number;
  compression: "zstd" | "none";
  json: boolean;
}

/**
 * `rearrange export PATH --format mcap|gltf`: an episode as an MCAP recording for Foxglove, or a
 * scene (file, or an episode's house at a step) as glTF. Prints the written file's path.
 */
export const command: CommandModule<object, ExportArgs> = {
  command: "export <path>",
  describe: "export an episode (.jsonl) as MCAP for Foxglove, or a scene (scene file or episode) as glTF",
  builder: (y) =>
    y
      .positional("path", { type: "string", demandOption: true, describe: "episode trajectory (.jsonl) or scene file" })
      .option("format", { choices: ["mcap", "gltf"] as const, demandOption: true, describe: "mcap: episode recording (Foxglove); gltf: the house as a 3D model" })
      .option("out", { type: "string", describe: "output file (default: beside the input with .mcap/.gltf)" })
      .option("step", integerOption("step", { min: 0, describe: "gltf of an episode: the house after this step (default 0: before the first action)" }))
      .option("compression", { choices: ["zstd", "none"] as const, default: "zstd" as const, describe: "mcap: chunk compression (zstd, as Foxglove writes; none for tools without zstd)" })
      .option("json", { type: "boolean", default: false, describe: "print {file, bytes, count} as JSON" })
      .example("$0 export runs/x/episodes/flat-milk-fridge.jsonl --format mcap", "open the .mcap in Foxglove")
      .example("$0 export scenes/houses/flat.scene.json --format gltf --out flat.gltf", "the flat for any glTF viewer"),
  handler: async (argv) => {
    if (argv.step !== undefined && argv.format !== "gltf") throw new UsageError("--step applies to --format gltf only (MCAP holds every step)");
    if (argv.compression !== "zstd" && argv.format !== "mcap") throw new UsageError("--compression applies to --format mcap only");
    // three and the simulator load only when the command runs, so --help stays instant
    const { exportPath } = await import("../../export/export-path.ts");
    const result = await exportPath(argv.path, { format: argv.format, out: argv.out, step: argv.step, compression: argv.compression });
    process.stdout.write(argv.json ? `${JSON.stringify(result)}\n` : `${result.file}\n`);
  },
};

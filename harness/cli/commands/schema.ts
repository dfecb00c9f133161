import { writeFileSync } from "node:fs";
import path from "node:path";
import type { CommandModule } from "yargs";
import { makeDirectory } from "../../../sim/files/make-directory.ts";

export const command: CommandModule<object, { out?: string }> = {
  command: "schema",
  describe: "print (or write to --out DIR) the JSON Schemas of scene, task, suite, results and trajectory files",
  builder: (y) => y.option("out", { type: "string", describe: "write one <kind>.schema.json per file kind into this folder" }),
  handler: async (argv) => {
    const { allJsonSchemas } = await import("../../schemas/json-schemas.ts");
    const schemas = allJsonSchemas();
    if (!argv.out) {
      process.stdout.write(`${JSON.stringify(schemas, null, 2)}\n`);
      return;
    }
    makeDirectory(argv.out);
    for (const [kind, schema] of Object.entries(schemas)) {
      writeFileSync(path.join(argv.out, `${kind}.schema.json`), `${JSON.stringify(schema, null, 2)}\n`);
    }
    process.stdout.write(`wrote ${Object.keys(schemas).length} schemas to ${argv.out}\n`);
  },
};

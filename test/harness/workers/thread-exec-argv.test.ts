import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withoutTsxHooks } from "../../../harness/workers/episode-pool.ts";

const TSX_PRE = "/work/app/node_modules/tsx/dist/preflight.cjs";
const TSX_LOADER = "file:///work/app/node_modules/tsx/dist/loader.mjs";

describe("the Node options worker threads get", () => {
  it("drops tsx's hooks, as `npx tsx` passes them, and keeps the rest in order", () => {
    expect(withoutTsxHooks(["--require", TSX_PRE, "--import", TSX_LOADER])).toEqual([]);
    expect(withoutTsxHooks(["--max-old-space-size=4096", `--import=${TSX_LOADER}`, "--inspect", "-r", TSX_PRE])).toEqual(["--max-old-space-size=4096", "--inspect"]);
    // the package named bare, as tsx's docs run it (`node --import tsx script.ts`)
    expect(withoutTsxHooks(["--import", "tsx", "--inspect"])).toEqual(["--inspect"]);
    expect(withoutTsxHooks(["--require=tsx/cjs", "--loader", "tsx/esm", "--import", "tsx/esm/api"])).toEqual([]);
    // other packages whose names start with tsx, and relative files, are not tsx
    expect(withoutTsxHooks(["--import", "tsx-extra", "--require", "./tsx"])).toEqual(["--import", "tsx-extra", "--require", "./tsx"]);
    // a hook of the user's own stays, whatever it is called
    expect(withoutTsxHooks(["--import", "./my-hooks/tsx/setup.mjs", "--require", "dotenv/config"])).toEqual(["--import", "./my-hooks/tsx/setup.mjs", "--require", "dotenv/config"]);
    // an option with no value left is kept as it was
    expect(withoutTsxHooks(["--import"])).toEqual(["--import"]);
  });

  it("whatever else is there, the result is the input with exactly the tsx hook pairs taken out", () => {
    const plain = fc.constantFrom("--inspect", "--max-old-space-size=2048", "--enable-source-maps", "--require", "--import=./hooks.mjs", "./x.cjs", "--no-warnings");
    const hook = fc.constantFrom<string[]>(
      ["--require", TSX_PRE],
      ["--import", TSX_LOADER],
      [`--import=${TSX_LOADER}`],
      ["--loader", TSX_LOADER],
      [`--experimental-loader=${TSX_LOADER}`],
      ["--import", "tsx"],
      ["--require", "tsx/cjs"],
      ["--import=tsx/esm"],
    );
    // each part is either a plain option (with its value when it takes one) or a tsx hook
    const part = fc.oneof(
      plain.map((p) => ({ keep: p === "--require" ? [p, "./other.cjs"] : [p] })),
      hook.map((h) => ({ keep: [] as string[], drop: h })),
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 12 }), (parts) => {
        const input = parts.flatMap((p) => ("drop" in p ? p.drop! : p.keep));
        expect(withoutTsxHooks(input)).toEqual(parts.flatMap((p) => p.keep));
      }),
    );
  });
});

import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    setupFiles: ["test/setup/fast-check.ts"],
    // the temporary folder first: what the later set-up and every test process write under os.tmpdir() goes there
    globalSetup: ["test/setup/temp-dir.ts", "test/setup/bundles.ts"],
  },
});

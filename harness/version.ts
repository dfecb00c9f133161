import { readFileSync } from "node:fs";

/** The harness version recorded in every trajectory and results file (package.json's version). */
export const HARNESS_VERSION: string = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version;

/** Root folder of the installed package (bundled scenes and suites live under it). */
export const PACKAGE_ROOT: string = new URL("..", import.meta.url).pathname;

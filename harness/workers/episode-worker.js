// Worker-thread entry for `--workers N`: a worker thread starts without the main thread's module
// hooks, so it registers tsx itself (as bin/rearrange.js does) before loading the TypeScript worker.
import { register } from "tsx/esm/api";

register();
const { default: handleTask } = await import("./episode-worker.ts");

export default handleTask;

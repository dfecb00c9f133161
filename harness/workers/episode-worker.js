// Worker-thread entry for `--workers N` when the worker could not be precompiled (see worker-bundle.ts):
// a worker thread starts without the main thread's module hooks, so it registers tsx itself (as
// bin/rearrange.js does) before loading the TypeScript worker.
import { register } from "tsx/esm/api";

register();
globalThis[Symbol.for("rearrange.tsxRegistered")] = true;
const { default: handleTask } = await import("./episode-worker.ts");

export default handleTask;

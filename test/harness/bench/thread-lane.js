// Worker-thread entry of threads-vs-processes.ts: a lane of the two-process benchmark (process-lane-main.ts) in a
// thread instead of a process. Each message on the port asks for a run; the script terminates the thread.
import { on } from "node:events";
import { parentPort, workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { serveLane } = await import("../../../harness/bench/process-lane-main.ts");
const commands = { [Symbol.asyncIterator]: () => on(parentPort, "message")[Symbol.asyncIterator]() };
await serveLane(workerData.args, { commands, say: (m) => parentPort.postMessage(m) });

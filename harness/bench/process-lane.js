// Child-process entry of the two-process benchmark: one lane of a run split over processes. Registers tsx
// (as bin/rearrange.js does) first.
import { register } from "tsx/esm/api";

register();
const { serveLane } = await import("./process-lane-main.ts");
await serveLane(process.argv.slice(2));

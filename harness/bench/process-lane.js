// Child-process entry of the two-process benchmark run from the sources: registers tsx (as bin/rearrange.js does
// when it cannot bundle) and runs process-lane-entry.ts. The bench starts lanes from that entry's bundle when it can
// (child-entry.ts).
import { register } from "tsx/esm/api";

register();
await import("./process-lane-entry.ts");

// Child-process entry of the peak-memory benchmark run from the sources: registers tsx (as bin/rearrange.js does
// when it cannot bundle) and runs rss-probe-entry.ts. The bench starts the probe from that entry's bundle when it can
// (child-entry.ts).
import { register } from "tsx/esm/api";

register();
await import("./rss-probe-entry.ts");

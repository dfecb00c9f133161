// Child-process entry of the peak-memory benchmark: a fresh process, so its peak RSS is that of loading
// and stepping one big house and nothing else. Registers tsx (as bin/rearrange.js does) first.
import { register } from "tsx/esm/api";

register();
const { probePeakRss } = await import("./rss-probe-main.ts");
await probePeakRss(process.argv.slice(2));

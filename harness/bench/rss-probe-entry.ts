// Entry of the peak-memory probe (bundled like the CLI; rss-probe.js runs it through tsx): see probePeakRss.
import { probePeakRss } from "./rss-probe-main.ts";

await probePeakRss(process.argv.slice(2));

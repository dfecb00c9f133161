// Entry of a two-process benchmark lane (bundled like the CLI; process-lane.js runs it through tsx): see serveLane.
import { serveLane } from "./process-lane-main.ts";

await serveLane(process.argv.slice(2));

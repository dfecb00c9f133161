import { success, type Subpolicy } from "./subpolicy.ts";

/** `done()`: the agent declares the task finished; the episode ends. */
export const done: Subpolicy<"done"> = {
  type: "done",
  description: "declare the task complete and end the episode",
  apply: () => success("episode ended by the agent", { terminal: true }),
};

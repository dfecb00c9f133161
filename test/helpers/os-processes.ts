/** The child processes of this process (Linux: /proc), for tests that a benchmark's or agent's processes are gone. */
import { existsSync, readdirSync, readFileSync } from "node:fs";

/** True where processes can be listed (Linux). */
export const CAN_LIST_PROCESSES = existsSync("/proc/self/stat");

/** The processes whose parent is this one, exited but unreaped ones included: `pid command-line` each. */
export function childProcesses(): string[] {
  const children: string[] = [];
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // the fields after the command name, which is in parentheses and may hold spaces: state, then ppid
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === process.pid) children.push(`${pid} ${readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim()}`);
    } catch {
      // ended while listed
    }
  }
  return children;
}

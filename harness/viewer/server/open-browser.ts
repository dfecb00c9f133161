import { spawn } from "node:child_process";

/**
 * Asks the desktop to open a URL in the default browser (`open` on macOS, `start` on Windows,
 * `xdg-open` elsewhere). Best effort: on a machine without a desktop the URL printed on stdout is
 * what the user follows, so failures are reported to `onFailure` and otherwise ignored.
 */
export function openInBrowser(url: string, onFailure: (reason: string) => void): void {
  const [cmd, args] =
    process.platform === "darwin" ? ["open", [url]] : process.platform === "win32" ? ["cmd", ["/c", "start", "", url]] : ["xdg-open", [url]];
  try {
    const child = spawn(cmd, args, { stdio: "ignore", detached: true });
    child.on("error", (err) => onFailure(`${cmd}: ${err.message}`));
    child.unref();
  } catch (err) {
    onFailure(`${cmd}: ${(err as Error).message}`);
  }
}

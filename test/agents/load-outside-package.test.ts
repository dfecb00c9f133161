import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadAgent } from "../../harness/agents/load.ts";

describe("loadAgent from a user's own folder", () => {
  it("loads a TypeScript default-export class from a folder with no package.json", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "user-agent-"));
    const file = path.join(dir, "their-agent.ts");
    writeFileSync(
      file,
      `export default class TheirAgent {\n  readonly name: string = "theirs";\n  constructor(readonly options: { greeting?: string }) {}\n  reset(): void {}\n  act() { return { type: "done" as const }; }\n}\n`,
    );
    const agent = await loadAgent(file, { greeting: "hi" });
    expect(agent.name).toBe("theirs");
    expect((agent as unknown as { options: { greeting: string } }).options.greeting).toBe("hi");
    expect(await agent.act({} as never)).toEqual({ type: "done" });
  });

  it("loads a factory export", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "user-agent-"));
    const file = path.join(dir, "factory.ts");
    writeFileSync(file, `export default (o: { n: number }) => ({ name: "f" + o.n, reset() {}, act: () => ({ type: "done" as const }) });\n`);
    const agent = await loadAgent(file, { n: 3 });
    expect(agent.name).toBe("f3");
  });
});

/**
 * Agent options are written to results.json with every value under a secret-looking key redacted, at any
 * depth: `env={"MY_TOKEN": …}` (how a `cmd:` agent gets its variables), nested objects, arrays of objects.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redactCommandLine, redactSecrets } from "../../../harness/runner/redact-secrets.ts";
import { runSuite } from "../../../harness/runner/run-suite.ts";
import { runOptions, writeTinySuite } from "../../reliability/helpers/tiny-suite.ts";
import { BLOCKING_AGENT } from "../../agents/jsonrpc/agent-processes.ts";

/** What a secret-looking key is, as docs/agents.md says (any case, anywhere in the name). */
const SECRET_LOOKING = /key|token|secret|passw|auth|credential|cookie/i;

/** Keys that look like secrets, in the forms people write them. */
const secretKey = fc
  .tuple(
    fc.constantFrom("", "MY_", "my", "x-", "client", "OPENAI_", "db."),
    fc.constantFrom("token", "TOKEN", "apiKey", "api_key", "KEY", "secret", "Secret", "password", "PASSWORD", "passwd", "auth", "Authorization", "credentials", "CREDENTIAL", "cookie", "accessToken"),
    fc.constantFrom("", "_ID", "s", "Value", "2"),
  )
  .map(([a, b, c]) => `${a}${b}${c}`);

/** Keys that do not (checked against the rule above, independently of the code under test). */
const plainKey = fc.oneof(fc.constantFrom("model", "baseUrl", "cwd", "shell", "name", "timeout", "env", "args", "PATH", "HOME", "LANG", "nested", "list"), fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,8}$/)).filter((k) => !SECRET_LOOKING.test(k) && k !== "__proto__");

/** A secret value: a string that can be found in any file, and that plain values never contain. */
const secretValue = fc.uuid().map((u) => `SECRET-${u}`);
// no "-" or "=": nothing a flag, an assignment or a key-shaped value is made of (those have tests of their own below)
const plainLeaf = fc.oneof(fc.string({ maxLength: 8 }).filter((s) => !s.includes("SECRET-") && !/[-=]/.test(s)), fc.integer(), fc.boolean(), fc.constant(null));

/** Option objects nested a few levels deep: plain values under plain keys, secrets (any shape) under secret keys. */
const { options } = fc.letrec<{ options: Record<string, unknown>; value: unknown; secretShaped: unknown }>((tie) => ({
  options: fc.dictionary(fc.oneof(plainKey, secretKey), fc.constant(null), { maxKeys: 6 }).chain((keys) =>
    fc.record(Object.fromEntries(Object.keys(keys).map((k) => [k, SECRET_LOOKING.test(k) ? tie("secretShaped") : tie("value")]))),
  ),
  value: fc.oneof({ depthSize: "small", withCrossShrink: true }, plainLeaf, tie("options"), fc.array(fc.oneof(plainLeaf, tie("options")), { maxLength: 3 })),
  // whatever sits under a secret key goes, nested secrets included
  secretShaped: fc.oneof(secretValue, fc.array(secretValue, { minLength: 1, maxLength: 2 }), fc.dictionary(plainKey, secretValue, { minKeys: 1, maxKeys: 2 })),
})) as unknown as { options: fc.Arbitrary<Record<string, unknown>> };

/** Every value under a secret-looking key, at any depth, is "[redacted]"; everything else is kept as it was. */
function checkRedacted(original: unknown, redacted: unknown, where = "$"): void {
  if (Array.isArray(original)) {
    expect(Array.isArray(redacted), where).toBe(true);
    expect((redacted as unknown[]).length, where).toBe(original.length);
    original.forEach((v, i) => checkRedacted(v, (redacted as unknown[])[i], `${where}[${i}]`));
  } else if (typeof original === "object" && original !== null) {
    expect(Object.keys(redacted as object), where).toEqual(Object.keys(original));
    for (const [k, v] of Object.entries(original)) {
      const r = (redacted as Record<string, unknown>)[k];
      if (SECRET_LOOKING.test(k)) expect(r, `${where}.${k}`).toBe("[redacted]");
      else checkRedacted(v, r, `${where}.${k}`);
    }
  } else expect(redacted, where).toBe(original);
}

function secretsIn(value: unknown): string[] {
  return JSON.stringify(value).match(/SECRET-[0-9a-f-]{36}/g) ?? [];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

describe("redactSecrets", () => {
  it("redacts env values whose names look like secrets, and nested ones, as QA reported them", () => {
    const options = { env: { MY_TOKEN: "tok-SECRET-1", LANG: "C" }, apiKey: "sk-SECRET-2", model: "m", servers: [{ url: "u", auth: { user: "a", pass: "p" } }] };
    expect(redactSecrets(options)).toEqual({ env: { MY_TOKEN: "[redacted]", LANG: "C" }, apiKey: "[redacted]", model: "m", servers: [{ url: "u", auth: "[redacted]" }] });
    // the options themselves are left as they were (the agent gets them whole)
    expect(options.env.MY_TOKEN).toBe("tok-SECRET-1");
  });

  it("keeps a __proto__ key as data and cuts a cycle instead of looping", () => {
    const parsed = JSON.parse('{"__proto__": {"token": "SECRET-x"}, "a": 1}') as Record<string, unknown>;
    const r = redactSecrets(parsed);
    expect(Object.getPrototypeOf(r)).toBe(Object.prototype);
    expect(JSON.stringify(r)).toBe('{"__proto__":{"token":"[redacted]"},"a":1}');
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(redactSecrets(cyclic)).toEqual({ a: 1, self: "[circular]" });
  });

  it("property: no value under a secret-looking key survives, at any depth; the rest is unchanged", () => {
    fc.assert(
      fc.property(options, (o) => {
        const r = redactSecrets(o);
        checkRedacted(o, r);
        expect(secretsIn(r)).toEqual([]);
      }),
    );
  });

  it("property: a real run writes none of the secrets anywhere in its folder (results.json, trajectories)", async () => {
    const suite = writeTinySuite({ episodes: 1, maxSteps: 3 });
    const root = mkdtempSync(path.join(os.tmpdir(), "redact-run-"));
    let n = 0;
    await fc.assert(
      fc.asyncProperty(options, async (o) => {
        // at least one secret per run, inside env as a cmd: agent would get it
        const agentOptions = { ...o, env: { MY_TOKEN: "SECRET-00000000-0000-4000-8000-000000000000", ...(typeof o.env === "object" && o.env ? o.env : {}) } };
        const secrets = secretsIn(agentOptions);
        const out = path.join(root, `run-${n++}`);
        await runSuite(runOptions(suite.suite, out, { agent: "random", agentOptions }));
        const results = JSON.parse(readFileSync(path.join(out, "results.json"), "utf8"));
        checkRedacted(agentOptions, results.config.agentOptions);
        for (const f of filesUnder(out)) {
          const text = readFileSync(f, "utf8");
          for (const s of secrets) expect(text.includes(s), `${s} in ${f}`).toBe(false);
        }
      }),
      { numRuns: 5 },
    );
  }, 60_000);
});

describe("secrets passed positionally", () => {
  it("redactCommandLine: a secret-looking flag's value, an environment assignment, a key-shaped value; the rest as written", () => {
    expect(redactCommandLine("python agent.py --api-key abc123 --model gpt-4o")).toBe("python agent.py --api-key [redacted] --model gpt-4o");
    expect(redactCommandLine("python agent.py --token=abc -v")).toBe("python agent.py --token=[redacted] -v");
    expect(redactCommandLine('HF_TOKEN=hf1 OPENAI_API_KEY="a b" python3 a.py --password \'x y\' --db.PASSWORD=z')).toBe(
      "HF_TOKEN=[redacted] OPENAI_API_KEY=[redacted] python3 a.py --password [redacted] --db.PASSWORD=[redacted]",
    );
    expect(redactCommandLine("node a.mjs sk-proj-0123456789abcdefABCDEF ghp_0123456789abcdefghijABCD")).toBe("node a.mjs [redacted] [redacted]");
    // a flag without a value, followed by another flag, keeps both
    expect(redactCommandLine("a.py --no-auth --verbose --keyframes 3 --seed 4")).toBe("a.py --no-auth --verbose --keyframes [redacted] --seed 4");
    expect(redactCommandLine("python3 agents/python/example_agent.py")).toBe("python3 agents/python/example_agent.py");
  });

  it("property: in a command line of plain arguments and secrets in every form, no secret survives and every plain argument does, in order", () => {
    const plainArg = fc.stringMatching(/^[a-z0-9_./]{1,12}$/).filter((a) => !SECRET_LOOKING.test(a));
    const plainFlag = fc.stringMatching(/^--?[a-z]{1,8}$/).filter((a) => !SECRET_LOOKING.test(a));
    const secretName = fc.constantFrom("api-key", "token", "apiKey", "password", "client_secret", "auth-token", "cookie");
    const part = fc.oneof(
      plainArg.map((a) => ({ text: a, secret: null as string | null, plain: [a] })),
      fc.tuple(plainFlag, plainArg).map(([f, a]) => ({ text: `${f} ${a}`, secret: null, plain: [f, a] })),
      fc.tuple(secretName, secretValue, fc.constantFrom(" ", "=", "  ")).map(([n, v, sep]) => ({ text: `--${n}${sep}${v}`, secret: v, plain: [`--${n}`] })),
      fc.tuple(secretName, secretValue).map(([n, v]) => ({ text: `${n.toUpperCase().replace(/-/g, "_")}=${v}`, secret: v, plain: [] })),
      fc.tuple(secretName, secretValue).map(([n, v]) => ({ text: `--${n} "${v} x"`, secret: v, plain: [`--${n}`] })),
    );
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 8 }), (parts) => {
        const out = redactCommandLine(parts.map((p) => p.text).join(" "));
        for (const p of parts) if (p.secret) expect(out).not.toContain(p.secret);
        // the plain words, in order, with the redactions between them
        const words = out
          .split(/\s+/)
          .map((w) => w.replace(/=\[redacted\]$/, ""))
          .filter((w) => w !== "[redacted]" && w !== 'x"');
        const flat = parts.flatMap((p) => p.plain);
        expect(words.filter((w) => flat.includes(w))).toEqual(flat);
      }),
    );
  });

  it("in option lists: the value after a secret-looking flag, and flags or assignments with their values, in args as a cmd: agent gets them", () => {
    const options = { args: ["--api-key", "SECRET-1", "--model", "m", "--token=SECRET-2", "HF_TOKEN=SECRET-3", "--no-auth", "--verbose"], prompt: "use key sk-abcdefghijklmnop0123 here" };
    expect(redactSecrets(options)).toEqual({
      args: ["--api-key", "[redacted]", "--model", "m", "--token=[redacted]", "HF_TOKEN=[redacted]", "--no-auth", "--verbose"],
      prompt: "use key [redacted] here",
    });
  });

  it("a real run of a cmd: agent with secrets on its command line writes none of them, in results.json or any trajectory header", async () => {
    const suite = writeTinySuite({ episodes: 2, maxSteps: 2 });
    const dir = mkdtempSync(path.join(os.tmpdir(), "redact-cmd-"));
    const out = path.join(dir, "run");
    const secrets = ["SECRET-aaaaaaaa-0000-4000-8000-000000000001", "SECRET-aaaaaaaa-0000-4000-8000-000000000002"];
    // the fixture reads its first two arguments; the rest is what a real agent's command line would carry
    const agent = `cmd:${JSON.stringify(process.execPath)} ${JSON.stringify(BLOCKING_AGENT)} ${JSON.stringify(dir)} 0 --api-key ${secrets[0]} --token=${secrets[1]} sk-live0123456789abcdefXYZ`;
    await runSuite(runOptions(suite.suite, out, { agent }));
    const results = JSON.parse(readFileSync(path.join(out, "results.json"), "utf8"));
    expect(results.episodes).toHaveLength(2);
    expect(results.config.agent).toContain("--api-key [redacted] --token=[redacted] [redacted]");
    const files = filesUnder(out);
    expect(files.filter((f) => f.endsWith(".jsonl"))).toHaveLength(2);
    for (const f of files) {
      const text = readFileSync(f, "utf8");
      for (const s of [...secrets, "sk-live0123456789abcdefXYZ"]) expect(text.includes(s), `${s} in ${f}`).toBe(false);
    }
  }, 60_000);
});

/**
 * Agent options are written to results.json with every value under a secret-looking key redacted, at any
 * depth: `env={"MY_TOKEN": …}` (how a `cmd:` agent gets its variables), nested objects, arrays of objects.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redactSecrets, runSuite } from "../../../harness/runner/run-suite.ts";
import { runOptions, writeTinySuite } from "../../reliability/helpers/tiny-suite.ts";

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
const plainLeaf = fc.oneof(fc.string({ maxLength: 8 }).filter((s) => !s.includes("SECRET-")), fc.integer(), fc.boolean(), fc.constant(null));

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

import fc from "fast-check";
import { request } from "node:http";
import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InputError } from "../../../sim/errors.ts";
import { startViewerServer, type ViewerServer } from "../../../harness/viewer/server/viewer-server.ts";
import { staticRoutes } from "../../../harness/viewer/server/static-routes.ts";
import { runSmoke, type RunFixture } from "./run-fixture.ts";

let run: RunFixture;
let server: ViewerServer;

beforeAll(async () => {
  run = await runSmoke();
  server = await startViewerServer(run.dir, { port: 0 });
}, 180_000);
afterAll(async () => server?.close());

/** A raw GET: the path goes on the request line exactly as given (no URL normalisation). */
function get(rawPath: string, headers: Record<string, string> = {}, method = "GET"): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: server.port, path: rawPath, method, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ host, port });
    s.setTimeout(2000, () => {
      s.destroy();
      resolve(false);
    });
    s.on("connect", () => {
      s.destroy();
      resolve(true);
    });
    s.on("error", () => resolve(false));
  });
}

const API = ["/api/manifest", "/api/run", "/api/episode/0", "/api/episode/1", "/api/episode/2"];

describe("viewer server", () => {
  it("prints a 127.0.0.1 URL and accepts connections on the loopback address only", async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
    expect(await accepts("127.0.0.1", server.port)).toBe(true);
    const external = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && !a.internal && a.family === "IPv4")
      .map((a) => a!.address);
    for (const address of external) expect(await accepts(address, server.port)).toBe(false);
    expect(await accepts("::1", server.port)).toBe(false);
  });

  it("serves the app, three.js and the run's JSON", async () => {
    const page = await get("/");
    expect(page.status).toBe(200);
    expect(page.body).toContain('"three":"/vendor/three.module.js"');
    for (const p of ["/app/main.js", "/app/house-renderer.js", "/app/style.css", "/vendor/three.module.js", "/vendor/three.core.js", "/vendor/addons/controls/OrbitControls.js"]) {
      expect((await get(p)).status, p).toBe(200);
    }
    const manifest = JSON.parse((await get("/api/manifest")).body);
    expect(manifest).toEqual({ kind: "run", title: path.basename(run.dir), episodes: run.trajectories.length });
    const table = JSON.parse((await get("/api/run")).body);
    expect(table.rows.map((r: { id: string }) => `${r.id}.jsonl`)).toEqual(run.trajectories.map((f) => path.basename(f)));
    const episode = JSON.parse((await get("/api/episode/0")).body);
    expect(episode.episodeId).toBe(table.rows[0].id);
    expect(episode.steps.length).toBe(table.rows[0].loggedSteps);
  });

  it("answers 404 to ../, encoded traversal, absolute paths and anything not in its table", async () => {
    const attempts = [
      "/../package.json",
      "/../../../../etc/passwd",
      "/app/../../package.json",
      "/app/../main.js",
      "/vendor/../../../package.json",
      "/%2e%2e/package.json",
      "/%2E%2E/%2E%2E/package.json",
      "/app/%2e%2e%2f%2e%2e%2fpackage.json",
      "/app/..%2fmain.js",
      "/app/%252e%252e/main.js",
      "/app/..\\..\\package.json",
      "//etc/passwd",
      "/etc/passwd",
      "/app//main.js",
      "/./app/main.js",
      "/app/./main.js",
      `/${path.resolve(run.dir, "results.json")}`,
      `http://127.0.0.1:${server.port}/../package.json`,
      "/api/episode/../../results.json",
      "/api/episode/99",
      "/api/episode/-1",
      "/api/episode/01",
      "/api/scene",
      "/api/../../results.json",
      "/episodes/flat-bedside-lamp.jsonl",
      "/results.json",
      "/app/palette.d.ts",
      "/app/index.html",
      "/node_modules/three/package.json",
    ];
    for (const p of attempts) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(res.body).toBe("not found\n");
    }
  });

  it("answers 404 to every path outside its fixed table (property)", async () => {
    const allowed = new Set([...staticRoutes().keys(), ...API]);
    const segment = fc.constantFrom("..", ".", "%2e%2e", "%2f", "app", "vendor", "api", "main.js", "episode", "0", "etc", "passwd", "", "~", "%00", "results.json");
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 5 }), async (segments) => {
        const p = `/${segments.join("/")}`;
        const res = await get(p);
        if (allowed.has(p)) expect(res.status).toBe(200);
        else expect(res.status, p).toBe(404);
      }),
      { numRuns: 150 },
    );
  });

  it("is read-only and refuses other Host names (DNS rebinding)", async () => {
    expect((await get("/api/run", {}, "POST")).status).toBe(405);
    expect((await get("/api/run", {}, "DELETE")).status).toBe(405);
    expect((await get("/api/run", { host: "evil.example:80" })).status).toBe(403);
    expect((await get("/api/run", { host: `localhost:${server.port}` })).status).toBe(200);
  });

  it("sets a content security policy that allows only its own scripts", async () => {
    const res = await new Promise<string>((resolve, reject) => {
      request({ host: "127.0.0.1", port: server.port, path: "/" }, (r) => {
        r.resume();
        resolve(String(r.headers["content-security-policy"]));
      })
        .on("error", reject)
        .end();
    });
    expect(res).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(res).toContain("connect-src 'self'");
  });

  it("fails before listening when the path is missing or not a scene, episode or run", async () => {
    await expect(startViewerServer(path.join(run.dir, "nope.jsonl"))).rejects.toBeInstanceOf(InputError);
    await expect(startViewerServer(path.join(run.dir, "results.json"))).rejects.toThrow(/results\.json: this is a run.s results file: view the run folder/);
  });

  it("serves a scene file as a scene", async () => {
    const scene = await startViewerServer(path.resolve("scenes/houses/flat.scene.json"));
    try {
      const body = await new Promise<string>((resolve, reject) => {
        request({ host: "127.0.0.1", port: scene.port, path: "/api/scene" }, (r) => {
          let b = "";
          r.on("data", (c) => (b += c));
          r.on("end", () => resolve(b));
        })
          .on("error", reject)
          .end();
      });
      const view = JSON.parse(body);
      expect(view.id).toBe("flat");
      expect(view.rooms.length).toBeGreaterThan(1);
    } finally {
      await scene.close();
    }
  });
});

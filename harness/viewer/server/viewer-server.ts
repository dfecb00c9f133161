import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { InputError, InputErrors } from "../../../sim/errors.ts";
import { staticRoutes, type StaticFile } from "./static-routes.ts";
import { openViewerSource, type ViewerSource } from "./viewer-source.ts";

/** The viewer only ever listens on the loopback interface: trajectories are nobody else's business. */
export const VIEWER_HOST = "127.0.0.1";

export interface ViewerServerOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Called for a request that failed on the server side (a simulator error, say). */
  onError?: (err: unknown, url: string) => void;
}

/** A running viewer. */
export interface ViewerServer {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Serves the browser viewer for PATH (a scene file, an episode `.jsonl` or a run folder) on
 * 127.0.0.1. Read-only: GET and HEAD on a fixed set of URLs — the app, three.js and JSON made
 * from the given files — and 404 for anything else, including `..`, percent-encoded paths and
 * absolute-form URLs (URLs are looked up verbatim, never mapped onto folders).
 *
 * @throws InputError when PATH is missing or invalid (before anything listens)
 */
export async function startViewerServer(target: string, options: ViewerServerOptions = {}): Promise<ViewerServer> {
  const source = openViewerSource(target);
  const routes = staticRoutes();
  const server = createServer((req, res) => {
    try {
      handle(req, res, source, routes, port, options);
    } catch (err) {
      options.onError?.(err, req.url ?? "");
      if (!res.headersSent) send(res, 500, "application/json", JSON.stringify({ error: "internal error" }));
    }
  });
  await listen(server, options.port ?? 0);
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${VIEWER_HOST}:${port}/`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, VIEWER_HOST, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/**
 * URL paths the server answers: `/`-separated segments of letters, digits, `.`, `_`, `-`, none
 * starting with a dot — so no `..`, no `%`-encoding, no `//`, no backslash.
 */
const SAFE_PATH = /^\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*\/?)?$/;

function handle(req: IncomingMessage, res: ServerResponse, source: ViewerSource, routes: Map<string, StaticFile>, port: number, options: ViewerServerOptions): void {
  const raw = req.url ?? "";
  const pathname = raw.split("?")[0]!;
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.setHeader("Allow", "GET, HEAD");
    return send(res, 405, "text/plain; charset=utf-8", "read-only viewer: GET and HEAD only\n");
  }
  // a page on another site must not read trajectories through a DNS name pointed at 127.0.0.1
  const host = req.headers.host ?? "";
  if (host !== `${VIEWER_HOST}:${port}` && host !== `localhost:${port}`) {
    return send(res, 403, "text/plain; charset=utf-8", "unexpected Host header\n");
  }
  if (!SAFE_PATH.test(pathname)) return notFound(res);
  if (pathname.startsWith("/api/")) {
    const name = pathname.slice("/api/".length);
    let body: string | null;
    try {
      body = name === "manifest" ? JSON.stringify(source.manifest) : source.resource(name);
    } catch (err) {
      if (err instanceof InputError || err instanceof InputErrors) return send(res, 422, "application/json", JSON.stringify({ error: err.message }));
      options.onError?.(err, raw);
      return send(res, 500, "application/json", JSON.stringify({ error: `internal error: ${(err as Error)?.message ?? String(err)}` }));
    }
    return body === null ? notFound(res) : send(res, 200, "application/json", body, req.method === "HEAD");
  }
  const route = routes.get(pathname);
  if (!route) return notFound(res);
  const body = readFileSync(route.file);
  if (pathname === "/") res.setHeader("Content-Security-Policy", contentSecurityPolicy(body.toString()));
  send(res, 200, route.contentType, body, req.method === "HEAD");
}

/**
 * Scripts only from this server, plus the page's inline import map (allowed by its hash);
 * fetches only to this server.
 */
function contentSecurityPolicy(html: string): string {
  const importMap = /<script type="importmap">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
  const hash = createHash("sha256").update(importMap).digest("base64");
  return [
    "default-src 'none'",
    `script-src 'self' 'sha256-${hash}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

function notFound(res: ServerResponse): void {
  send(res, 404, "text/plain; charset=utf-8", "not found\n");
}

function send(res: ServerResponse, status: number, contentType: string, body: string | Buffer, headOnly = false): void {
  res.statusCode = status;
  res.setHeader("Content-Type", contentType);
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.end(headOnly ? undefined : body);
}

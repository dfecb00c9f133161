import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** A file the viewer may serve, by URL path. */
export interface StaticFile {
  file: string;
  contentType: string;
}

const CLIENT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "client");

/** three's ESM build and the two add-ons the client imports, by URL path under /vendor/. */
function vendorFiles(): Array<[string, string]> {
  // three's package.json `main` is build/three.cjs: its folder holds the ESM build files too
  const threeBuild = path.dirname(createRequire(import.meta.url).resolve("three"));
  const addons = path.join(threeBuild, "..", "examples", "jsm");
  return [
    ["/vendor/three.module.js", path.join(threeBuild, "three.module.js")],
    ["/vendor/three.core.js", path.join(threeBuild, "three.core.js")],
    ["/vendor/addons/controls/OrbitControls.js", path.join(addons, "controls", "OrbitControls.js")],
    ["/vendor/addons/renderers/CSS2DRenderer.js", path.join(addons, "renderers", "CSS2DRenderer.js")],
  ];
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

/**
 * The fixed table of static files: the app page, the client modules in harness/viewer/client and
 * three.js. The server looks URL paths up in this table verbatim — it never joins a URL onto a
 * folder — so nothing outside it can be reached, whatever the URL says.
 */
export function staticRoutes(): Map<string, StaticFile> {
  const routes = new Map<string, StaticFile>();
  routes.set("/", { file: path.join(CLIENT_DIR, "index.html"), contentType: TYPES[".html"]! });
  for (const name of readdirSync(CLIENT_DIR).sort()) {
    if (!/^[a-z0-9-]+\.(js|css)$/.test(name)) continue;
    routes.set(`/app/${name}`, { file: path.join(CLIENT_DIR, name), contentType: TYPES[path.extname(name)]! });
  }
  for (const [url, file] of vendorFiles()) routes.set(url, { file, contentType: TYPES[".js"]! });
  return routes;
}

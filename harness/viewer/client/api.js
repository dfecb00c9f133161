/** Fetches from the viewer's own server (same origin, read-only JSON endpoints). */

/**
 * GETs `/api/<name>` and parses the JSON; a failed request throws with the server's message.
 * @param {string} name e.g. `manifest`, `scene`, `run`, `episode/3`
 */
export async function getJson(name) {
  const res = await fetch(`/api/${name}`, { headers: { accept: "application/json" } });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(body?.error ?? `${res.status} ${res.statusText} for /api/${name}`);
  return body;
}

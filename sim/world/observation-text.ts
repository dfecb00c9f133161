import { formatAction } from "../actions.ts";
import type { ObservedObject, Observation } from "../observation.ts";
import { hypot2 } from "../geometry/hypot.ts";

/** Structured text for language models: where the agent is, the rooms, what it has seen, the last feedback. */
export function renderObservationText(obs: Omit<Observation, "text" | "updates">, maxSteps: number): string {
  const lines: string[] = [];
  const pos = obs.agent.position;
  lines.push(`Step ${obs.step} of ${maxSteps} (${obs.stepsLeft} left). You are in ${obs.agent.room} at (${pos.x.toFixed(2)}, ${pos.y.toFixed(2)}), holding ${obs.agent.holding ?? "nothing"}.`);
  lines.push("Rooms:");
  for (const r of obs.rooms) {
    lines.push(`- ${r.id} (${r.type}${r.outdoor ? ", outdoor" : ""}${r.explored ? ", explored" : ", not explored"}); doors to: ${r.neighbors.join(", ") || "none"}`);
  }
  lines.push("Observed objects by room:");
  const byRoom = new Map<string, ObservedObject[]>();
  for (const o of Object.values(obs.objects)) {
    if (o.kind === "fixed" && o.category === "floor.n.01") continue;
    const list = byRoom.get(o.room) ?? [];
    list.push(o);
    byRoom.set(o.room, list);
  }
  for (const r of obs.rooms) {
    const list = byRoom.get(r.id);
    if (!list) continue;
    lines.push(`- ${r.id}:`);
    for (const o of list) {
      const states = Object.entries(o.states).filter(([, v]) => v).map(([k]) => k);
      if (o.abilities.includes("openable") && !o.states.open) states.push("closed");
      if (o.abilities.includes("foldable") && !o.states.folded) states.push("unfolded");
      const d = hypot2(o.box.center.x - pos.x, o.box.center.y - pos.y);
      const where = o.relation ? ` ${o.relation.type} ${o.relation.target}` : "";
      const dist = r.id === obs.agent.room ? `, ${d.toFixed(1)} m away` : "";
      lines.push(`  - ${o.id} (${o.label}; ${o.kind}${o.abilities.length ? `; ${o.abilities.join(", ")}` : ""}${states.length ? `; ${states.join(", ")}` : ""})${where}${dist}`);
    }
  }
  if (obs.lastAction && obs.lastFeedback) {
    const f = obs.lastFeedback;
    lines.push(`Last action: ${formatAction(obs.lastAction)} → ${f.ok ? "ok" : `failed (${f.error})`}: ${f.message}`);
  }
  if (obs.newlyObserved.length) lines.push(`Newly observed: ${obs.newlyObserved.join(", ")}`);
  return lines.join("\n");
}

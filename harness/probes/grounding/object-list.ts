/**
 * The `object_list` of seed 003 / VLA-3D: one object a line,
 * `id cx cy cz lx ly lz heading "label"` with an optional second quoted token (a colour).
 */
import type { Box } from "../../../sim/scene/schema.ts";

/** One object of an object list. */
export interface ListedObject {
  id: number;
  box: Box;
  label: string;
  color?: string;
}

const NUM = String.raw`([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)`;
const LINE = new RegExp(String.raw`^\s*(-?\d+)` + String.raw`\s+${NUM}`.repeat(7) + String.raw`\s+"([^"]*)"(?:\s+"([^"]*)")?\s*$`);

/** Parses an object list; lines that do not fit are returned as problems with their line number. */
export function parseObjectList(text: string): { objects: Map<number, ListedObject>; problems: Array<{ line: number; reason: string }> } {
  const objects = new Map<number, ListedObject>();
  const problems: Array<{ line: number; reason: string }> = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === "") return;
    const m = LINE.exec(raw);
    if (!m) {
      problems.push({ line: i + 1, reason: `not "id cx cy cz lx ly lz heading \\"label\\"": ${raw.slice(0, 80)}` });
      return;
    }
    const n = m.slice(2, 9).map(Number);
    const id = Number(m[1]);
    if (objects.has(id)) problems.push({ line: i + 1, reason: `object id ${id} listed twice (first kept)` });
    else
      objects.set(id, {
        id,
        box: { center: { x: n[0]!, y: n[1]!, z: n[2]! }, size: { x: n[3]!, y: n[4]!, z: n[5]! }, heading: n[6]! },
        label: m[9]!,
        ...(m[10] !== undefined ? { color: m[10] } : {}),
      });
  });
  return { objects, problems };
}

/** A label as the format can hold it: no double quotes or line breaks (they become ' and a space). */
function quoted(text: string): string {
  return `"${text.replace(/"/g, "'").replace(/[\r\n]+/g, " ")}"`;
}

/** Formats objects as object-list text (the inverse of parseObjectList for labels without quotes or line breaks). */
export function formatObjectList(objects: Iterable<ListedObject>): string {
  const lines: string[] = [];
  for (const o of objects) {
    const b = o.box;
    const nums = [b.center.x, b.center.y, b.center.z, b.size.x, b.size.y, b.size.z, b.heading].map((v) => String(v));
    lines.push(`${o.id} ${nums.join(" ")} ${quoted(o.label)}${o.color !== undefined ? ` ${quoted(o.color)}` : ""}`);
  }
  return lines.join("\n");
}

/**
 * A strict little XML reader for tests (no XML library is installed): it accepts only well-formed
 * documents — one root, matched tags, quoted unique attributes, known entities, no stray `<` or `&` —
 * and returns the element tree so tests can inspect it.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = /^[A-Za-z_][\w.-]*/;
const ENTITY = /^&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/;

function decode(s: string, where: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === "<") throw new Error(`raw '<' in ${where}`);
    if (ch !== "&") {
      out += ch;
      continue;
    }
    const m = ENTITY.exec(s.slice(i));
    if (!m) throw new Error(`bad entity in ${where}: ${s.slice(i, i + 10)}`);
    const e = m[1]!;
    out += e === "amp" ? "&" : e === "lt" ? "<" : e === "gt" ? ">" : e === "quot" ? '"' : e === "apos" ? "'" : String.fromCodePoint(e.startsWith("#x") ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    i += m[0].length - 1;
  }
  return out;
}

export function parseXml(xml: string): XmlElement {
  let pos = 0;
  const rest = () => xml.slice(pos);
  const skipSpace = () => {
    while (pos < xml.length && /\s/.test(xml[pos]!)) pos++;
  };
  if (rest().startsWith("<?xml")) {
    const end = xml.indexOf("?>", pos);
    if (end < 0) throw new Error("unterminated XML declaration");
    pos = end + 2;
  }
  skipSpace();
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  while (pos < xml.length) {
    if (xml[pos] === "<") {
      if (xml[pos + 1] === "/") {
        pos += 2;
        const name = NAME.exec(rest())?.[0];
        if (!name) throw new Error(`bad closing tag at ${pos}`);
        pos += name.length;
        skipSpace();
        if (xml[pos] !== ">") throw new Error(`bad closing tag ${name}`);
        pos++;
        const open = stack.pop();
        if (!open || open.name !== name) throw new Error(`</${name}> closes <${open?.name}>`);
        if (stack.length === 0) {
          skipSpace();
          if (pos < xml.length) throw new Error("content after the root element");
        }
        continue;
      }
      pos++;
      const name = NAME.exec(rest())?.[0];
      if (!name) throw new Error(`bad tag at ${pos}`);
      pos += name.length;
      const el: XmlElement = { name, attrs: {}, children: [], text: "" };
      for (;;) {
        const before = pos;
        skipSpace();
        if (rest().startsWith("/>") || xml[pos] === ">") break;
        if (pos === before) throw new Error(`attributes of <${name}> need spaces between them`);
        const attr = NAME.exec(rest())?.[0];
        if (!attr) throw new Error(`bad attribute in <${name}>`);
        pos += attr.length;
        if (xml[pos] !== "=" || xml[pos + 1] !== '"') throw new Error(`attribute ${attr} of <${name}> is not ="quoted"`);
        const close = xml.indexOf('"', pos + 2);
        if (close < 0) throw new Error(`unterminated attribute ${attr}`);
        if (attr in el.attrs) throw new Error(`duplicate attribute ${attr} in <${name}>`);
        el.attrs[attr] = decode(xml.slice(pos + 2, close), `attribute ${attr}`);
        pos = close + 1;
      }
      if (stack.length === 0 && root) throw new Error("two root elements");
      if (stack.length > 0) stack.at(-1)!.children.push(el);
      else root = el;
      if (rest().startsWith("/>")) {
        pos += 2;
        if (stack.length === 0) {
          skipSpace();
          if (pos < xml.length) throw new Error("content after the root element");
        }
      } else {
        pos++;
        stack.push(el);
      }
    } else {
      const next = xml.indexOf("<", pos);
      const text = xml.slice(pos, next < 0 ? xml.length : next);
      if (stack.length === 0) throw new Error("text outside the root element");
      stack.at(-1)!.text += decode(text, `<${stack.at(-1)!.name}> text`);
      pos = next < 0 ? xml.length : next;
    }
  }
  if (stack.length > 0) throw new Error(`<${stack.at(-1)!.name}> is never closed`);
  if (!root) throw new Error("no root element");
  return root;
}

/** Every element named `name` under `el`, depth first. */
export function findAll(el: XmlElement, name: string): XmlElement[] {
  return [...(el.name === name ? [el] : []), ...el.children.flatMap((c) => findAll(c, name))];
}

/**
 * Slugs of VLA-3D labels and folder names, for ids (`sofa_0`, `hm3d-00238_j6fhrce9phr`) and fallback
 * synsets (`whiteboard.n.01`): lower-case ASCII letters, digits and `_`. Accented Latin letters are
 * transliterated (NFKD, marks dropped: `métro` → `metro`, `Büro` → `buro`, plus the few letters NFKD
 * leaves alone: `ß` → `ss`, `ø` → `o`, …); letters of scripts with no ASCII spelling (`地铁`, `東京`) are
 * replaced by a short hash of the whole name, so two such names never share a slug by accident and the
 * same name always gets the same one.
 */
import { createHash } from "node:crypto";

/** Latin letters NFKD does not decompose into an ASCII letter and a mark. */
const LETTERS: Record<string, string> = {
  ß: "ss", ẞ: "SS", æ: "ae", Æ: "AE", œ: "oe", Œ: "OE", ø: "o", Ø: "O", đ: "d", Đ: "D", ð: "d", Ð: "D",
  ł: "l", Ł: "L", þ: "th", Þ: "TH", ı: "i", ħ: "h", Ħ: "H", ŧ: "t", Ŧ: "T", ŋ: "n", Ŋ: "N", ĸ: "k",
};

/**
 * The label spelled in ASCII as far as it can be (see module comment), and whether some letter or digit
 * had no ASCII spelling (it is left out of `text`, a space in its place).
 */
export function asciiLabel(label: string): { text: string; lost: boolean } {
  let lost = false;
  const text = [...label.normalize("NFKD").replace(/\p{M}+/gu, "")]
    .map((ch) => {
      if (ch.charCodeAt(0) < 0x80) return ch;
      const mapped = LETTERS[ch];
      if (mapped !== undefined) return mapped;
      if (/[\p{L}\p{N}]/u.test(ch)) lost = true;
      return " ";
    })
    .join("");
  return { text, lost };
}

/** Eight hex digits of the SHA-256 of the label (NFC, so both spellings of `é` agree). */
export function shortHash(label: string): string {
  return createHash("sha256").update(label.normalize("NFC"), "utf8").digest("hex").slice(0, 8);
}

/**
 * Slug used in ids and fallback synsets: lower case, `_` between words, accents transliterated; a name
 * with letters of another script gets `u<hash>` for them (`地铁` → `u…`, `métro 地铁` → `metro_u…`).
 * Never empty (`object`), idempotent, and the same for the same label.
 */
export function labelSlug(label: string): string {
  const { text, lost } = asciiLabel(label.trim());
  const slug = text.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");
  if (lost) return slug ? `${slug}_u${shortHash(label.trim())}` : `u${shortHash(label.trim())}`;
  return slug || "object";
}

/** `text` as a regular expression that matches it literally (every character with a meaning in one escaped). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

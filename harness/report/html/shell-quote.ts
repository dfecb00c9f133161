/** A word as a POSIX shell reads it back unchanged: bare when safe, else in single quotes. */
export function shellQuote(word: string): string {
  if (word !== "" && /^[A-Za-z0-9_./:=@%+-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * A small CSV reader (RFC 4180: comma separated, double-quoted fields with "" escapes, CRLF or LF),
 * returning rows as records keyed by the header with their 1-based line numbers. A leading UTF-8 byte
 * order mark (spreadsheet exports write one) is not part of the first field.
 */

/** Splits CSV text into rows of fields (a leading byte order mark is dropped, see module comment). */
export function parseCsvRows(input: string): Array<{ line: number; fields: string[] }> {
  // a BOM before a quoted first field would make the field non-empty, so its quote would not open it
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  const rows: Array<{ line: number; fields: string[] }> = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === "\n") line++;
        field += ch;
      }
    } else if (ch === '"' && field === "") quoted = true;
    else if (ch === ",") {
      fields.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      fields.push(field);
      if (fields.length > 1 || fields[0] !== "") rows.push({ line: rowLine, fields });
      fields = [];
      field = "";
      line++;
      rowLine = line;
    } else field += ch;
  }
  if (field !== "" || fields.length > 0) {
    fields.push(field);
    rows.push({ line: rowLine, fields });
  }
  return rows;
}

/**
 * Parses CSV with a header row. Short rows are padded with empty fields (writers such as VLA-3D's
 * leave trailing empty columns out); rows with more fields than the header are reported and skipped.
 */
export function parseCsv(text: string): { rows: Array<{ line: number; record: Record<string, string> }>; problems: Array<{ line: number; reason: string }> } {
  const all = parseCsvRows(text);
  const header = all[0]?.fields.map((h) => h.trim()) ?? [];
  const rows: Array<{ line: number; record: Record<string, string> }> = [];
  const problems: Array<{ line: number; reason: string }> = [];
  for (const { line, fields } of all.slice(1)) {
    if (fields.length > header.length) {
      problems.push({ line, reason: `${fields.length} fields, the header has ${header.length}` });
      continue;
    }
    rows.push({ line, record: Object.fromEntries(header.map((h, i) => [h, fields[i] ?? ""])) });
  }
  return { rows, problems };
}

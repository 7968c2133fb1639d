/**
 * CSV text read (RFC 4180) and written safely (a cell a spreadsheet would run as a formula is
 * defused).
 *
 * Reads CSV text (RFC 4180): fields in double quotes may hold commas, line breaks and doubled
 * quotes; lines end in CRLF or LF; every field stays text, so leading zeros survive. Throws on a
 * quote left open or a row of the wrong width, so broken reference data fails at start-up, loudly.
 */
export function readCsv(text: string): Record<string, string>[] {
  const rows = csvRows(text);
  const header = rows.shift();
  if (!header) return [];
  return rows.map((cells, index) => {
    if (cells.length !== header.length) {
      throw new Error(`CSV row ${index + 2} has ${cells.length} fields, the header ${header.length}`);
    }
    return Object.fromEntries(header.map((name, column) => [name, cells[column]!]));
  });
}

function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let at = text.startsWith("\uFEFF") ? 1 : 0;
  const endRow = () => {
    row.push(field);
    rows.push(row);
    row = [];
    field = "";
  };
  while (at < text.length) {
    const char = text[at]!;
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        field += '"';
        at += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else field += char;
      at += 1;
      continue;
    }
    if (char === '"' && field === "") quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" && text[at + 1] === "\n") {
      endRow();
      at += 1;
    } else if (char === "\n") endRow();
    else field += char;
    at += 1;
  }
  if (quoted) throw new Error("CSV ends inside a quoted field");
  // The last line may or may not end in a line break.
  if (field !== "" || row.length > 0) endRow();
  return rows;
}

/**
 * A text cell a spreadsheet would not run as a formula: one starting with = + - @, a tab or a
 * carriage return gets a leading apostrophe. Numbers are written as numbers and never pass here.
 */
export function guardText(value: string) {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One field as RFC 4180 writes it: quoted, its quotes doubled, when it holds a quote, a comma or a line break. */
export function csvField(value: string) {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * An RFC 4180 reader for the tests (a spreadsheet's view of a file, short of formulas): rows of
 * cells, quoted cells unquoted (`""` → `"`), line breaks inside quotes kept. Lines end in CRLF.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  if (quoted) throw new Error('the CSV ends inside a quoted cell');
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** What a spreadsheet may run as a formula: a cell starting so (OWASP's list). */
export const FORMULA_START = /^[=+\-@\t\r]/;

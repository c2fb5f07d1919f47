/** CSV text → rows of cells (quotes, doubled quotes, CRLF); blank lines dropped unless kept (line numbers). */
export function parseCsv(text: string, keepBlank = false): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',' || c === ';' || c === '\t') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return keepBlank ? rows : rows.filter((r) => r.some((x) => x.trim() !== ''));
}

/** An XLSX workbook is a zip: it starts with `PK`. */
export const isXlsx = (buffer: Buffer) => buffer.subarray(0, 2).toString('latin1') === 'PK';

/** The text of a UTF-8 file (its byte-order mark dropped), or null when the bytes are not UTF-8. */
export function utf8Text(buffer: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buffer);
  } catch {
    return null;
  }
}

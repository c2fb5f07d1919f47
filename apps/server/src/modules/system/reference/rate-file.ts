import { RATE_IMPORT_COLUMNS } from '@portal/contracts/reference';
import ExcelJS from 'exceljs';
import { AppError } from '../../../platform/http/errors.js';
import type { ImportRow } from './rates.js';

export const MAX_IMPORT_ROWS = 5000;

type Parsed = { row: number; values: ImportRow }[];

const cellText = (v: ExcelJS.CellValue): string => {
  if (v === null || v === undefined) return '';
  // a day typed into Excel arrives as a date at UTC midnight
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object' && 'richText' in v)
    return v.richText
      .map((t) => t.text)
      .join('')
      .trim();
  if (typeof v === 'object' && 'text' in v) return String(v.text).trim();
  if (typeof v === 'object' && 'result' in v) return cellText(v.result as ExcelJS.CellValue);
  return String(v).trim();
};

/** RFC 4180 fields: quoted fields may hold commas, quotes ("") and line breaks. */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows.map((r) => r.map((f) => f.trim()));
}

/** Rows under a header naming the columns (any order, case ignored); blank rows are skipped. */
function fromTable(table: string[][]): Parsed {
  const header = (table[0] ?? []).map((h) =>
    h
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase(),
  );
  const index = RATE_IMPORT_COLUMNS.map((c) => header.indexOf(c));
  const missing = RATE_IMPORT_COLUMNS.filter((c, i) => c !== 'note' && index[i] === -1);
  if (missing.length) throw new AppError('REF_IMPORT_HEADER', { vars: { value: missing.join(', ') } });
  if (table.length - 1 > MAX_IMPORT_ROWS)
    throw new AppError('REF_IMPORT_TOO_MANY', { vars: { limit: MAX_IMPORT_ROWS } });
  const out: Parsed = [];
  table.slice(1).forEach((cells, i) => {
    if (cells.every((c) => !c)) return;
    const values = Object.fromEntries(
      RATE_IMPORT_COLUMNS.map((c, k) => [c, index[k]! >= 0 ? (cells[index[k]!] ?? '') : '']),
    ) as ImportRow;
    out.push({ row: i + 2, values });
  });
  return out;
}

/** Reads an uploaded rate file: XLSX (first sheet) or CSV (UTF-8), a header row then one rate a row. */
export async function parseRateFile(name: string, buffer: Buffer): Promise<Parsed> {
  if (!buffer.length) throw new AppError('FILE_EMPTY');
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (ext === 'csv') return fromTable(csvRows(buffer.toString('utf8')));
  if (ext !== 'xlsx') throw new AppError('FILE_TYPE_NOT_ALLOWED', { vars: { ext } });
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new AppError('FILE_TYPE_MISMATCH', { vars: { ext } });
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new AppError('FILE_EMPTY');
  const table: string[][] = [];
  ws.eachRow({ includeEmpty: true }, (row, n) => {
    table[n - 1] = (row.values as ExcelJS.CellValue[]).slice(1).map(cellText);
  });
  for (let i = 0; i < table.length; i++) table[i] ??= [];
  return fromTable(table);
}

import { type ErrorName, Errors, errorMessage, type Locale } from '@portal/contracts';
import { IMPORT_MAX_ROWS, type ImportIssue, type ImportPreview } from '@portal/contracts/imports';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { AuthContext } from '../auth/context.js';
import type { Tx } from '../db/index.js';
import { AppError } from '../http/errors.js';
import { isXlsx, parseCsv, utf8Text } from './csv.js';
import { issueText, thrownText } from './issue-text.js';

/** One column of an import: the row field it fills and how its cell text becomes the value. */
export interface ImportColumn {
  /** the row field, and the header the template writes */
  key: string;
  /** other header texts read as this column (e.g. its Chinese label) */
  aliases?: readonly string[];
  /** the upload must have this column */
  required?: boolean;
  width?: number;
  /** a note on the template's header cell (allowed values) */
  note?: string;
  /** cell text (trimmed, never blank) → the field's value; blank cells leave the field out */
  parse?: (text: string) => unknown;
}

export interface ImportDef<S extends z.ZodType, Target> {
  /** names the template file */
  key: string;
  /** the permission key every route of this import asks for */
  perm: string;
  columns: readonly ImportColumn[];
  /** the schema a row must pass: the same one the list's create form uses */
  rowSchema: S;
  /** a field no two rows may share (reported on the later row) */
  unique?: string;
  maxRows?: number;
  /** template rows showing what to fill in */
  examples?: readonly Record<string, string | number>[];
  /** fills defaults a row may leave out (from its other fields), before the schema runs */
  prepare?: (raw: Record<string, unknown>, row: number) => Record<string, unknown>;
  /**
   * also read CSV (UTF-8, with or without BOM; comma, semicolon or tab): same columns and checks; the
   * catalogue error for a file that is not UTF-8
   */
  csv?: { notUtf8: ErrorName };
  /** saves the rows in the transaction the import opened; its answer is the commit's reply */
  commit: (tx: Tx, auth: AuthContext, rows: z.infer<S>[], target: Target) => Promise<unknown>;
}

/** An import of list records from XLSX; mount it with `mountImport`. */
export const defineImport = <S extends z.ZodType, Target = Record<string, never>>(def: ImportDef<S, Target>) => def;

/** The text of a cell: rich text joined, formulas by their result, dates as YYYY-MM-DD. */
export function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object' && 'richText' in v)
    return v.richText
      .map((t) => t.text)
      .join('')
      .trim();
  if (typeof v === 'object' && 'text' in v) return String(v.text).trim();
  if (typeof v === 'object' && 'result' in v) return String(v.result ?? '').trim();
  return String(v).trim();
}

/** The XLSX template: the header row (with notes) and the example rows. */
export async function importTemplate(def: ImportDef<z.ZodType, unknown>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(def.key.slice(0, 31));
  ws.columns = def.columns.map((c) => ({ header: c.key, key: c.key, width: c.width ?? 16 }));
  for (const example of def.examples ?? []) ws.addRow(example);
  ws.getRow(1).font = { bold: true };
  def.columns.forEach((c, i) => {
    if (c.note) ws.getRow(1).getCell(i + 1).note = c.note;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** An upload as text: its header cells and each data row's cells (its row number as the user counts it). */
interface TextTable {
  header: string[];
  rows: Iterable<{ row: number; cells: string[] }>;
}

async function xlsxTable(buffer: Buffer): Promise<TextTable> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new AppError('IMPORT_NOT_XLSX');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new AppError('IMPORT_NOT_XLSX');
  const header = Array.from(ws.getRow(1).values as ExcelJS.CellValue[], cellText).slice(1);
  function* rows() {
    for (let r = 2; r <= ws!.rowCount; r++) {
      const row = ws!.getRow(r);
      yield { row: r, cells: header.map((_h, i) => cellText(row.getCell(i + 1).value)) };
    }
  }
  return { header, rows: rows() };
}

/** A CSV upload (UTF-8 with or without its byte-order mark; comma, semicolon or tab), line by line. */
function csvTable(buffer: Buffer, notUtf8: ErrorName): TextTable {
  const text = utf8Text(buffer);
  if (text === null) throw new AppError(notUtf8);
  const [header = [], ...body] = parseCsv(text.replace(/^\uFEFF/, ''), true);
  return {
    header: header.map((h) => h.trim()),
    rows: body.map((cells, i) => ({ row: i + 2, cells: cells.map((c) => c.trim()) })),
  };
}

/**
 * Reads an upload into a preview: each data row mapped by the header, parsed per column and checked
 * with the row schema; good rows come back parsed, bad ones as issues naming the row and column
 * with a catalogue reason in the caller's language. An import that declares `csv` also reads a
 * CSV file (anything that is not a workbook) through the same columns and checks.
 * A file that is no workbook, lacks a required column or has too many rows is refused as a whole.
 */
export async function readImport<S extends z.ZodType>(
  buffer: Buffer,
  def: ImportDef<S, unknown>,
  locale: Locale = 'en',
): Promise<ImportPreview<z.infer<S>>> {
  const table = def.csv && !isXlsx(buffer) ? csvTable(buffer, def.csv.notUtf8) : await xlsxTable(buffer);
  const at = new Map<string, number>();
  for (const c of def.columns) {
    const names = [c.key, ...(c.aliases ?? [])].map((n) => n.toLowerCase());
    const i = table.header.findIndex((h) => names.includes(h.toLowerCase()));
    if (i >= 0) at.set(c.key, i);
  }
  const missing = def.columns.filter((c) => c.required && !at.has(c.key)).map((c) => c.key);
  if (missing.length) throw new AppError('IMPORT_HEADER_MISSING', { vars: { columns: missing.join(', ') } });

  const max = def.maxRows ?? IMPORT_MAX_ROWS;
  const out: ImportPreview<z.infer<S>> = { rows: [], errors: [] };
  const seen = new Set<unknown>();
  let count = 0;
  for (const { row: r, cells: all } of table.rows) {
    const cells = new Map([...at].map(([key, i]) => [key, all[i] ?? '']));
    if ([...cells.values()].every((t) => t === '')) continue;
    if (++count > max) throw new AppError('IMPORT_TOO_MANY_ROWS', { vars: { limit: max } });
    const issues: ImportIssue[] = [];
    const raw: Record<string, unknown> = {};
    for (const c of def.columns) {
      const text = cells.get(c.key) ?? '';
      if (text === '') continue;
      try {
        raw[c.key] = c.parse ? c.parse(text) : text;
      } catch (err) {
        issues.push({ row: r, field: c.key, ...thrownText(err, locale) });
      }
    }
    if (issues.length) {
      out.errors.push(...issues);
      continue;
    }
    const parsed = def.rowSchema.safeParse(def.prepare ? def.prepare(raw, r) : raw, { reportInput: true });
    if (!parsed.success) {
      out.errors.push(
        ...parsed.error.issues.map((i) => ({ row: r, field: String(i.path[0] ?? ''), ...issueText(i, locale) })),
      );
      continue;
    }
    const value = parsed.data as Record<string, unknown>;
    if (def.unique) {
      const key = value[def.unique];
      if (seen.has(key)) {
        const repeated = Errors.IMPORT_ROW_REPEATED;
        const message = errorMessage(repeated, locale, { value: String(key) });
        out.errors.push({ row: r, field: def.unique, code: repeated.code, message });
        continue;
      }
      seen.add(key);
    }
    out.rows.push(parsed.data);
  }
  return out;
}

/** Column makers named by a resource's fields: a field's key and both its labels are the headers it accepts. */
export const fieldColumns =
  <F extends Record<string, { label: { zh: string; en: string } }>>(fields: F) =>
  (key: keyof F & string, extra: Omit<ImportColumn, 'key'> = {}): ImportColumn => ({
    key,
    aliases: [fields[key]!.label.zh, fields[key]!.label.en],
    ...extra,
  });

/** A cell listing several values (domains, phones): split on commas, semicolons (either width) and spaces. */
export const splitList = (t: string) =>
  t
    .split(/[,，;；\s]+/)
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { ExportFormat } from '@portal/contracts';
import ExcelJS from 'exceljs';
import type { Cell } from './source.js';

/** One XLSX sheet holds 1,048,576 rows: the header plus this many data rows. */
export const SHEET_DATA_ROWS = 1_048_575;

export interface WriteOptions {
  format: ExportFormat;
  headers: string[];
  widths?: (number | undefined)[];
  /** data rows per sheet (XLSX); a new sheet starts after this many */
  sheetRows?: number;
  /** called every `progressEvery` rows with the count so far */
  onProgress?: (rows: number) => Promise<void> | void;
  progressEvery?: number;
}

async function drained(out: Writable) {
  if (out.writableNeedDrain) await once(out, 'drain');
}

/**
 * Writes rows into `out` as XLSX (exceljs's streaming WorkbookWriter with shared strings and
 * styles off, so nothing accumulates per row; its commit() gives no back-pressure, so the output
 * stream's drain is awaited here) or as CSV (UTF-8 with BOM, so Excel opens it right).
 * Resolves with the number of data rows once the output is finished.
 */
export async function writeRows(rows: AsyncIterable<Cell[]>, out: Writable, opts: WriteOptions): Promise<number> {
  const every = opts.progressEvery ?? 5000;
  let n = 0;
  // every error of the output is caught (a destroyed file stream may report several)
  const failed = new Promise<never>((_, reject) => out.on('error', reject));
  failed.catch(() => {});
  const ended = new Promise<void>((resolve) => {
    out.once('finish', resolve);
    out.once('close', resolve);
  });
  const finished = Promise.race([ended, failed]);
  if (opts.format === 'csv') {
    out.write(`\ufeff${csvLine(opts.headers)}`);
    for await (const row of rows) {
      if (!out.write(csvLine(row))) await once(out, 'drain');
      if (++n % every === 0) await opts.onProgress?.(n);
    }
    out.end();
    await finished;
    return n;
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const perSheet = opts.sheetRows ?? SHEET_DATA_ROWS;
  let sheet: ExcelJS.Worksheet | undefined;
  let inSheet = 0;
  let sheets = 0;
  const newSheet = () => {
    sheet?.commit();
    sheets++;
    sheet = workbook.addWorksheet(sheets === 1 ? 'Sheet1' : `Sheet${sheets}`);
    if (opts.widths) sheet.columns = opts.headers.map((_, i) => ({ width: opts.widths?.[i] ?? 16 }));
    sheet.addRow(opts.headers).commit();
    inSheet = 0;
  };
  try {
    newSheet();
    for await (const row of rows) {
      if (inSheet === perSheet) newSheet();
      sheet!.addRow(row).commit();
      inSheet++;
      if (++n % 1000 === 0) await drained(out);
      if (n % every === 0) await opts.onProgress?.(n);
    }
  } catch (err) {
    // stop the zip stream from writing into an output the caller is about to discard
    const zip = (workbook as unknown as { zip?: NodeJS.ReadableStream & { abort?: () => void } }).zip;
    zip?.unpipe(out);
    zip?.abort?.();
    throw err;
  }
  sheet!.commit();
  await workbook.commit();
  await finished;
  return n;
}

const NEEDS_QUOTES = /[",\r\n]/;

/** One CSV line (RFC 4180); cells starting with = + - @ are prefixed with ' against formula injection. */
export function csvLine(cells: Cell[]): string {
  return `${cells
    .map((c) => {
      if (c === null || c === undefined) return '';
      let s = String(c);
      if (typeof c === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
      return NEEDS_QUOTES.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
    })
    .join(',')}\r\n`;
}

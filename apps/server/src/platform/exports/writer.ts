import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { ExportFormat } from '@portal/contracts';
import type { Cell } from './source.js';
import { XlsxWriter } from './xlsx.js';

export { SHEET_DATA_ROWS } from './xlsx.js';

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

/**
 * Writes rows into `out` as XLSX (our streaming writer, xlsx.ts, back-pressured from `out`) or as
 * CSV (UTF-8 with BOM, so Excel opens it right).
 * Resolves with the number of data rows once the output is finished.
 */
export function writeRows(rows: AsyncIterable<Cell[]>, out: Writable, opts: WriteOptions): Promise<number> {
  return opts.format === 'csv' ? writeCsv(rows, out, opts) : writeXlsx(rows, out, opts);
}

async function writeXlsx(rows: AsyncIterable<Cell[]>, out: Writable, opts: WriteOptions): Promise<number> {
  const every = opts.progressEvery ?? 5000;
  let n = 0;
  const xlsx = new XlsxWriter(out, { headers: opts.headers, widths: opts.widths, sheetRows: opts.sheetRows });
  try {
    for await (const row of rows) {
      await xlsx.addRow(row);
      if (++n % every === 0) await opts.onProgress?.(n);
    }
    await xlsx.finish();
    return n;
  } catch (err) {
    // stop the zip from writing into an output the caller is about to discard
    xlsx.abort();
    throw err;
  }
}

async function writeCsv(rows: AsyncIterable<Cell[]>, out: Writable, opts: WriteOptions): Promise<number> {
  const every = opts.progressEvery ?? 5000;
  let n = 0;
  // every error of the output is caught (a destroyed file stream may report several)
  const failed = new Promise<never>((_, reject) => out.on('error', reject));
  failed.catch(() => {});
  const ended = new Promise<void>((resolve) => {
    out.once('finish', resolve);
    out.once('close', resolve);
  });
  out.write(`\ufeff${csvLine(opts.headers)}`);
  for await (const row of rows) {
    if (!out.write(csvLine(row))) await Promise.race([once(out, 'drain'), failed]);
    if (++n % every === 0) await opts.onProgress?.(n);
  }
  out.end();
  await Promise.race([ended, failed]);
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

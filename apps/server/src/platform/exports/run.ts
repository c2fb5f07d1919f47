import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { ExportFormat, Locale } from '@portal/contracts';
import type { AuthContext } from '../auth/context.js';
import type { Database } from '../db/index.js';
import { streamRows } from './reader.js';
import type { Cell, ExportSource } from './source.js';
import { writeRows } from './writer.js';

export interface ExportRun {
  source: ExportSource<unknown>;
  query: unknown;
  auth: AuthContext;
  format: ExportFormat;
  locale: Locale;
  tmpDir: string;
  onProgress?: (rows: number) => Promise<void> | void;
  sheetRows?: number;
  /** the app clock's now (a moved clock in tests and the demo): what a time-dependent list is judged at */
  at: Date;
}

async function* cellsOf(
  rows: AsyncIterable<unknown[]>,
  source: ExportSource<unknown>,
  locale: Locale,
  auth: AuthContext,
  at: Date,
): AsyncGenerator<Cell[]> {
  for await (const row of rows) yield source.cells(row, locale, auth, at);
}

/**
 * Streams the rows of a list query into a file under `tmpDir`: database cursor → cells → XLSX/CSV
 * writer → file. Returns the staged file; the caller stores or sends it. Removes it on failure.
 */
export async function writeExportFile(run: ExportRun, database: Database): Promise<{ path: string; rows: number }> {
  await fsp.mkdir(run.tmpDir, { recursive: true });
  const file = path.join(run.tmpDir, `export-${randomUUID()}.${run.format}`);
  const out = fs.createWriteStream(file, { flags: 'wx' });
  try {
    const query = run.source.select(database.db, run.auth, run.query, run.locale, run.at);
    const columns = run.source.columnsFor?.(run.auth) ?? run.source.columns;
    const rows = await writeRows(cellsOf(streamRows(database, query), run.source, run.locale, run.auth, run.at), out, {
      format: run.format,
      headers: columns.map((c) => (run.locale === 'zh-CN' ? c.zh : c.en)),
      widths: columns.map((c) => c.width),
      onProgress: run.onProgress,
      sheetRows: run.sheetRows,
    });
    return { path: file, rows };
  } catch (err) {
    // let writes in flight land (destroying now would fail them), then drop the file
    out.on('error', () => {});
    if (!out.destroyed && !out.writableFinished) await new Promise<void>((resolve) => out.end(() => resolve()));
    await fsp.rm(file, { force: true });
    throw err;
  }
}

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { ExportFormat, Locale } from '@portal/contracts';
import {
  costText,
  DIM_TITLE,
  measureTitle,
  type ReportAnswer,
  type ReportDef,
  type ReportFigures,
  type ReportMeasure,
} from '@portal/contracts/reports';
import type { Cell } from '../../platform/exports/source.js';
import { writeRows } from '../../platform/exports/writer.js';

/**
 * What the screen shows, as a file: the level's rows then the totals per currency, each with the
 * report's measures and the previous period's figure beside every one. Report answers are small
 * (one row per customer, account, country or day), so the file is written at once, not queued.
 */
export async function writeReportFile(
  def: ReportDef,
  answer: ReportAnswer,
  format: ExportFormat,
  locale: Locale,
  tmpDir: string,
): Promise<{ path: string; rows: number }> {
  const zh = locale === 'zh-CN';
  const title = (t: { zh: string; en: string }) => (zh ? t.zh : t.en);
  const prevWord = zh ? '上期' : 'previous';
  const headers = [
    title(DIM_TITLE[answer.dim]),
    zh ? '币种' : 'Currency',
    ...def.measures.flatMap((m) => [title(measureTitle(def, m)), `${title(measureTitle(def, m))} (${prevWord})`]),
  ];
  // cost in another currency than the revenue: each currency's amount, never one netted figure (decision 0109)
  const cell = (f: ReportFigures, m: ReportMeasure): Cell => (m === 'cost' ? costText(f) : f[m]);
  const line = (label: string, r: ReportAnswer['rows'][number]): Cell[] => [
    label,
    r.currency,
    ...def.measures.flatMap((m) => [cell(r, m), cell(r.prev, m)]),
  ];
  async function* cells() {
    for (const r of answer.rows) yield line(r.label, r);
    for (const t of answer.totals) yield line(zh ? '合计' : 'Total', t);
  }
  await fsp.mkdir(tmpDir, { recursive: true });
  const file = path.join(tmpDir, `report-${randomUUID()}.${format}`);
  const out = fs.createWriteStream(file, { flags: 'wx' });
  try {
    const rows = await writeRows(cells(), out, { format, headers, widths: headers.map((_, i) => (i === 0 ? 28 : 14)) });
    return { path: file, rows };
  } catch (err) {
    out.destroy();
    await fsp.rm(file, { force: true });
    throw err;
  }
}

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { ExportFormat, Locale } from '@portal/contracts';
import type { PerformanceQuery } from '@portal/contracts/traffic';
import type { FastifyReply } from 'fastify';
import { exportFileName } from '../../platform/exports/file-name.js';
import { sendExportFile } from '../../platform/exports/list-export.js';
import type { Cell } from '../../platform/exports/source.js';
import { writeRows } from '../../platform/exports/writer.js';
import { filesOf } from '../../platform/files/service.js';
import type { Platform } from '../../platform/platform.js';

/** a column of a computed performance export: its titles and its cell of a row */
export type PerfColumn<R> = [zh: string, en: string, cell: (r: R, zh: boolean) => Cell];

type Figures = {
  currency: string | null;
  cost: string | null;
  profit: string | null;
  costs: { currency: string; amount: string }[];
  converted: { profit: string | null; margin: string | null; missing: string[] } | null;
};
/** the profit columns every performance export shares: own-currency profit, else the converted one (decision 0129) */
export const profitColumns = <R extends Figures>(): PerfColumn<R>[] => [
  ['成本', 'Cost', (r) => r.cost ?? r.costs.map((c) => `${c.amount} ${c.currency}`).join('; ')],
  ['利润', 'Profit', (r) => r.profit ?? r.converted?.profit ?? null],
  ['折算利润率 %', 'Converted margin %', (r) => r.converted?.margin ?? null],
  ['缺少汇率', 'Missing rate', (r) => (r.converted?.missing.length ? r.converted.missing.join(', ') : null)],
];

/**
 * A performance view's file (decision 0136): the view is computed in the server after the rollup sums
 * (agents, promoters are grouped there), so no single SQL select exists for the export service; the
 * whole answer — every row of the filter, same data scope — is written as XLSX / CSV in the caller's
 * language and sent like the export service's small files (a few hundred rows: no download-center task).
 */
export async function sendPerformanceFile<R>(
  p: Platform,
  reply: FastifyReply,
  o: { rows: R[]; columns: PerfColumn<R>[]; title: Record<Locale, string>; format: ExportFormat; locale: Locale },
): Promise<FastifyReply> {
  const zh = o.locale === 'zh-CN';
  const tmpDir = (await filesOf(p)).settings.tmpDir;
  await fsp.mkdir(tmpDir, { recursive: true });
  const file = path.join(tmpDir, `perf-${randomUUID()}.${o.format}`);
  const out = fs.createWriteStream(file, { flags: 'wx' });
  async function* cells() {
    for (const row of o.rows) yield o.columns.map(([, , cell]) => cell(row, zh));
  }
  try {
    const rows = await writeRows(cells(), out, {
      format: o.format,
      headers: o.columns.map(([h, en]) => (zh ? h : en)),
      widths: o.columns.map(() => 14),
    });
    return sendExportFile(reply, { path: file, rows }, exportFileName(o.title[o.locale], o.format), o.format);
  } catch (err) {
    out.destroy();
    await fsp.rm(file, { force: true });
    throw err;
  }
}

type ViewRow = Figures & {
  key: string;
  label?: string | null;
  count: number;
  segments: number;
  delivered: number;
  revenue: string;
  answered: number;
  minutes: string;
  asr: string | null;
  acd: string | null;
  pdd: string | null;
};
const GROUPS: Record<PerformanceQuery['groupBy'], [string, string]> = {
  day: ['日期', 'Day'],
  owner: ['销售', 'Sales'],
  customer: ['客户', 'Customer'],
  account: ['账户', 'Account'],
  country: ['国家/地区', 'Country'],
  channel: ['通道', 'Channel'],
};
/** the columns of a performance view's file (smsPerformance, the daily results, the one-product views) */
export const performanceColumns = (groupBy: PerformanceQuery['groupBy'], voice: boolean): PerfColumn<ViewRow>[] => [
  [...GROUPS[groupBy], (r) => r.label ?? r.key],
  ['币种', 'Currency', (r) => r.currency],
  ['数量', 'Count', (r) => r.count],
  ...(voice
    ? ([
        ['接通', 'Answered', (r) => r.answered],
        ['分钟', 'Minutes', (r) => r.minutes],
        ['接通率 %', 'ASR %', (r) => r.asr],
        ['平均通话 秒', 'ACD s', (r) => r.acd],
        ['接续时延 毫秒', 'PDD ms', (r) => r.pdd],
      ] satisfies PerfColumn<ViewRow>[])
    : ([
        ['计费条数', 'Segments', (r) => r.segments],
        ['成功', 'Delivered', (r) => r.delivered],
      ] satisfies PerfColumn<ViewRow>[])),
  ['收入', 'Revenue', (r) => r.revenue],
  ...profitColumns<ViewRow>(),
];

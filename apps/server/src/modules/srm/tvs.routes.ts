import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { envelope, exportOptions, type Locale } from '@portal/contracts';
import { SrmPerm, type TvsAccountRow, tvsAccountPage, tvsAccountQuery } from '@portal/contracts/srm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportFileName } from '../../platform/exports/file-name.js';
import { sendExportFile } from '../../platform/exports/list-export.js';
import type { Cell } from '../../platform/exports/source.js';
import { writeRows } from '../../platform/exports/writer.js';
import { filesOf } from '../../platform/files/service.js';
import { ok } from '../../platform/http/envelope.js';
import { localeOf } from '../../platform/http/locale.js';
import type { Platform } from '../../platform/platform.js';
import { tvsAccounts } from './tvs.js';

const tags = ['srm'];
const access = { perm: SrmPerm.TVS_ACCOUNTS };
const TITLE = { 'zh-CN': 'TVS账户', en: 'tvs-accounts' } as const;
const STATE = {
  private: { zh: '私有', en: 'Private' },
  sea: { zh: '公海', en: 'Sea' },
  blacklist: { zh: '黑名单', en: 'Blacklisted' },
} as const;
const COLUMNS: [zh: string, en: string, cell: (r: TvsAccountRow, zh: boolean) => Cell][] = [
  ['编码', 'Code', (r) => r.code],
  ['名称', 'Name', (r) => r.name],
  ['国家', 'Country', (r) => r.country],
  ['状态', 'State', (r, zh) => STATE[r.state][zh ? 'zh' : 'en']],
  ['已准入', 'Admitted', (r, zh) => (r.admitted ? (zh ? '是' : 'Yes') : zh ? '否' : 'No')],
  ['通道', 'Channels', (r) => r.channels],
  ['在用通道', 'Live channels', (r) => r.liveChannels],
  ['短信提交（分段）', 'SMS parts', (r) => r.smsParts],
  ['已送达', 'Delivered', (r) => r.delivered],
  ['送达率 %', 'Delivery rate %', (r) => r.deliveryRate],
  ['平均送达时长（秒）', 'Avg. delivery time (s)', (r) => (r.deliveryMs === null ? null : r.deliveryMs / 1000)],
  ['呼叫次数', 'Calls', (r) => r.calls],
  ['接通率 %', 'ASR %', (r) => r.asr],
];

/** `tvs/account-query`: the page and the file of the same rows (small: one row per SIM-farm partner). */
export async function tvsRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/v2/srm/tvs/account/page',
    {
      schema: {
        tags,
        summary: 'TVS accounts: the SIM-farm partners and what their channels carried lately (traffic rollups)',
        body: tvsAccountQuery,
        response: { 200: envelope(tvsAccountPage) },
      },
      config: { access, audit: false },
    },
    async (req) => ok(await tvsAccounts(p.db, req.auth!, p.clock.now(), req.body)),
  );
  r.post(
    '/v2/srm/tvs/account/export',
    {
      schema: {
        tags,
        summary: 'TVS accounts: every row the filters match, as a file',
        body: tvsAccountQuery.extend(exportOptions.shape),
      },
      config: { access, audit: false },
    },
    async (req, reply) => {
      const { format, ...q } = req.body;
      const locale: Locale = localeOf(req.headers);
      const zh = locale === 'zh-CN';
      const answer = await tvsAccounts(p.db, req.auth!, p.clock.now(), q, false);
      const tmpDir = (await filesOf(p)).settings.tmpDir;
      await fsp.mkdir(tmpDir, { recursive: true });
      const file = path.join(tmpDir, `tvs-${randomUUID()}.${format}`);
      const out = fs.createWriteStream(file, { flags: 'wx' });
      async function* cells() {
        for (const row of answer.records) yield COLUMNS.map(([, , cell]) => cell(row, zh));
      }
      try {
        const rows = await writeRows(cells(), out, {
          format,
          headers: COLUMNS.map(([h, en]) => (zh ? h : en)),
          widths: COLUMNS.map((_, i) => (i === 1 ? 32 : 14)),
        });
        return sendExportFile(reply, { path: file, rows }, exportFileName(TITLE[locale], format), format);
      } catch (err) {
        out.destroy();
        await fsp.rm(file, { force: true });
        throw err;
      }
    },
  );
}

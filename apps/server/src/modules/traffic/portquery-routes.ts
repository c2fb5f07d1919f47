import { envelope, type Locale } from '@portal/contracts';
import { type PortQueryAnswer, portQueryAnswer, portQueryBody, TrafficPerm } from '@portal/contracts/traffic';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.js';
import { localeOf } from '../../platform/http/locale.js';
import { sendXlsx } from '../../platform/http/xlsx-reply.js';
import type { Platform } from '../../platform/platform.js';
import { portQuery } from './portquery.js';

const tags = ['traffic'];
const B = '/v2/traffic/portquery';

/** `portquery` (decision 0139): the look-up, and the same answer as XLSX. */
export async function portQueryRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = { access: { perm: TrafficPerm.PORT_QUERY } };

  r.post(
    B,
    {
      schema: {
        tags,
        summary:
          'Number portability: per number (at most 1,000) its country, original network by number range, the network last seen in our traffic (93 days) and whether it was ported',
        body: portQueryBody,
        response: { 200: envelope(portQueryAnswer) },
      },
      config: access,
    },
    async (req) => ok(await portQuery(p, req.auth!, p.clock.now(), req.body)),
  );

  r.post(
    `${B}/export`,
    {
      schema: {
        tags,
        summary: 'The same look-up as an XLSX file (refused inputs on a second sheet)',
        body: portQueryBody,
      },
      config: access,
    },
    async (req, reply) => {
      const answer = await portQuery(p, req.auth!, p.clock.now(), req.body);
      return sendXlsx(reply, 'portquery.xlsx', await workbook(answer, localeOf(req.headers)));
    },
  );
}

const HEAD = {
  'zh-CN': {
    sheet: '携号转网查询',
    refusedSheet: '无法查询',
    cols: ['号码', '国家', '号码类型', '号段', '原网络', '最近网络', '最近发送时间', '是否携号转网'],
    refusedCols: ['输入', '原因'],
    ported: { yes: '是', no: '否', unknown: '未知' },
    reason: { not_a_number: '不是号码', no_country: '无法识别国家', not_possible: '号码长度不对', duplicate: '重复' },
  },
  en: {
    sheet: 'Number portability',
    refusedSheet: 'Not looked up',
    cols: ['Number', 'Country', 'Number type', 'Range', 'Original network', 'Last seen on', 'Last seen at', 'Ported'],
    refusedCols: ['Input', 'Reason'],
    ported: { yes: 'Yes', no: 'No', unknown: 'Unknown' },
    reason: {
      not_a_number: 'Not a number',
      no_country: 'No country',
      not_possible: 'Wrong length',
      duplicate: 'Duplicate',
    },
  },
} as const;

async function workbook(a: PortQueryAnswer, locale: Locale): Promise<Buffer> {
  const h = HEAD[locale];
  const en = locale === 'en';
  const net = (n: { mccmnc: string; name: string; nameEn: string } | null) =>
    n ? `${n.mccmnc} ${en ? n.nameEn : n.name}` : '';
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(h.sheet);
  ws.addRow([...h.cols]).font = { bold: true };
  for (const r of a.rows)
    ws.addRow([
      r.e164,
      r.country,
      r.numberType ?? '',
      r.range ?? '',
      net(r.original),
      net(r.lastSeen),
      r.lastSeenAt ?? '',
      h.ported[r.ported],
    ]);
  ws.columns.forEach((c) => {
    c.width = 20;
  });
  if (a.refused.length) {
    const rs = wb.addWorksheet(h.refusedSheet);
    rs.addRow([...h.refusedCols]).font = { bold: true };
    for (const x of a.refused) rs.addRow([x.input, h.reason[x.reason]]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

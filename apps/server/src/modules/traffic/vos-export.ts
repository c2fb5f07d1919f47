import { exportOptions } from '@portal/contracts';
import { TrafficPerm, type VosAccountRow, vosAccountQuery } from '@portal/contracts/traffic';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { localeOf } from '../../platform/http/locale.js';
import { optionNames } from '../../platform/options/names.js';
import type { Platform } from '../../platform/platform.js';
import { type PerfColumn, sendPerformanceFile } from './perf-exports.js';
import { vosAccounts } from './vos-accounts.js';

/** every voice account of a filter fits in one file (accounts, not their calls) */
export const VOS_EXPORT_MAX = 20_000;
const BILLING = { prepaid: ['预付', 'Prepaid'], postpaid: ['后付', 'Postpaid'] } as const;

const columns = (customers: Map<number, string>): PerfColumn<VosAccountRow>[] => [
  ['账户', 'Account', (r) => r.code],
  ['客户', 'Customer', (r) => customers.get(r.customerId) ?? `#${r.customerId}`],
  ['计费方式', 'Billing', (r, zh) => BILLING[r.billing][zh ? 0 : 1]],
  ['币种', 'Currency', (r) => r.currency],
  ['余额', 'Balance', (r) => r.balance ?? ''],
  ['信用额度', 'Credit line', (r) => r.creditLine ?? ''],
  ['可用', 'Available', (r) => r.available ?? ''],
  ['可用天数', 'Days left', (r) => r.daysLeft ?? ''],
  ['呼叫（7 天）', 'Calls (7 days)', (r) => r.attempts],
  ['接通（7 天）', 'Answered (7 days)', (r) => r.answered],
  ['分钟（7 天）', 'Minutes (7 days)', (r) => (r.seconds / 60).toFixed(2)],
  ['收入（7 天）', 'Revenue (7 days)', (r) => r.revenue],
];

/** vos-voice-account's file: every account of the filter, in the caller's language (decision 0130). */
export async function vosExportRoute(app: FastifyInstance, p: Platform) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/v2/traffic/vos-accounts/export',
    {
      schema: {
        tags: ['traffic'],
        summary: 'vos-voice-account: every voice account of the filter with its balance and 7 days of calls, as a file',
        body: vosAccountQuery.omit({ page: true, size: true }).extend(exportOptions.shape),
      },
      config: { access: { perm: TrafficPerm.VOS_ACCOUNTS }, audit: false },
    },
    async (req, reply) => {
      const { format, ...q } = req.body;
      const locale = localeOf(req.headers);
      const page = await vosAccounts(p.db, req.auth!, { ...q, page: 1, size: VOS_EXPORT_MAX }, p.clock.now());
      // the rows' customers named as the caller's pickers name them (CRM's option provider)
      const ids = [...new Set(page.records.map((r) => r.customerId))];
      const found = await optionNames(p, req.auth!, 'customer', ids, { locale, within: 'picker' });
      const names = new Map([...found].map(([id, o]) => [id, `${o.code} ${o.name}`]));
      return sendPerformanceFile(p, reply, {
        rows: page.records,
        columns: columns(names),
        title: { 'zh-CN': 'VOS 语音账户', en: 'VOS voice accounts' },
        format,
        locale,
      });
    },
  );
}

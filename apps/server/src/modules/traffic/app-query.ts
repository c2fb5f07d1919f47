import type { Locale } from '@portal/contracts';
import { type AppQuery, type AppTrafficPage, appQuery, TrafficPerm } from '@portal/contracts/traffic';
import { Decimal } from 'decimal.js';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { type Db, rowsOf } from '../../platform/db/index.js';
import { type Cell, defineExportSource } from '../../platform/exports/source.js';
import { fail } from '../../platform/http/errors.js';
import { staffNameSql } from '../../platform/i18n/names.js';
import { customerFieldSql } from '../crm/customer-refs.js';
import {
  accountCodeSql,
  accountOfAppSql,
  clientAppOf,
  clientAppsJsonSql,
  clientAppsTextSql,
} from '../finance/client-refs.js';
import { money6 } from './pages.js';
import { DAY_MS, dayOf } from './partitions.js';
import { requireRange } from './queries.js';

export type AppProduct = 'sms' | 'voice';
const dialect = new PgDialect();

/**
 * The filter of app-query/sms and app-query/voice over `traffic_daily` (decision 0138): the UTC days of
 * the range (≤ 93 days, required), the screen's product, the caller's data scope on the owner the
 * rollup holds, account / customer / sales, and an application as its account (the rollups carry the
 * account and product, not the application). `appId` must name an application of the product.
 */
async function appWhere(db: Db, auth: AuthContext, product: AppProduct, q: AppQuery): Promise<SQL> {
  if (q.appId) {
    requireRange(q);
    const app = await clientAppOf(db, q.appId);
    if (!app) return fail('TRF_APP_NOT_FOUND', { vars: { value: q.appId } });
    if (app.product !== product) return fail('TRF_APP_PRODUCT', { vars: { value: q.appId } });
  }
  return syncWhere(auth, product, q);
}

/** the groups: per account (and day) and price currency, summed over the rollup's other dimensions */
const groupsSql = (where: SQL, byDay: boolean) => {
  const day = byDay ? sql`day::text` : sql`null::text`;
  return sql`select ${day} as day, account_id, customer_id, currency, sum(count)::bigint as count,
      sum(segments)::bigint as segments, sum(delivered)::bigint as delivered, sum(answered)::bigint as answered,
      sum(seconds)::bigint as seconds, sum(revenue) as revenue
    from traffic_daily where ${where} group by 1, 2, 3, 4`;
};

/** the page's rows with the account, customer, owner and applications beside each group; largest volume first */
function rowsSql(where: SQL, q: AppQuery, product: AppProduct, locale: Locale, forExport: boolean, limit?: SQL) {
  const byDay = q.byDay === 'true';
  const owner = customerFieldSql(sql`g.customer_id`, 'owner_id');
  const apps = forExport
    ? clientAppsTextSql(sql`g.account_id`, product)
    : clientAppsJsonSql(sql`g.account_id`, product);
  return sql`with g as (${groupsSql(where, byDay)})
    select g.day, g.account_id, ${accountCodeSql(sql`g.account_id`)} as account_code, g.customer_id,
      ${customerFieldSql(sql`g.customer_id`, 'code')} as customer_code, ${customerFieldSql(sql`g.customer_id`, 'name')} as customer_name,
      ${owner} as owner_id, ${staffNameSql(locale, owner)} as owner_name, ${apps} as apps, g.currency,
      g.count, g.segments, g.delivered, g.answered, g.seconds, g.revenue
    from g order by g.day desc nulls last, g.count desc, g.account_id, g.currency ${limit ?? sql``}`;
}

type Raw = {
  day: string | null;
  account_id: number;
  account_code: string | null;
  customer_id: number;
  customer_code: string | null;
  customer_name: string | null;
  owner_id: number | null;
  owner_name: string | null;
  apps: unknown;
  currency: string;
  count: string;
  segments: string;
  delivered: string;
  answered: string;
  seconds: string;
  revenue: string;
};

/** the derived figures: delivered rate (delivered / parts), ASR (answered / attempts), ACD (billed s / answered) */
function figures(product: AppProduct, x: Pick<Raw, 'count' | 'segments' | 'delivered' | 'answered' | 'seconds'>) {
  const count = Number(x.count);
  const segments = Number(x.segments);
  const delivered = Number(x.delivered);
  const answered = Number(x.answered);
  const seconds = new Decimal(x.seconds);
  return {
    count,
    segments,
    delivered,
    deliveredRate: product === 'sms' && segments ? new Decimal(delivered).times(100).div(segments).toFixed(2) : null,
    answered,
    asr: product === 'voice' && count ? new Decimal(answered).times(100).div(count).toFixed(2) : null,
    acd: product === 'voice' && answered ? seconds.div(answered).toFixed(1) : null,
    minutes: seconds.div(60).toFixed(2),
  };
}

/** app-query/sms and app-query/voice: a page of groups (see `appQuery` in the contracts) */
export async function appTraffic(
  db: Db,
  auth: AuthContext,
  product: AppProduct,
  q: AppQuery,
  locale: Locale,
): Promise<AppTrafficPage> {
  const where = await appWhere(db, auth, product, q);
  const [n] = rowsOf<{ n: string }>(
    await db.execute(sql`select count(*)::text as n from (${groupsSql(where, q.byDay === 'true')}) g`),
  );
  const limit = sql`limit ${q.size} offset ${(q.page - 1) * q.size}`;
  const rows = rowsOf<Raw>(await db.execute(rowsSql(where, q, product, locale, false, limit)));
  return {
    records: rows.map((x) => ({
      day: x.day,
      accountId: Number(x.account_id),
      accountCode: x.account_code,
      customerId: Number(x.customer_id),
      customerCode: x.customer_code,
      customerName: x.customer_name,
      ownerId: x.owner_id === null ? null : Number(x.owner_id),
      ownerName: x.owner_name || null,
      apps: (typeof x.apps === 'string'
        ? JSON.parse(x.apps)
        : (x.apps ?? [])) as AppTrafficPage['records'][number]['apps'],
      currency: x.currency,
      ...figures(product, x),
      revenue: money6(x.revenue),
    })),
    total: Number(n?.n ?? 0),
    page: q.page,
    size: q.size,
  };
}

const text = (v: unknown): Cell => (v == null || v === '' ? null : String(v));
const common = [
  { zh: '日期', en: 'Day', width: 12 },
  { zh: '账户', en: 'Account', width: 14 },
  { zh: '客户编号', en: 'Customer code', width: 14 },
  { zh: '客户名称', en: 'Customer', width: 24 },
  { zh: '销售', en: 'Sales', width: 12 },
  { zh: '应用', en: 'Applications', width: 30 },
  { zh: '币种', en: 'Currency', width: 8 },
];

/** the export of each screen: same filters, range rule and data scope as its list */
function appExport(product: AppProduct) {
  const sms = product === 'sms';
  return defineExportSource<AppQuery>({
    key: `traffic.apps-${product}`,
    perm: sms ? TrafficPerm.SMS_APPS : TrafficPerm.VOICE_APPS,
    query: appQuery as never,
    title: sms ? { 'zh-CN': '短信应用查询', en: 'SMS apps' } : { 'zh-CN': '语音应用查询', en: 'Voice apps' },
    columns: [
      ...common,
      ...(sms
        ? [
            { zh: '消息数', en: 'Messages', width: 10 },
            { zh: '计费条数', en: 'Parts', width: 10 },
            { zh: '成功条数', en: 'Delivered', width: 10 },
            { zh: '成功率 %', en: 'Delivered %', width: 10 },
          ]
        : [
            { zh: '呼叫数', en: 'Attempts', width: 10 },
            { zh: '接通数', en: 'Answered', width: 10 },
            { zh: 'ASR %', en: 'ASR %', width: 8 },
            { zh: 'ACD 秒', en: 'ACD s', width: 8 },
            { zh: '计费分钟', en: 'Billed minutes', width: 12 },
          ]),
      { zh: '收入', en: 'Revenue', width: 12 },
    ],
    async count(db, auth, q) {
      const where = await appWhere(db, auth, product, q);
      const [n] = rowsOf<{ n: string }>(
        await db.execute(sql`select count(*)::text as n from (${groupsSql(where, q.byDay === 'true')}) g`),
      );
      return Number(n?.n ?? 0);
    },
    // the application was checked by `count`, which every export runs first
    select: (_db, auth, q, locale) =>
      dialect.sqlToQuery(rowsSql(syncWhere(auth, product, q), q, product, locale, true)),
    cells: (row) => {
      const [day, , accountCode, , customerCode, customerName, , ownerName, apps, currency] = row;
      const f = figures(product, {
        count: String(row[10]),
        segments: String(row[11]),
        delivered: String(row[12]),
        answered: String(row[13]),
        seconds: String(row[14]),
      });
      const head = [day, accountCode, customerCode, customerName, ownerName, apps, currency].map(text);
      const body: Cell[] = sms
        ? [f.count, f.segments, f.delivered, f.deliveredRate]
        : [f.count, f.answered, f.asr, f.acd, f.minutes];
      return [...head, ...body, money6(String(row[15]))];
    },
  });
}

/** `appWhere` without the check: the application as a sub-select (the export's synchronous select) */
function syncWhere(auth: AuthContext, product: AppProduct, q: AppQuery): SQL {
  const r = requireRange(q);
  const conds: SQL[] = [
    sql`day >= ${dayOf(r.from)}`,
    sql`day < ${dayOf(new Date(r.to.getTime() + DAY_MS - 1))}`,
    sql`product = ${product}`,
  ];
  const scope = dataScopeWhere(auth, sql.raw('owner_id'));
  if (scope) conds.push(scope);
  if (q.accountId !== undefined) conds.push(sql`account_id = ${q.accountId}`);
  if (q.customerId !== undefined) conds.push(sql`customer_id = ${q.customerId}`);
  if (q.ownerId !== undefined) conds.push(sql`owner_id = ${q.ownerId}`);
  if (q.appId) conds.push(sql`account_id = ${accountOfAppSql(q.appId, product)}`);
  return sql.join(conds, sql` and `);
}

export const smsAppsExport = appExport('sms');
export const voiceAppsExport = appExport('voice');

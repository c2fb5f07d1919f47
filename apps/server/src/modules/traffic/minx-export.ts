import { type MinxQuery, minxQuery, TrafficPerm } from '@portal/contracts/traffic';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { rowsOf } from '../../platform/db/index.js';
import { type Cell, defineExportSource } from '../../platform/exports/source.js';
import { minxWhere, rateOf } from './minx-plans.js';
import { planIdsOf, stepFiguresSql } from './minx-results.js';
import { requireRange } from './queries.js';
import { trafficMinxPlans as mp } from './schema.js';

const dialect = new PgDialect();
const text = (v: unknown): Cell => (v == null ? null : String(v));

/** one row per plan and step, newest plan first: the screen's figures over the same range, filters and scope */
function rowsSql(where: SQL | undefined, from: Date, to: Date): SQL {
  return sql`select p.id, p.account_id, p.customer_id, p.name, p.state, st.n, st.step ->> 'kind',
      (st.step ->> 'waitMinutes')::int, coalesce(fig.fell_back, '0'), coalesce(fig.sent, '0'),
      coalesce(fig.delivered, '0'), coalesce(fig.cost, '0.000000')
    from ${mp} p cross join lateral jsonb_array_elements(p.steps) with ordinality as st(step, n)
    left join (${stepFiguresSql(planIdsOf(where), from, to)}) fig on fig.plan_id = p.id and fig.step = st.n
    where p.id in (${planIdsOf(where)})
    order by p.id desc, st.n`;
}

const KIND: Record<string, { zh: string; en: string }> = {
  voice: { zh: '语音', en: 'Voice' },
  whatsapp: { zh: 'WhatsApp', en: 'WhatsApp' },
};
const STATE: Record<string, { zh: string; en: string }> = {
  active: { zh: '生效中', en: 'Active' },
  paused: { zh: '已暂停', en: 'Paused' },
};

export const minxExport = defineExportSource<MinxQuery>({
  key: 'traffic.minx-solutions',
  perm: TrafficPerm.MINX,
  query: minxQuery as never,
  title: { 'zh-CN': '混合方案', en: 'Mixed solutions' },
  columns: [
    { zh: '方案 ID', en: 'Plan id', width: 10 },
    { zh: '账户 ID', en: 'Account id', width: 10 },
    { zh: '客户 ID', en: 'Customer id', width: 10 },
    { zh: '方案名称', en: 'Name', width: 24 },
    { zh: '状态', en: 'State', width: 10 },
    { zh: '步骤', en: 'Step', width: 8 },
    { zh: '渠道', en: 'Channel', width: 12 },
    { zh: '等待 (分钟)', en: 'Wait (min)', width: 10 },
    { zh: '转入条数', en: 'Fell back', width: 10 },
    { zh: '已发送', en: 'Sent', width: 10 },
    { zh: '送达/接通', en: 'Delivered / answered', width: 14 },
    { zh: '成功率 (%)', en: 'Rate (%)', width: 10 },
    { zh: '费用', en: 'Cost', width: 14 },
  ],
  async count(db, auth, q) {
    requireRange(q);
    const [row] = rowsOf<{ n: string }>(
      await db.execute(
        sql`select count(*)::text as n from ${mp}, jsonb_array_elements(${mp.steps}) where ${minxWhere(auth, q) ?? sql`true`}`,
      ),
    );
    return Number(row?.n ?? 0);
  },
  select: (_db, auth, q) => {
    const r = requireRange(q);
    return dialect.sqlToQuery(rowsSql(minxWhere(auth, q), r.from, r.to));
  },
  cells: (row, locale) => {
    const lang = locale === 'en' ? 'en' : 'zh';
    return [
      Number(row[0]),
      Number(row[1]),
      Number(row[2]),
      text(row[3]),
      STATE[String(row[4])]?.[lang] ?? text(row[4]),
      Number(row[5]),
      KIND[String(row[6])]?.[lang] ?? text(row[6]),
      Number(row[7]),
      Number(row[8]),
      Number(row[9]),
      Number(row[10]),
      rateOf(Number(row[10]), Number(row[9])),
      text(row[11]),
    ];
  },
});

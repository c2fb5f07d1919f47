import { TrafficPerm, type UnmatchedQuery, unmatchedQuery, type unmatchedRow } from '@portal/contracts/traffic';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { type Db, rowsOf } from '../../platform/db/index.js';
import { defineExportSource, utcTimeCell } from '../../platform/exports/source.js';
import { requireRange } from './queries.js';

type Row = {
  kind: z.infer<typeof unmatchedRow>['kind'];
  message_id: string;
  part: number;
  state: string;
  error: string | null;
  dlr_at: Date | string;
  received_at: Date | string;
  supplier_message_id: string | null;
};

/**
 * The updates kept without their message, received in the range: SMS DLRs (our id + part not known)
 * and WhatsApp / mail state lines (our id not known), one list newest first; each side reads its
 * partial index on the unmatched rows by receipt time. An update leaves the list once its message
 * comes (it is applied and marked matched then).
 */
function unmatchedSql(q: Omit<UnmatchedQuery, 'page' | 'size'>): SQL {
  const r = requireRange(q);
  const where = (id: string) =>
    sql.join(
      [
        sql`not matched and received_at >= ${r.from} and received_at < ${r.to}`,
        q.id ? sql`${sql.identifier(id)} = ${q.id}` : undefined,
        q.state ? sql`state = ${q.state}` : undefined,
      ].filter((c): c is SQL => c !== undefined),
      sql` and `,
    );
  const dlrs = sql`select 'sms' as kind, message_id, part::int as part, state, error, dlr_at, received_at,
      supplier_message_id, id from traffic_dlrs where ${where('message_id')}`;
  const states = sql`select kind, record_id as message_id, 1 as part, state, error, state_at as dlr_at, received_at,
      null as supplier_message_id, id
      from traffic_message_states where ${where('record_id')}${q.kind ? sql` and kind = ${q.kind}` : sql``}`;
  return q.kind === 'sms' ? dlrs : q.kind ? states : sql`${dlrs} union all ${states}`;
}

const toRow = (x: Row): z.infer<typeof unmatchedRow> => ({
  kind: x.kind,
  messageId: x.message_id,
  part: Number(x.part),
  state: x.state,
  error: x.error,
  dlrAt: new Date(x.dlr_at).toISOString(),
  receivedAt: new Date(x.received_at).toISOString(),
  supplierMessageId: x.supplier_message_id,
});

/** the unmatched DLRs and state lines of a range, newest first, paged */
export async function unmatchedUpdates(db: Db, q: UnmatchedQuery) {
  const all = unmatchedSql(q);
  const [rows, [n]] = await Promise.all([
    db
      .execute(
        sql`select * from (${all}) u order by received_at desc, id desc limit ${q.size} offset ${(q.page - 1) * q.size}`,
      )
      .then((x) => rowsOf<Row>(x)),
    db.execute(sql`select count(*)::text as n from (${all}) u`).then((x) => rowsOf<{ n: string }>(x)),
  ]);
  return { records: rows.map(toRow), total: Number(n?.n ?? 0), page: q.page, size: q.size };
}

const dialect = new PgDialect();

/** the export of the unmatched list: its filters; ingestion admins only (no record owner to scope by) */
export const unmatchedExport = defineExportSource<UnmatchedQuery>({
  key: 'traffic.unmatched',
  perm: TrafficPerm.INGEST_ADMIN,
  query: unmatchedQuery as never,
  title: { 'zh-CN': '未匹配的回执与状态', en: 'Unmatched reports and states' },
  columns: [
    { zh: '接收时间 (UTC)', en: 'Received (UTC)', width: 20 },
    { zh: '类型', en: 'Kind', width: 10 },
    { zh: '消息 ID', en: 'Message id', width: 24 },
    { zh: '分段', en: 'Part', width: 8 },
    { zh: '状态', en: 'State', width: 14 },
    { zh: '错误码', en: 'Error', width: 10 },
    { zh: '状态时间 (UTC)', en: 'State time (UTC)', width: 20 },
    { zh: '供应商消息 ID', en: 'Supplier message id', width: 24 },
  ],
  async count(db, _auth, q) {
    const [n] = rowsOf<{ n: string }>(await db.execute(sql`select count(*)::text as n from (${unmatchedSql(q)}) u`));
    return Number(n?.n ?? 0);
  },
  select: (_db, _auth, q) =>
    dialect.sqlToQuery(sql`select received_at, kind, message_id, part, state, error, dlr_at, supplier_message_id
      from (${unmatchedSql(q)}) u order by received_at desc, id desc`),
  cells: (row) =>
    row.map((v, i) =>
      i === 0 || i === 6
        ? utcTimeCell(v instanceof Date ? v : v ? new Date(String(v)) : null)
        : v == null
          ? null
          : String(v),
    ),
});

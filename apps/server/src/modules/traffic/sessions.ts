import { type SessionQuery, type sessionPage, sessionQuery, TrafficPerm } from '@portal/contracts/traffic';
import { and, desc, eq, gte, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import type { AuthContext } from '../../platform/auth/context.js';
import type { Db } from '../../platform/db/index.js';
import { type Cell, defineExportSource, utcTimeCell } from '../../platform/exports/source.js';
import { bareNumber } from './ingest.js';
import { money6, pageWithTotals } from './pages.js';
import { requireRange } from './queries.js';
import { trafficMessages as t } from './schema.js';

/** the WhatsApp messages of a conversation in the filter (range rule first, data scope on the owner) */
function sessionWhere(auth: AuthContext, q: SessionQuery, r = requireRange(q)) {
  const party = q.party ? bareNumber(q.party) : undefined;
  return and(
    eq(t.kind, 'whatsapp'),
    isNotNull(t.conversationId),
    gte(t.at, r.from),
    lt(t.at, r.to),
    dataScopeWhere(auth, t.ownerId),
    q.accountId !== undefined ? eq(t.accountId, q.accountId) : undefined,
    q.customerId !== undefined ? eq(t.customerId, q.customerId) : undefined,
    party ? or(eq(t.sender, party), eq(t.recipient, party)) : undefined,
    q.conversationId ? eq(t.conversationId, q.conversationId) : undefined,
    q.category ? eq(t.category, q.category) : undefined,
  );
}

/** one row per conversation: its messages of the range summed, the latest active first */
function sessionSelect(db: Db, auth: AuthContext, q: SessionQuery) {
  const lastAt = sql<Date>`max(${t.at})`;
  return db
    .select({
      conversationId: sql<string>`${t.conversationId}`,
      accountId: t.accountId,
      customerId: t.customerId,
      from: sql<string>`min(${t.sender})`,
      to: sql<string>`min(${t.recipient})`,
      country: sql<string>`min(${t.country})`,
      category: sql<string | null>`(array_agg(${t.category} order by ${t.at}))[1]`,
      firstAt: sql<Date>`min(${t.at})`,
      lastAt,
      messages: sql<string>`count(*)`,
      delivered: sql<string>`count(*) filter (where ${t.state} in ('delivered', 'read'))`,
      read: sql<string>`count(*) filter (where ${t.state} = 'read')`,
      failed: sql<string>`count(*) filter (where ${t.state} = 'failed')`,
      revenue: sql<string>`sum(${t.price})`,
      cost: sql<string>`sum(${t.cost})`,
      currency: t.currency,
    })
    .from(t)
    .where(sessionWhere(auth, q))
    .groupBy(t.conversationId, t.accountId, t.customerId, t.currency)
    .orderBy(desc(lastAt), t.conversationId);
}

const iso = (v: unknown) => new Date(v as string | Date).toISOString();

/**
 * wa-session-record: the WhatsApp conversations (sessions) with messages in a range of at most 93
 * days, paged, with totals over the filter (sessions, messages, revenue, cost).
 */
export async function waSessions(db: Db, auth: AuthContext, q: SessionQuery): Promise<z.infer<typeof sessionPage>> {
  const [rows, [tot]] = await Promise.all([
    sessionSelect(db, auth, q)
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db
      .select({
        sessions: sql<string>`count(distinct ${t.conversationId})`,
        messages: sql<string>`count(*)`,
        revenue: sql<string>`coalesce(sum(${t.price}), 0)`,
        cost: sql<string>`coalesce(sum(${t.cost}), 0)`,
      })
      .from(t)
      .where(sessionWhere(auth, q)),
  ]);
  return pageWithTotals(
    rows.map((x) => ({
      ...x,
      firstAt: iso(x.firstAt),
      lastAt: iso(x.lastAt),
      messages: Number(x.messages),
      delivered: Number(x.delivered),
      read: Number(x.read),
      failed: Number(x.failed),
      revenue: money6(x.revenue),
      cost: money6(x.cost),
    })),
    tot,
    q,
    { counts: ['sessions', 'messages'], money: ['revenue', 'cost'] },
  );
}

const text = (v: unknown): Cell => (v == null ? null : String(v));

/** wa-session-record's export: the screen's filters, range rule and data scope */
export const waSessionsExport = defineExportSource<SessionQuery>({
  key: 'traffic.wa-sessions',
  perm: TrafficPerm.WA_SESSIONS,
  query: sessionQuery as never,
  title: { 'zh-CN': 'WhatsApp 会话记录', en: 'WhatsApp sessions' },
  columns: [
    { zh: '会话 ID', en: 'Conversation id', width: 20 },
    { zh: '账户 ID', en: 'Account id', width: 10 },
    { zh: '客户 ID', en: 'Customer id', width: 10 },
    { zh: '商家号码', en: 'Business number', width: 16 },
    { zh: '用户号码', en: 'Recipient', width: 16 },
    { zh: '国家', en: 'Country', width: 8 },
    { zh: '类别', en: 'Category', width: 14 },
    { zh: '开始时间 (UTC)', en: 'First message (UTC)', width: 20 },
    { zh: '最后时间 (UTC)', en: 'Last message (UTC)', width: 20 },
    { zh: '消息数', en: 'Messages', width: 10 },
    { zh: '已送达', en: 'Delivered', width: 10 },
    { zh: '已读', en: 'Read', width: 10 },
    { zh: '失败', en: 'Failed', width: 10 },
    { zh: '收入', en: 'Revenue', width: 12 },
    { zh: '成本', en: 'Cost', width: 12 },
    { zh: '币种', en: 'Currency', width: 8 },
  ],
  async count(db, auth, q) {
    const [row] = await db
      .select({ n: sql<string>`count(distinct (${t.conversationId}, ${t.accountId}, ${t.customerId}, ${t.currency}))` })
      .from(t)
      .where(sessionWhere(auth, q));
    return Number(row?.n ?? 0);
  },
  select: (db, auth, q) => sessionSelect(db, auth, q).toSQL(),
  cells: (row) =>
    row.map((v, i) =>
      i === 7 || i === 8 ? utcTimeCell(v instanceof Date ? v : v ? new Date(String(v)) : null) : text(v),
    ),
});

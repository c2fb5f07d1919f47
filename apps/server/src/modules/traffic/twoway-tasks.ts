import {
  type MessageQuery,
  type messagePage,
  REPLY_WINDOW_HOURS,
  type TwoWayTaskQuery,
  type twoWayTaskPage,
  type twoWayTaskRow,
} from '@portal/contracts/traffic';
import { Decimal } from 'decimal.js';
import { and, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { type Db, rowsOf } from '../../platform/db/index.js';
import { fail } from '../../platform/http/errors.js';
import { messageRecords } from './inquiry.js';
import { requireRange } from './queries.js';
import { trafficMessages as m, trafficSms as s, trafficTwoWayTasks as t } from './schema.js';

type Row = z.infer<typeof twoWayTaskRow>;
const REPLY_MS = REPLY_WINDOW_HOURS * 3_600_000;

/**
 * A task's figures, read from the records (nothing copied): the distinct numbers its account sent
 * to from its sender id in its window, and the MO messages to that sender id received from its start
 * until REPLY_WINDOW_HOURS after its end (the answers the handsets sent; the simulator links each to
 * the message it answers). Each reads the account's index within the day partitions of the window.
 */
export function tasksWithFiguresSql(where: SQL | undefined, page?: { limit: number; offset: number }): SQL {
  return sql`select ${t.id} as id, ${t.name} as name, ${t.accountId} as account_id,
        ${t.customerId} as customer_id, ${t.ownerId} as owner_id, ${t.senderId} as sender_id,
        ${t.startAt} as start_at, ${t.endAt} as end_at,
        (select count(distinct ${s.number}) from ${s} where ${s.accountId} = ${t.accountId}
          and ${s.senderId} = ${t.senderId} and ${s.submitAt} >= ${t.startAt} and ${s.submitAt} < ${t.endAt})::text as numbers,
        (select count(*) from ${m} where ${m.kind} = 'mo' and ${m.accountId} = ${t.accountId}
          and ${m.recipient} = ${t.senderId} and ${m.at} >= ${t.startAt}
          and ${m.at} < ${t.endAt} + make_interval(hours => ${REPLY_WINDOW_HOURS}))::text as replies
      from ${t} ${where ? sql`where ${where}` : sql``}
      order by ${t.startAt} desc, ${t.id} desc${page ? sql` limit ${page.limit} offset ${page.offset}` : sql``}`;
}

async function tasksWithFigures(db: Db, where: SQL | undefined, limit: number, offset: number, now: Date) {
  const rows = rowsOf<{
    id: number;
    name: string;
    account_id: number;
    customer_id: number;
    owner_id: number;
    sender_id: string;
    start_at: Date | string;
    end_at: Date | string;
    numbers: string;
    replies: string;
  }>(await db.execute(tasksWithFiguresSql(where, { limit, offset })));
  return rows.map((r): Row => {
    const numbers = Number(r.numbers);
    const replies = Number(r.replies);
    const endAt = new Date(r.end_at);
    return {
      id: r.id,
      name: r.name,
      accountId: r.account_id,
      customerId: r.customer_id,
      ownerId: r.owner_id,
      senderId: r.sender_id,
      startAt: new Date(r.start_at).toISOString(),
      endAt: endAt.toISOString(),
      state: endAt.getTime() > now.getTime() ? 'running' : 'finished',
      numbers,
      replies,
      replyRate: numbers ? new Decimal(replies).times(100).div(numbers).toFixed(2) : null,
    };
  });
}

/** the screen's range (on the start), filters and data scope; its export reads the same */
export function twoWayTaskWhere(auth: AuthContext, q: TwoWayTaskQuery, now: Date) {
  const r = requireRange(q);
  return and(
    gte(t.startAt, r.from),
    lt(t.startAt, r.to),
    dataScopeWhere(auth, t.ownerId),
    q.accountId !== undefined ? eq(t.accountId, q.accountId) : undefined,
    q.customerId !== undefined ? eq(t.customerId, q.customerId) : undefined,
    q.state === 'running' ? sql`${t.endAt} > ${now}` : q.state === 'finished' ? lte(t.endAt, now) : undefined,
  );
}

/** twowaytask: the two-way tasks that started in the range (required, at most 93 days), newest first, in my data scope */
export async function twoWayTasks(
  db: Db,
  auth: AuthContext,
  q: TwoWayTaskQuery,
  now: Date,
): Promise<z.infer<typeof twoWayTaskPage>> {
  const where = twoWayTaskWhere(auth, q, now);
  const [records, [tot]] = await Promise.all([
    tasksWithFigures(db, where, q.size, (q.page - 1) * q.size, now),
    db.select({ n: sql<string>`count(*)` }).from(t).where(where),
  ]);
  return { records, total: Number(tot?.n ?? 0), page: q.page, size: q.size };
}

/** one task in my data scope, with its figures (404 otherwise) */
export async function twoWayTask(db: Db, auth: AuthContext, id: number, now: Date): Promise<Row> {
  const [row] = await tasksWithFigures(db, and(eq(t.id, id), dataScopeWhere(auth, t.ownerId)), 1, 0, now);
  return row ?? fail('NOT_FOUND');
}

/** a task's replies: the MO records the figures count, newest first, through the sms-bidirectional view */
export async function twoWayTaskReplies(
  db: Db,
  auth: AuthContext,
  id: number,
  page: { page: number; size: number },
  now: Date,
): Promise<z.infer<typeof messagePage>> {
  const task = await twoWayTask(db, auth, id, now);
  const q: MessageQuery = {
    ...page,
    from: task.startAt,
    to: new Date(Date.parse(task.endAt) + REPLY_MS).toISOString(),
    accountId: task.accountId,
    party: task.senderId,
  };
  return messageRecords(db, auth, 'mo', q);
}

import {
  type CcRecordQuery,
  type ccRecordRow,
  VOICE_TASK_REQUEST_FROM,
  type VoiceTaskQuery,
  type VoiceTaskRequest,
  type VoiceTaskRequestFeed,
  type VoiceTaskRow,
} from '@portal/contracts/traffic';
import { and, asc, count, desc, eq, gte, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import type { AuthContext } from '../../platform/auth/context.js';
import type { Db } from '../../platform/db/index.js';
import { fail } from '../../platform/http/errors.js';
import { portOf } from '../../platform/ports.js';
import { decodeFeedCursor, encodeFeedCursor } from './outbox.js';
import { pageWithTotals } from './pages.js';
import { requireRange } from './queries.js';
import { trafficCc as c, trafficVoiceTasks as vt } from './schema.js';
import { requestPending } from './voice-lines.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** voiceCcRecord's filter, shared with its export (the range checked first) */
export function ccWhere(auth: AuthContext, q: Omit<CcRecordQuery, 'page' | 'size'>, r = requireRange(q)) {
  return and(
    gte(c.startAt, r.from),
    lt(c.startAt, r.to),
    dataScopeWhere(auth, c.ownerId),
    q.accountId !== undefined ? eq(c.accountId, q.accountId) : undefined,
    q.customerId !== undefined ? eq(c.customerId, q.customerId) : undefined,
    q.number ? eq(c.number, q.number.replace(/^\+/, '')) : undefined,
    q.callId ? eq(c.callId, q.callId) : undefined,
    q.seat ? eq(c.seat, q.seat) : undefined,
    q.queue ? eq(c.queue, q.queue) : undefined,
    q.direction ? eq(c.direction, q.direction) : undefined,
    q.result ? eq(c.result, q.result) : undefined,
  );
}

export const ccRow = (x: typeof c.$inferSelect): z.infer<typeof ccRecordRow> => ({
  startAt: x.startAt.toISOString(),
  callId: x.callId,
  accountId: x.accountId,
  customerId: x.customerId,
  ownerId: x.ownerId,
  direction: x.direction,
  queue: x.queue,
  seat: x.seat,
  agent: x.agent,
  number: x.number,
  line: x.line,
  answerAt: iso(x.answerAt),
  endAt: x.endAt.toISOString(),
  waitSeconds: x.waitSeconds,
  talkSeconds: x.talkSeconds,
  result: x.result as z.infer<typeof ccRecordRow>['result'],
  recording: x.recording,
});

/** voiceCcRecord: the call-centre calls started in the range, newest first, paged, with totals */
export async function ccRecords(db: Db, auth: AuthContext, q: CcRecordQuery) {
  const where = ccWhere(auth, q);
  const [rows, [tot]] = await Promise.all([
    db
      .select()
      .from(c)
      .where(where)
      .orderBy(desc(c.startAt), c.callId)
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db
      .select({
        calls: sql<string>`count(*)`,
        answered: sql<string>`count(${c.answerAt})`,
        waitSeconds: sql<string>`coalesce(sum(${c.waitSeconds}), 0)`,
        talkSeconds: sql<string>`coalesce(sum(${c.talkSeconds}), 0)`,
      })
      .from(c)
      .where(where),
  ]);
  return pageWithTotals(rows.map(ccRow), tot, q, {
    counts: ['calls', 'answered', 'waitSeconds', 'talkSeconds'],
    money: [],
  });
}

export const voiceTaskRow = (r: typeof vt.$inferSelect): VoiceTaskRow => ({
  id: r.id,
  taskId: r.platformId,
  name: r.name,
  accountId: r.accountId,
  customerId: r.customerId,
  ownerId: r.ownerId,
  caller: r.caller,
  numbers: r.numbers,
  attempted: r.attempted,
  answered: r.answered,
  startAt: r.startAt.toISOString(),
  endAt: r.endAt.toISOString(),
  state: r.state,
  stateAt: r.stateAt.toISOString(),
  request: r.request,
  requestedAt: iso(r.requestedAt),
  requestedBy: r.requestedBy,
  requestPending: requestPending(r),
  reportedAt: r.reportedAt.toISOString(),
});

/** voiceTaskManagement's filter (range on the campaign's start), shared with its export */
export function voiceTaskWhere(auth: AuthContext, q: Omit<VoiceTaskQuery, 'page' | 'size'>) {
  const r = requireRange(q);
  return and(
    gte(vt.startAt, r.from),
    lt(vt.startAt, r.to),
    dataScopeWhere(auth, vt.ownerId),
    q.accountId !== undefined ? eq(vt.accountId, q.accountId) : undefined,
    q.customerId !== undefined ? eq(vt.customerId, q.customerId) : undefined,
    q.state ? eq(vt.state, q.state) : undefined,
    q.taskId ? eq(vt.platformId, q.taskId) : undefined,
  );
}

/** voiceTaskManagement: the campaigns started in the range, latest start first, in my data scope */
export async function voiceTasks(db: Db, auth: AuthContext, q: VoiceTaskQuery) {
  const where = voiceTaskWhere(auth, q);
  const [rows, [tot]] = await Promise.all([
    db
      .select()
      .from(vt)
      .where(where)
      .orderBy(desc(vt.startAt), desc(vt.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(vt).where(where),
  ]);
  return { records: rows.map(voiceTaskRow), total: Number(tot?.n ?? 0), page: q.page, size: q.size };
}

/**
 * Staff ask the platform to pause, resume or cancel a campaign (in my data scope). Allowed only from
 * the states the request fits and not while the same request still waits for the platform; the row
 * keeps the request until the platform reports the state that carries it out.
 */
export async function requestVoiceTask(
  db: Db,
  auth: AuthContext,
  id: number,
  request: VoiceTaskRequest,
  now: Date,
): Promise<VoiceTaskRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(vt)
      .where(and(eq(vt.id, id), dataScopeWhere(auth, vt.ownerId)) as SQL)
      .for('update');
    if (!row) return fail('NOT_FOUND');
    const fits = (VOICE_TASK_REQUEST_FROM[request] as readonly string[]).includes(row.state);
    if (!fits || (row.request === request && requestPending(row)))
      return fail('TRF_VOICE_TASK_STATE', { vars: { value: row.platformId } });
    const [done] = await tx
      .update(vt)
      .set({ request, requestedAt: now, requestedBy: auth.userId })
      .where(eq(vt.id, id))
      .returning();
    return voiceTaskRow(done!);
  });
}

/** the requests staff made after the cursor, in the order they were made, for the platform to carry out */
export async function voiceTaskRequestFeed(
  db: Db,
  after: string | undefined,
  limit: number,
): Promise<VoiceTaskRequestFeed> {
  const from = after ? decodeFeedCursor(after) : undefined;
  const rows = await db
    .select({ id: vt.id, platformId: vt.platformId, accountId: vt.accountId, request: vt.request, at: vt.requestedAt })
    .from(vt)
    .where(
      and(isNotNull(vt.requestedBy), from ? sql`(${vt.requestedAt}, ${vt.id}) > (${from[0]}, ${from[1]})` : undefined),
    )
    .orderBy(asc(vt.requestedAt), asc(vt.id))
    .limit(limit);
  const accounts = (await portOf(db, 'accounts')?.byIds([...new Set(rows.map((r) => r.accountId))])) ?? new Map();
  const last = rows.at(-1);
  return {
    rows: rows.map((r) => ({
      taskId: r.platformId,
      account: accounts.get(r.accountId)?.code ?? `#${r.accountId}`,
      request: r.request!,
      requestedAt: r.at!.toISOString(),
    })),
    next: last ? encodeFeedCursor(last.at!, last.id, '') : (after ?? null),
  };
}

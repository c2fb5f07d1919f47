import {
  type IngestLine,
  MAX_RECALL_DAYS,
  type RecallTaskCreate,
  type RecallTaskQuery,
  type recallTaskPage,
  type recallTaskRow,
} from '@portal/contracts/traffic';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { sha256 } from '../../platform/auth/crypto.js';
import { type Db, rowsOf } from '../../platform/db/index.js';
import { fail } from '../../platform/http/errors.js';
import { portOf } from '../../platform/ports.js';
import { ingestBatch } from './ingest.js';
import { DAY_MS } from './partitions.js';
import { requireRange } from './queries.js';
import { trafficBlacklist as bl, trafficRecalls as rc, trafficSms as s, trafficRecallTasks as t } from './schema.js';

type Row = z.infer<typeof recallTaskRow>;
/** messages recalled a statement (progress is written after each) */
const CHUNK = 2000;
/** the platform resends this many recalled messages a simulator step */
const RESEND_STEP = 500;

/** the id the platform resends a recalled message under (deterministic, at most 41 characters) */
export const recallId = (messageId: string) => `R${sha256(messageId).slice(0, 40)}`;

/**
 * A new auto-recall task for an account I may see: the window lies in the past and spans at most
 * MAX_RECALL_DAYS, the other channel is a live SMS channel. Queued; the `traffic.recall` job runs it.
 */
export async function createRecallTask(db: Db, auth: AuthContext, input: RecallTaskCreate, now: Date): Promise<Row> {
  const from = new Date(input.from);
  const to = new Date(input.to);
  if (!(from < to) || to.getTime() > now.getTime() || to.getTime() - from.getTime() > MAX_RECALL_DAYS * DAY_MS)
    return fail('TRF_RECALL_WINDOW', { vars: { value: MAX_RECALL_DAYS } });
  const account = (await portOf(db, 'accounts')?.byIds([input.accountId]))?.get(input.accountId);
  const ownerId = account?.ownerId ?? 0;
  const scope = dataScopeWhere(auth, sql`${ownerId}::int`);
  const visible = !scope || rowsOf(await db.execute(sql`select 1 where ${scope}`)).length > 0;
  if (!account || !visible) return fail('TRF_ACCOUNT_UNKNOWN', { vars: { value: input.accountId } });
  const live = (await portOf(db, 'channels')?.live('sms')) ?? [];
  if (!live.some((c) => c.id === input.channelId))
    return fail('TRF_RECALL_CHANNEL_UNKNOWN', { vars: { value: input.channelId } });
  const [task] = await db
    .insert(t)
    .values({
      accountId: account.id,
      customerId: account.customerId,
      ownerId,
      fromAt: from,
      toAt: to,
      channelId: input.channelId,
      states: [...new Set(input.states)],
      createdBy: auth.userId,
      createdAt: now,
    })
    .returning({ id: t.id });
  return recallTask(db, auth, task!.id);
}

/**
 * Run a recall task: find the account's messages of the window with a part in a failed DLR state
 * (sent by a channel other than the task's) and recall each, in chunks, with progress. A number the
 * account's blacklist holds (it opted out since and did not opt back in) is not sent to again (decisions 0123, 0131). A message is
 * recalled at most once: `traffic_recalls` is keyed by our message id and the insert skips one
 * there already, so two runs at once (of this task or of overlapping ones) recall each message once.
 */
export async function runRecall(db: Db, taskId: number, now: Date): Promise<void> {
  const [task] = await db.select().from(t).where(eq(t.id, taskId));
  if (!task || task.state === 'done') return;
  if (task.state !== 'running') await db.update(t).set({ state: 'running', progress: 0 }).where(eq(t.id, taskId));
  const states = sql.join(
    task.states.map((x) => sql`${x}`),
    sql`, `,
  );
  const failed = rowsOf<{ message_id: string; submit_at: Date | string }>(
    await db.execute(sql`select ${s.messageId} as message_id, min(${s.submitAt}) as submit_at from ${s}
      where ${s.accountId} = ${task.accountId} and ${s.submitAt} >= ${task.fromAt} and ${s.submitAt} < ${task.toAt}
        and ${s.submitStatus} = 'accepted' and ${s.dlrState} in (${states}) and ${s.channelId} <> ${task.channelId}
        and not exists (select 1 from ${bl} where ${bl.accountId} = ${task.accountId} and ${bl.number} = ${s.number} and ${bl.removedAt} is null)
      group by 1 order by 2, 1`),
  );
  await db.update(t).set({ found: failed.length }).where(eq(t.id, taskId));
  for (let i = 0; i < failed.length; i += CHUNK) {
    const chunk = failed.slice(i, i + CHUNK);
    await db
      .insert(rc)
      .values(
        chunk.map((f) => ({
          messageId: f.message_id,
          taskId,
          submitAt: new Date(f.submit_at),
          newMessageId: recallId(f.message_id),
          createdAt: now,
        })),
      )
      .onConflictDoNothing({ target: rc.messageId });
    const progress = Math.floor(((i + chunk.length) * 100) / failed.length);
    await db.update(t).set({ progress }).where(eq(t.id, taskId));
  }
  await db.update(t).set({ state: 'done', progress: 100, finishedAt: now }).where(eq(t.id, taskId));
}

/**
 * The recall job (every minute): claims the queued tasks (one claimant each: the state moves from
 * queued to running in one statement) and runs them; one that throws shows `failed` (the recalls
 * it wrote stay, so a new task over the same window recalls only the rest).
 */
export async function runQueuedRecalls(db: Db, now: Date, log?: { warn: (o: object, m: string) => void }) {
  const claimed = await db
    .update(t)
    .set({ state: 'running', progress: 0 })
    .where(eq(t.state, 'queued'))
    .returning({ id: t.id });
  for (const { id } of claimed) {
    try {
      await runRecall(db, id, now);
    } catch (err) {
      log?.warn({ err, task: id }, 'traffic: recall task failed');
      await db.update(t).set({ state: 'failed', finishedAt: now }).where(eq(t.id, id));
    }
  }
  return claimed.length;
}

/**
 * The tasks with their figures from `traffic_recalls`: recalled, resent by the platform, and
 * delivered (the resend's own record, found by its id near the time it was resent).
 */
/** the tasks with their figures, newest first (the list pages it; the export reads it whole) */
export function recallTasksSql(where: SQL | undefined, page?: { limit: number; offset: number }): SQL {
  return sql`select ${t.id} as id, ${t.accountId} as account_id, ${t.customerId} as customer_id,
        ${t.ownerId} as owner_id, ${t.fromAt} as from_at, ${t.toAt} as to_at, ${t.channelId} as channel_id,
        ${t.states} as states, ${t.state} as state, ${t.found} as found, ${t.progress} as progress,
        ${t.createdBy} as created_by, ${t.createdAt} as created_at, ${t.finishedAt} as finished_at,
        (select count(*) from ${rc} where ${rc.taskId} = ${t.id})::text as recalled,
        (select count(*) from ${rc} where ${rc.taskId} = ${t.id} and ${rc.resentAt} is not null)::text as resent,
        (select count(distinct ${rc.messageId}) from ${rc} join ${s} on ${s.messageId} = ${rc.newMessageId}
            and ${s.submitAt} >= ${rc.resentAt} - interval '1 day' and ${s.submitAt} < ${rc.resentAt} + interval '1 day'
          where ${rc.taskId} = ${t.id} and ${s.dlrState} = 'delivered')::text as delivered
      from ${t} ${where ? sql`where ${where}` : sql``}
      order by ${t.createdAt} desc, ${t.id} desc${page ? sql` limit ${page.limit} offset ${page.offset}` : sql``}`;
}

async function tasksWithFigures(db: Db, where: SQL | undefined, limit: number, offset: number): Promise<Row[]> {
  const rows = rowsOf<{
    id: number;
    account_id: number;
    customer_id: number;
    owner_id: number;
    from_at: Date | string;
    to_at: Date | string;
    channel_id: number;
    states: string[];
    state: Row['state'];
    found: number;
    progress: number;
    created_by: number | null;
    created_at: Date | string;
    finished_at: Date | string | null;
    recalled: string;
    resent: string;
    delivered: string;
  }>(await db.execute(recallTasksSql(where, { limit, offset })));
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  return rows.map((r) => ({
    id: r.id,
    accountId: r.account_id,
    customerId: r.customer_id,
    ownerId: r.owner_id,
    from: iso(r.from_at)!,
    to: iso(r.to_at)!,
    channelId: r.channel_id,
    states: r.states,
    state: r.state,
    found: r.found,
    recalled: Number(r.recalled),
    resent: Number(r.resent),
    delivered: Number(r.delivered),
    progress: r.progress,
    createdBy: r.created_by,
    createdAt: iso(r.created_at)!,
    finishedAt: iso(r.finished_at),
  }));
}

/** the screen's range (on the creation), filters and data scope; its export reads the same */
export function recallTaskWhere(auth: AuthContext, q: RecallTaskQuery) {
  const r = requireRange(q);
  return and(
    gte(t.createdAt, r.from),
    lt(t.createdAt, r.to),
    dataScopeWhere(auth, t.ownerId),
    q.accountId !== undefined ? eq(t.accountId, q.accountId) : undefined,
    q.customerId !== undefined ? eq(t.customerId, q.customerId) : undefined,
    q.state ? eq(t.state, q.state) : undefined,
  );
}

/** auto-recall-task: the tasks created in the range (required, at most 93 days), newest first, in my data scope */
export async function recallTasks(
  db: Db,
  auth: AuthContext,
  q: RecallTaskQuery,
): Promise<z.infer<typeof recallTaskPage>> {
  const where = recallTaskWhere(auth, q);
  const [records, [tot]] = await Promise.all([
    tasksWithFigures(db, where, q.size, (q.page - 1) * q.size),
    db.select({ n: sql<string>`count(*)` }).from(t).where(where),
  ]);
  return { records, total: Number(tot?.n ?? 0), page: q.page, size: q.size };
}

export async function recallTask(db: Db, auth: AuthContext, id: number): Promise<Row> {
  const [row] = await tasksWithFigures(db, and(eq(t.id, id), dataScopeWhere(auth, t.ownerId)), 1, 0);
  return row ?? fail('NOT_FOUND');
}

/**
 * The messaging platform's side of a recall, as the demo simulator plays it: recalled messages not
 * yet resent go out again under their recall id by the task's channel, through the ingestion code
 * path (a submit per part and its DLR; most are delivered on the other channel).
 */
export async function resendRecalls(db: Db, now: Date): Promise<number> {
  const accountsPort = portOf(db, 'accounts');
  if (!accountsPort) return 0;
  const parts = rowsOf<{
    message_id: string;
    new_message_id: string;
    channel_id: number;
    account_id: number;
    part: number;
    parts: number;
    sender_id: string | null;
    number: string;
    country: string;
    network: string;
    content_hash: string | null;
  }>(
    await db.execute(sql`with due as (select * from ${rc} where ${rc.resentAt} is null order by ${rc.createdAt} limit ${RESEND_STEP})
      select due.message_id, due.new_message_id, ${t.channelId} as channel_id, ${s.accountId} as account_id,
        ${s.part} as part, ${s.parts} as parts, ${s.senderId} as sender_id, ${s.number} as number,
        ${s.country} as country, ${s.network} as network, ${s.contentHash} as content_hash
      from due join ${t} on ${t.id} = due.task_id
      join ${s} on ${s.messageId} = due.message_id and ${s.submitAt} >= due.submit_at and ${s.submitAt} < due.submit_at + interval '1 day'
      order by due.message_id, ${s.part}`),
  );
  if (parts.length === 0) return 0;
  const accounts = await accountsPort.byIds([...new Set(parts.map((p) => p.account_id))]);
  const submitAt = new Date(now.getTime() - 60_000).toISOString();
  const dlrAt = new Date(now.getTime() - 20_000).toISOString();
  const lines: IngestLine[] = [];
  for (const p of parts) {
    const account = accounts.get(p.account_id);
    if (!account) continue;
    lines.push({
      type: 'submit',
      messageId: p.new_message_id,
      part: p.part,
      parts: p.parts,
      account: account.code,
      ...(p.sender_id ? { senderId: p.sender_id } : {}),
      number: p.number,
      ...(p.country ? { country: p.country } : {}),
      ...(p.network ? { network: p.network } : {}),
      ...(p.content_hash ? { contentHash: p.content_hash } : {}),
      channelId: p.channel_id,
      submitAt,
      status: 'accepted',
    });
    // the other channel reaches most of them: a deterministic share by the message id
    const delivered = Number.parseInt(sha256(p.message_id).slice(0, 2), 16) < 218;
    lines.push({
      type: 'dlr',
      messageId: p.new_message_id,
      part: p.part,
      state: delivered ? 'delivered' : 'undeliverable',
      dlrAt,
      ...(delivered ? {} : { error: '001' }),
    });
  }
  if (lines.length) await ingestBatch(db, now, lines);
  const ids = [...new Set(parts.map((p) => p.message_id))];
  await db.execute(
    sql`update ${rc} set resent_at = ${now} where ${rc.messageId} in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) and ${rc.resentAt} is null`,
  );
  return ids.length;
}

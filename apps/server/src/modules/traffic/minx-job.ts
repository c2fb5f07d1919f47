import type { IngestLine } from '@portal/contracts/traffic';
import { eq, sql } from 'drizzle-orm';
import { sha256 } from '../../platform/auth/crypto.js';
import { type Db, rowsOf } from '../../platform/db/index.js';
import { portOf } from '../../platform/ports.js';
import { ingestBatch } from './ingest.js';
import { fallbackRecord } from './minx-results.js';
import {
  trafficBlacklist as bl,
  trafficMinxFallbacks as f,
  trafficMinxPlans as mp,
  trafficSms as s,
} from './schema.js';

/** the platform sends this many fallbacks a simulator step */
const SEND_STEP = 500;
/** a message is looked at until this long past its wait (a job that stopped that long misses some) */
const LOOKBACK = "interval '1 day'";

/** the id a message's fallback of a step goes out under (deterministic, 42 characters at most) */
export const fallbackId = (messageId: string, step: number) => `F${step}${sha256(messageId).slice(0, 40)}`;
const fallbackIdSql = (messageId: ReturnType<typeof sql>, step: number) =>
  sql`${`F${step}`} || left(encode(sha256(convert_to(${messageId}, 'UTF8')), 'hex'), 40)`;

/**
 * The fallback job (every minute, decision 0146). For each active plan: step 1 takes the account's SMS
 * messages sent since the plan became active, accepted, with no part delivered once the step's wait has
 * passed; step n takes the fallbacks of step n − 1 that the platform sent more than the step's wait ago and
 * that were not delivered (a call not answered). A number on the account's blacklist is not tried.
 * A message falls back at most once a step: (message id, step) is the key and the insert skips one there,
 * so two runs at once link each message once. Answers the fallbacks made.
 */
export async function runMinxFallbacks(db: Db, now: Date): Promise<number> {
  const plans = await db.select().from(mp).where(eq(mp.state, 'active'));
  let made = 0;
  for (const plan of plans) {
    for (const [i, step] of plan.steps.entries()) {
      const n = i + 1;
      const due = new Date(now.getTime() - step.waitMinutes * 60_000);
      const select =
        n === 1
          ? sql`select ${s.messageId}, ${n}, ${plan.id}, ${plan.accountId}, ${step.kind}, min(${s.number}),
                min(${s.submitAt}), ${fallbackIdSql(sql`${s.messageId}`, n)}, ${now}::timestamptz
              from ${s}
              where ${s.accountId} = ${plan.accountId} and ${s.submitAt} >= ${plan.activeFrom}
                and ${s.submitAt} >= ${due}::timestamptz - ${sql.raw(LOOKBACK)} and ${s.submitAt} < ${due}
                and ${s.submitStatus} = 'accepted'
                and not exists (select 1 from ${bl} where ${bl.accountId} = ${plan.accountId}
                  and ${bl.number} = ${s.number} and ${bl.removedAt} is null)
              group by ${s.messageId}
              having not bool_or(coalesce(${s.dlrState} = 'delivered', false))`
          : sql`select p.message_id, ${n}, ${plan.id}, ${plan.accountId}, ${step.kind}, p.number, p.submit_at,
                ${fallbackIdSql(sql`p.message_id`, n)}, ${now}::timestamptz
              from ${f} p
              where p.plan_id = ${plan.id} and p.step = ${n - 1} and p.sent_at is not null
                and p.sent_at < ${due} and p.sent_at >= ${due}::timestamptz - ${sql.raw(LOOKBACK)}
                and p.sent_at >= ${plan.activeFrom}
                and not coalesce((select r.ok from ${fallbackRecord(sql`p`)} r), false)`;
      const res = await db.execute(sql`insert into ${f} (message_id, step, plan_id, account_id, kind, number,
          submit_at, new_id, created_at) ${select}
        on conflict (message_id, step) do nothing returning 1`);
      made += rowsOf(res).length;
    }
  }
  return made;
}

/**
 * The messaging platform's side, as the demo simulator plays it: fallbacks not yet sent go out by their
 * step's channel under their own id through the ingestion code path — a call (most answered) or a
 * WhatsApp message (most delivered) — so their outcomes arrive as ordinary records.
 */
export async function sendMinxFallbacks(db: Db, now: Date): Promise<number> {
  const accountsPort = portOf(db, 'accounts');
  if (!accountsPort) return 0;
  const due = await db.select().from(f).where(sql`${f.sentAt} is null`).orderBy(f.createdAt).limit(SEND_STEP);
  if (!due.length) return 0;
  const accounts = await accountsPort.byIds([...new Set(due.map((d) => d.accountId))]);
  const channels = portOf(db, 'channels');
  const voice = (await channels?.live('voice'))?.[0]?.id ?? 0;
  const whatsapp = (await channels?.live('whatsapp'))?.[0]?.id ?? 0;
  const at = new Date(now.getTime() - 60_000).toISOString();
  const endAt = new Date(now.getTime() - 15_000).toISOString();
  const lines: IngestLine[] = [];
  for (const d of due) {
    const account = accounts.get(d.accountId);
    if (!account) continue;
    // a deterministic share reaches the recipient: by the fallback's id
    const reached = Number.parseInt(sha256(d.newId).slice(0, 2), 16) < 190;
    if (d.kind === 'voice')
      lines.push({
        type: 'cdr',
        callId: d.newId,
        account: account.code,
        caller: '4000000000',
        callee: d.number,
        channelId: voice,
        setupAt: at,
        ...(reached ? { answerAt: new Date(now.getTime() - 45_000).toISOString(), billedDuration: 30 } : {}),
        endAt,
        sipCode: reached ? 200 : 480,
      });
    else
      lines.push({
        type: 'message',
        kind: 'whatsapp',
        id: d.newId,
        account: account.code,
        from: '4000000001',
        to: d.number,
        channelId: whatsapp,
        at,
        state: reached ? 'delivered' : 'failed',
        stateAt: endAt,
        category: 'utility',
        ...(reached ? {} : { error: '131026' }),
      });
  }
  if (lines.length) await ingestBatch(db, now, lines);
  await db.execute(
    sql`update ${f} set sent_at = ${now} where (message_id, step) in (${sql.join(
      due.map((d) => sql`(${d.messageId}, ${d.step})`),
      sql`, `,
    )}) and sent_at is null`,
  );
  return due.length;
}

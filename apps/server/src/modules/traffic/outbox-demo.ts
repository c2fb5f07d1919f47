import type { IngestLine } from '@portal/contracts/traffic';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { portOf } from '../../platform/ports.js';
import { ingestBatch } from './ingest.js';
import { ackReplies, approvedReplies } from './outbox.js';
import { trafficAppointments as ap } from './schema.js';
import { channelPicker, planBatchSends } from './simulator.js';

/** replies the demo platform sends in one simulator step */
const STEP = 200;
/** scheduled batches it sends in one step (each is up to thousands of messages) */
const DUE_STEP = 20;
/** lines of a batch's messages per ingestion call */
const SEND_LINES = 5000;
/**
 * lines one step starts batches for: once reached, the batches still due wait for the next step
 * (oldest first), so a morning of large bookings is spread over minutes instead of one burst
 */
const STEP_LINES = 40_000;

/**
 * The messaging platform's side of the outbox as the demo simulator plays it (decision 0123): it reads
 * the approved replies through the same calls the API answers, sends each from the sender id the MO came
 * to (a submit and its DLR through the ingestion path) and acknowledges them with the message ids.
 */
export async function sendApprovedReplies(db: Db, now: Date): Promise<number> {
  const replies = await approvedReplies(db, STEP);
  if (replies.length === 0) return 0;
  const submitAt = new Date(now.getTime() - 30_000).toISOString();
  const dlrAt = new Date(now.getTime() - 20_000).toISOString();
  const lines: IngestLine[] = [];
  const sent: { id: number; messageId: string }[] = [];
  for (const r of replies) {
    const messageId = `RP${r.id.toString(36)}${r.moId.slice(-6)}`;
    lines.push({
      type: 'submit',
      messageId,
      part: 1,
      parts: 1,
      account: r.account,
      senderId: r.senderId,
      number: r.number,
      ...(/^[A-Z]{2}$/.test(r.country) ? { country: r.country } : {}),
      ...(r.channelId > 0 ? { channelId: r.channelId } : {}),
      content: r.text,
      submitAt,
      status: 'accepted',
    });
    lines.push({ type: 'dlr', messageId, part: 1, state: 'delivered', dlrAt });
    sent.push({ id: r.id, messageId });
  }
  const res = await ingestBatch(db, now, lines);
  // reply k's submit is line 2k: a refused submit is not acknowledged and stays in the outbox
  const refused = new Set(res.lines.filter((l) => l.result === 'error').map((l) => l.line - 1));
  const acked = sent.filter((_, k) => !refused.has(2 * k));
  await ackReplies(db, now, acked);
  return acked.length;
}

/**
 * The scheduled sends that fell due go out, as the demo platform reports them through the ingestion
 * path (`schedule` lines, state `sent` at the scheduled time; decision 0124), each with its messages,
 * whose records carry the batch id (decision 0131). The platform keeps its own bookings; the demo
 * reads ours in their place. A cancelled one is not waiting, so it is not sent.
 */
export async function sendDueAppointments(db: Db, now: Date, stepLines = STEP_LINES): Promise<number> {
  const due = await db
    .select()
    .from(ap)
    .where(and(eq(ap.state, 'waiting'), lte(ap.scheduledAt, now)))
    .orderBy(asc(ap.scheduledAt))
    .limit(DUE_STEP);
  if (due.length === 0) return 0;
  const accounts = (await portOf(db, 'accounts')?.byIds([...new Set(due.map((d) => d.accountId))])) ?? new Map();
  const pick = await channelPicker(db);
  let stored = 0;
  let lines = 0;
  for (const d of due) {
    if (lines >= stepLines) break;
    const account = accounts.get(d.accountId);
    if (!account) continue;
    const at = d.scheduledAt.toISOString();
    const chunks = planBatchSends(
      {
        batchId: d.batchId,
        account: account.code,
        accountId: d.accountId,
        senderId: d.senderId,
        numbers: d.numbers,
        segments: d.segments,
      },
      d.scheduledAt,
      pick,
      SEND_LINES,
    );
    // the messages first, the batch's report last: a batch reported sent has its records
    for (const sends of chunks) {
      await ingestBatch(db, now, sends);
      lines += sends.length;
    }
    const res = await ingestBatch(db, now, [
      {
        type: 'schedule' as const,
        batchId: d.batchId,
        account: account.code,
        senderId: d.senderId,
        numbers: d.numbers,
        segments: d.segments,
        scheduledAt: at,
        state: 'sent' as const,
        stateAt: at,
      },
    ]);
    stored += res.stored;
  }
  return stored;
}

import { SENDER_ID_REMIND_DAYS } from '@portal/contracts/srm/channels';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db/index.js';
import { appendRecordEvents } from '../../../platform/history/service.js';
import { templated } from '../../../platform/i18n/message-templates.js';
import type { Platform } from '../../../platform/platform.js';
import './messages.js';

export const SENDER_ID_JOB = 'srm.sender-id-expiry';
const DAY = 86_400_000;

/**
 * Approved sender ids whose expiry is at most SENDER_ID_REMIND_DAYS away: their registrant is told
 * once per expiry date (`reminded_for`, claimed under SKIP LOCKED so two workers never remind
 * twice). Those past their date become expired. Dates are the app clock's UTC days.
 */
export async function runSenderIdExpiry(p: Platform): Promise<{ reminded: number; expired: number }> {
  const now = p.clock.now();
  const today = now.toISOString().slice(0, 10);
  const horizon = new Date(now.getTime() + SENDER_ID_REMIND_DAYS * DAY).toISOString().slice(0, 10);
  // messages are sent after the commit (the notifier writes with its own connection)
  const { due, expired } = await p.db.transaction(async (tx) => {
    const expired = rowsOf<{ id: number }>(
      await tx.execute(sql`update srm_sender_ids set state = 'expired', version = version + 1
        where state = 'approved' and expires_on < ${today} returning id`),
    );
    await appendRecordEvents(
      tx,
      expired.map((e) => ({
        entity: 'srm.senderId',
        recordId: e.id,
        actorId: null,
        kind: 'state',
        changes: [{ field: 'state', from: 'approved', to: 'expired' }],
      })),
      now,
    );
    const due = rowsOf<{
      id: number;
      sender_id: string;
      country: string;
      expires_on: string;
      created_by: number | null;
    }>(
      await tx.execute(sql`update srm_sender_ids s set reminded_for = s.expires_on
        from (select id from srm_sender_ids
              where state = 'approved' and expires_on <= ${horizon} and expires_on >= ${today}
                and (reminded_for is null or reminded_for <> expires_on)
              order by expires_on for update skip locked) d
        where s.id = d.id
        returning s.id, s.sender_id, s.country, s.expires_on::text as expires_on, s.created_by`),
    );
    return { due, expired: expired.length };
  });
  for (const r of due) {
    if (r.created_by === null) continue;
    await p.notifier.send({
      userIds: [r.created_by],
      type: 'system',
      ...templated('srm.senderIdExpiring', { senderId: r.sender_id, country: r.country, on: r.expires_on }),
      link: `/businessInquiry/channel/sender-id?keyword=${encodeURIComponent(r.sender_id)}`,
      source: { kind: 'srm.senderId', id: String(r.id) },
    });
  }
  return { reminded: due.length, expired };
}

export function defineSenderIdJobs(p: Platform) {
  p.jobs.define(
    SENDER_ID_JOB,
    async () => {
      await runSenderIdExpiry(p);
    },
    { retryLimit: 2 },
  );
}

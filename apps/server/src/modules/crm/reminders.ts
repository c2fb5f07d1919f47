import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/index.js';
import { templated } from '../../platform/i18n/message-templates.js';
import type { Notification } from '../../platform/notify.js';
import type { Platform } from '../../platform/platform.js';
import './messages.js';

export const REMIND_JOB = 'crm.follow-up-reminders';
const BATCH = 200;

/**
 * Owners of private customers whose next contact time has come are told once per next contact
 * time: the customer is claimed under SKIP LOCKED (two workers never remind twice) and
 * `reminded_for` keeps the time reminded; a new follow-up with a new time re-arms it.
 */
export async function remindDueFollowUps(p: Platform): Promise<number> {
  let total = 0;
  for (;;) {
    const now = p.clock.now();
    const due = await p.db.transaction(async (tx) =>
      rowsOf<{ id: number; code: string; name: string; owner_id: number; next_contact_at: string | Date }>(
        await tx.execute(sql`update crm_customers c set reminded_for = c.next_contact_at
          from (select id from crm_customers
                where next_contact_at <= ${now} and owner_id is not null and state = 'private'
                  and (reminded_for is null or reminded_for <> next_contact_at)
                order by next_contact_at limit ${BATCH} for update skip locked) d
          where c.id = d.id
          returning c.id, c.code, c.name, c.owner_id, c.next_contact_at`),
      ),
    );
    const notes: Notification[] = due.map((c) => ({
      userIds: [c.owner_id],
      type: 'system',
      ...templated('crm.followUpDue', {
        name: c.name,
        code: c.code,
        at: new Date(c.next_contact_at).toISOString().slice(0, 16).replace('T', ' '),
      }),
      link: `/crm/customer/detail?id=${c.id}`,
      source: { kind: 'crm.customer', id: String(c.id) },
    }));
    for (const n of notes) await p.notifier.send(n);
    total += due.length;
    if (due.length < BATCH) return total;
  }
}

export function defineCrmJobs(p: Platform) {
  p.jobs.define(
    REMIND_JOB,
    async () => {
      await remindDueFollowUps(p);
    },
    { retryLimit: 2 },
  );
}

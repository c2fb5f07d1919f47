import { CrmTopics } from '@portal/contracts/crm';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/index.js';
import { appendRecordEvents, type NewRecordEvent } from '../../platform/history/service.js';
import type { Platform } from '../../platform/platform.js';
import { crmCustomers } from './schema.js';

/**
 * The topic the traffic room publishes with a customer id when one of its accounts has paid traffic
 * posted: the customer is then dealt (never typed by hand; a dealt customer never returns to the
 * open sea).
 */
export const CUSTOMER_DEALT = CrmTopics.CUSTOMER_DEALT;

/** the deal event's reason in the customer's history (account tracking counts it) */
export const DEAL_REASON = 'paid_traffic';

/** The deal's `state` entry in a customer's history (actor: the system); the demo seed writes the same. */
export const dealEvent = (customerId: number) =>
  ({
    entity: 'crm.customer',
    recordId: String(customerId),
    actorId: null,
    kind: 'state',
    changes: [{ field: 'dealt', from: false, to: true }],
    data: { reason: DEAL_REASON },
  }) satisfies NewRecordEvent;

/** Marks a customer dealt once, with a `state` entry in its history (actor: the system). */
export async function markCustomerDealt(db: Db, clock: Clock, customerId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(crmCustomers)
      .set({ dealt: true })
      .where(and(eq(crmCustomers.id, customerId), eq(crmCustomers.dealt, false)))
      .returning({ id: crmCustomers.id });
    if (!row) return false;
    await appendRecordEvents(tx, [dealEvent(customerId)], clock);
    return true;
  });
}

export function subscribeDeals(p: Platform) {
  p.bus.subscribe(CUSTOMER_DEALT, (id) => {
    const n = Number(id);
    if (!Number.isInteger(n) || n <= 0) return;
    markCustomerDealt(p.db, p.clock, n).catch((err) => p.log.error({ err, id }, 'marking a customer dealt failed'));
  });
}

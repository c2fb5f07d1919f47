import { eq, sql } from 'drizzle-orm';
import type { Platform } from '../../platform/platform.js';
import { crmCustomers } from './schema.js';

/**
 * The topic the mail room publishes with a customer id when the customer's owner sent a mail to it:
 * a touch, like a follow-up, moves the customer's last contact (so the open-sea clock starts again)
 * but writes no follow-up entry (the mail is on the customer's mails tab) and leaves the next contact.
 */
export const CUSTOMER_TOUCHED = 'crm.customer.touched';

export function subscribeTouches(p: Platform) {
  p.bus.subscribe(CUSTOMER_TOUCHED, (id) => {
    const n = Number(id);
    if (!Number.isInteger(n) || n <= 0) return;
    const now = p.clock.now();
    p.db
      .update(crmCustomers)
      .set({ lastContactAt: sql`greatest(${crmCustomers.lastContactAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(crmCustomers.id, n))
      .catch((err) => p.log.error({ err, id }, 'a customer touch failed'));
  });
}

import type { CustomerStatistics } from '@portal/contracts/crm';
import { sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context.js';
import type { Clock } from '../../platform/clock.js';
import { type DbOrTx, rowsOf } from '../../platform/db/index.js';

/** Midnight of the clock's day and of the next, in the server's time zone. */
function today(clock: Clock): [Date, Date] {
  const start = clock.now();
  start.setHours(0, 0, 0, 0);
  const end = new Date(start);
  end.setDate(end.getDate() + 1);
  return [start, end];
}

/** The caller's customer figures: own private customers, today's new ones, deals, contacts due; the open sea. */
export async function customerStatistics(db: DbOrTx, clock: Clock, auth: AuthContext): Promise<CustomerStatistics> {
  const [start, end] = today(clock);
  const [mine] = rowsOf<Record<string, string | number>>(
    await db.execute(sql`select
        count(*) as my_customer,
        count(*) filter (where owned_at >= ${start} and owned_at < ${end}) as today_customer,
        count(*) filter (where dealt) as dealt,
        count(*) filter (where next_contact_at < ${end}) as contact_due
      from crm_customers where owner_id = ${auth.userId} and state = 'private'`),
  );
  const [pool] = rowsOf<{ n: string | number }>(
    await db.execute(sql`select count(*) as n from crm_customers where state = 'open_sea'`),
  );
  return {
    myCustomer: Number(mine?.my_customer ?? 0),
    todayCustomer: Number(mine?.today_customer ?? 0),
    dealt: Number(mine?.dealt ?? 0),
    contactDueToday: Number(mine?.contact_due ?? 0),
    openSea: Number(pool?.n ?? 0),
  };
}

import type { PaymentMethodUsage } from '@portal/contracts/srm';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { rowsOf } from '../../platform/db/index.js';
import { dictWithItems } from '../../platform/dict/service.js';

/** The payment-method dictionary's items (edited in the purchasing dictionary) with their use by suppliers. */
export async function paymentMethods(db: Db): Promise<PaymentMethodUsage[]> {
  const { items } = await dictWithItems(db, 'purchase.payment_method');
  const used = rowsOf<{ value: string; n: number }>(
    await db.execute(sql`select payment_method as value, count(*)::int as n from srm_suppliers
      where payment_method is not null group by payment_method`),
  );
  const count = new Map(used.map((u) => [u.value, u.n]));
  return items.map((i) => ({
    value: i.value,
    zh: i.label,
    en: i.labelEn,
    enabled: i.enabled,
    suppliers: count.get(i.value) ?? 0,
  }));
}

import { SENT_PRODUCTS } from '@portal/contracts/traffic';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../platform/db/index.js';
import type { TrafficBilledVolume } from '../../platform/ports.js';

/**
 * An account's billable volume per product over the UTC days [from, to] (decision 0140), from the
 * daily rollup `traffic_daily`: the groups that were charged (revenue above zero), in the unit the
 * price is per — SMS parts (segments), voice billed minutes (billed seconds / 60), WhatsApp messages,
 * mails. Two-way answers received (`mo`) are not sold. Zero volumes are left out.
 */
export function billedVolumes(db: Db) {
  return async (q: { accountId: number; from: string; to: string }): Promise<TrafficBilledVolume[]> => {
    const rows = rowsOf<{ product: TrafficBilledVolume['product']; currency: string; units: string; revenue: string }>(
      await db.execute(sql`select product, currency,
          sum(case product when 'sms' then segments when 'voice' then seconds else count end)::text as units,
          sum(revenue)::text as revenue
        from traffic_daily
        where account_id = ${q.accountId} and day between ${q.from} and ${q.to} and revenue > 0
          and product in (${sql.join(
            SENT_PRODUCTS.map((p) => sql`${p}`),
            sql`, `,
          )})
        group by product, currency
        order by product, currency`),
    );
    return rows
      .map((r) => ({
        product: r.product,
        currency: r.currency,
        unit: UNIT[r.product],
        quantity: (r.product === 'voice' ? new Decimal(r.units).div(60) : new Decimal(r.units))
          .toDecimalPlaces(2)
          .toString(),
        revenue: r.revenue,
      }))
      .filter((v) => new Decimal(v.quantity).gt(0));
  };
}

const UNIT = { sms: 'part', voice: 'minute', whatsapp: 'message', email: 'mail' } as const;

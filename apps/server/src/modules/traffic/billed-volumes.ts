import { SENT_PRODUCTS } from '@portal/contracts/traffic';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../platform/db/index.js';
import type { BilledPeriod, TrafficBilledVolume } from '../../platform/ports.js';

/** periods a statement reads at most (4 parameters each, far below PostgreSQL's 65,535) */
const CHUNK = 2000;

/**
 * Accounts' billable volume per product over UTC days [from, to] (decisions 0140, 0149), from the
 * daily rollup `traffic_daily`: the groups that were charged (revenue above zero), in the unit the
 * price is per — SMS parts (segments), voice billed minutes (billed seconds / 60), WhatsApp messages,
 * mails. Two-way answers received (`mo`) are not sold. Zero volumes are left out. Many periods at
 * once (a delivery run's bills): one statement per 2,000 periods, the answers in the periods' order.
 */
export function billedVolumes(db: Db) {
  return async (periods: readonly BilledPeriod[]): Promise<TrafficBilledVolume[][]> => {
    const out: TrafficBilledVolume[][] = periods.map(() => []);
    for (let start = 0; start < periods.length; start += CHUNK) {
      const chunk = periods.slice(start, start + CHUNK);
      const asked = sql.join(
        chunk.map((q, i) => sql`(${start + i}::int, ${q.accountId}::int, ${q.from}::date, ${q.to}::date)`),
        sql`, `,
      );
      const rows = rowsOf<{
        i: number;
        product: TrafficBilledVolume['product'];
        currency: string;
        units: string;
        revenue: string;
      }>(
        await db.execute(sql`with q (i, account_id, day_from, day_to) as (values ${asked})
          select q.i, d.product, d.currency,
            sum(case d.product when 'sms' then d.segments when 'voice' then d.seconds else d.count end)::text as units,
            sum(d.revenue)::text as revenue
          from q join traffic_daily d
            on d.account_id = q.account_id and d.day between q.day_from and q.day_to and d.revenue > 0
              and d.product in (${sql.join(
                SENT_PRODUCTS.map((p) => sql`${p}`),
                sql`, `,
              )})
          group by q.i, d.product, d.currency
          order by q.i, d.product, d.currency`),
      );
      for (const r of rows) {
        const quantity = (r.product === 'voice' ? new Decimal(r.units).div(60) : new Decimal(r.units))
          .toDecimalPlaces(2)
          .toString();
        if (new Decimal(quantity).gt(0))
          out[Number(r.i)]!.push({
            product: r.product,
            currency: r.currency,
            unit: UNIT[r.product],
            quantity,
            revenue: r.revenue,
          });
      }
    }
    return out;
  };
}

const UNIT = { sms: 'part', voice: 'minute', whatsapp: 'message', email: 'mail' } as const;

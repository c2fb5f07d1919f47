import type { EntitySettleGenerated } from '@portal/contracts/finance';
import { Decimal } from 'decimal.js';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import { portOf } from '../../../platform/ports.js';
import { channelRefs, supplierRefs } from '../../srm/index.js';
import { dayOf } from '../ledger.js';
import { finAccounts } from '../schema.js';
import { finEntityAccounts, finEntitySettlementLines, finEntitySettlements } from './schema.js';

/** the products sent over a supplier's channel (two-way answers received, `mo`, cost nothing to settle) */
const PRODUCTS = ['sms', 'voice', 'whatsapp', 'email'] as const;

/** The first and last UTC day of a `YYYY-MM` period, and the first day after it. */
export function periodDays(period: string) {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1, 1));
  const next = new Date(Date.UTC(y, m, 1));
  return { first: dayOf(first), last: dayOf(new Date(next.getTime() - 86_400_000)), next: dayOf(next) };
}

/** the transfer price: cost plus the markup percent, 4 places, half away from zero */
export const withMarkup = (cost: Decimal, markupPct: string) =>
  cost.mul(new Decimal(markupPct).div(100).plus(1)).toDecimalPlaces(4, Decimal.ROUND_HALF_UP);

interface Line {
  day: string;
  product: string;
  country: string;
  count: number;
  seconds: number;
  cost: Decimal;
}

/**
 * Generates one period's entity settlement (decision 0119) from traffic's daily rollups, read through
 * the traffic port per day, account, channel and destination. A figure settles when its account's
 * entity (the buyer) and its channel's supplier's entity (the seller) are both known and differ; its
 * cost in each cost currency goes to the enabled settlement account of that seller, buyer and
 * currency, and pairs with no such account are answered as `unsettled`. Each settlement account's
 * period is one row with its day × product × destination lines; a row already confirmed is kept as
 * it is, the others are written anew (the proofreading starts over), and rows of the period no
 * longer backed by traffic are dropped. Run twice it writes the same figures: one transaction under
 * the period's advisory lock, so two runs at once follow each other.
 */
export async function generateEntitySettlement(db: Db, period: string, now: Date): Promise<EntitySettleGenerated> {
  const days = periodDays(period);
  if (days.next > dayOf(now)) throw new AppError('FIN_ENTITY_SETTLE_PERIOD', { vars: { value: period } });
  const traffic = portOf(db, 'traffic');
  if (!traffic) throw new AppError('FIN_ENTITY_SETTLE_NO_TRAFFIC');
  const figures = await traffic.byDay({
    from: new Date(`${days.first}T00:00:00Z`),
    to: new Date(`${days.last}T00:00:00Z`),
    products: [...PRODUCTS],
    byChannel: true,
    byCountry: true,
  });
  const accountIds = [...new Set(figures.map((f) => f.accountId))];
  const buyers = new Map(
    accountIds.length
      ? (
          await db
            .select({ id: finAccounts.id, entityId: finAccounts.entityId })
            .from(finAccounts)
            .where(inArray(finAccounts.id, accountIds))
        ).map((a) => [a.id, a.entityId])
      : [],
  );
  const channels = await channelRefs(db, [...new Set(figures.map((f) => f.channelId ?? 0).filter((c) => c > 0))]);
  const suppliers = await supplierRefs(db, [...new Set(channels.map((c) => c.supplierId))]);
  const sellers = new Map(channels.map((c) => [c.id, suppliers.get(c.supplierId)?.entityId ?? null]));
  const settleAccounts = await db.select().from(finEntityAccounts).where(eq(finEntityAccounts.enabled, true));
  const accountOf = new Map(settleAccounts.map((a) => [`${a.sellerEntityId}|${a.buyerEntityId}|${a.currency}`, a]));

  // settlement account → line key → line
  const groups = new Map<number, Map<string, Line>>();
  const unsettled = new Map<string, EntitySettleGenerated['unsettled'][number]>();
  for (const f of figures) {
    const buyer = buyers.get(f.accountId) ?? null;
    const seller = sellers.get(f.channelId ?? 0) ?? null;
    if (buyer === null || seller === null || buyer === seller) continue;
    for (const c of f.costs) {
      const key = `${seller}|${buyer}|${c.currency}`;
      const account = accountOf.get(key);
      if (!account) {
        unsettled.set(key, { sellerEntityId: seller, buyerEntityId: buyer, currency: c.currency });
        continue;
      }
      const lines = groups.get(account.id) ?? new Map<string, Line>();
      groups.set(account.id, lines);
      const country = f.country ?? '';
      const lk = `${f.day}|${f.product}|${country}`;
      const line = lines.get(lk) ?? {
        day: f.day,
        product: f.product,
        country,
        count: 0,
        seconds: 0,
        cost: new Decimal(0),
      };
      line.count += f.count;
      line.seconds += f.seconds ?? 0;
      line.cost = line.cost.plus(c.amount);
      lines.set(lk, line);
    }
  }

  const out: EntitySettleGenerated = { period, written: 0, kept: 0, dropped: 0, lines: 0, unsettled: [] };
  out.unsettled = [...unsettled.values()].sort(
    (a, b) =>
      a.sellerEntityId - b.sellerEntityId || a.buyerEntityId - b.buyerEntityId || a.currency.localeCompare(b.currency),
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`fin.entity-settle:${period}`}))`);
    const existing = new Map(
      (
        await tx
          .select({
            id: finEntitySettlements.id,
            accountId: finEntitySettlements.accountId,
            state: finEntitySettlements.state,
          })
          .from(finEntitySettlements)
          .where(eq(finEntitySettlements.period, period))
          .for('update')
      ).map((r) => [r.accountId, r]),
    );
    for (const [accountId, lines] of [...groups].sort(([a], [b]) => a - b)) {
      const had = existing.get(accountId);
      existing.delete(accountId);
      if (had?.state === 'confirmed') {
        out.kept++;
        continue;
      }
      const account = settleAccounts.find((a) => a.id === accountId)!;
      const rows = [...lines.values()]
        .sort(
          (a, b) =>
            a.day.localeCompare(b.day) || a.product.localeCompare(b.product) || a.country.localeCompare(b.country),
        )
        .map((l) => {
          const cost = l.cost.toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
          return { ...l, cost, amount: withMarkup(cost, account.markupPct) };
        });
      const sum = (pick: (r: (typeof rows)[number]) => Decimal) =>
        rows.reduce((s, r) => s.plus(pick(r)), new Decimal(0));
      const values = {
        sellerEntityId: account.sellerEntityId,
        buyerEntityId: account.buyerEntityId,
        currency: account.currency,
        count: rows.reduce((s, r) => s + r.count, 0),
        seconds: rows.reduce((s, r) => s + r.seconds, 0),
        cost: sum((r) => r.cost).toFixed(4),
        markupPct: account.markupPct,
        amount: sum((r) => r.amount).toFixed(4),
        lines: rows.length,
        state: 'pending' as const,
        sellerAmount: null,
        buyerAmount: null,
        note: null,
        generatedAt: now,
        confirmedAt: null,
      };
      let id: number;
      if (had) {
        id = had.id;
        await tx
          .update(finEntitySettlements)
          .set({ ...values, version: sql`${finEntitySettlements.version} + 1` })
          .where(eq(finEntitySettlements.id, id));
        await tx.delete(finEntitySettlementLines).where(eq(finEntitySettlementLines.settlementId, id));
      } else {
        const [row] = await tx
          .insert(finEntitySettlements)
          .values({ period, accountId, ...values })
          .returning({ id: finEntitySettlements.id });
        id = row!.id;
      }
      for (let k = 0; k < rows.length; k += 500)
        await tx.insert(finEntitySettlementLines).values(
          rows.slice(k, k + 500).map((r) => ({
            settlementId: id,
            accountId,
            period,
            day: r.day,
            product: r.product,
            country: r.country,
            currency: account.currency,
            count: r.count,
            seconds: r.seconds,
            cost: r.cost.toFixed(4),
            amount: r.amount.toFixed(4),
          })),
        );
      out.written++;
      out.lines += rows.length;
    }
    // what the traffic no longer backs (an account disabled, a rollup rebuilt): gone unless confirmed
    const stale = [...existing.values()].filter((r) => r.state !== 'confirmed').map((r) => r.id);
    out.kept += existing.size - stale.length;
    if (stale.length) {
      await tx.delete(finEntitySettlementLines).where(inArray(finEntitySettlementLines.settlementId, stale));
      await tx.delete(finEntitySettlements).where(and(inArray(finEntitySettlements.id, stale)));
      out.dropped = stale.length;
    }
  });
  return out;
}

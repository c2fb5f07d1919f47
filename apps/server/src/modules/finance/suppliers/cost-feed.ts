import { SUPPLIER_CHANNEL_PRODUCT, SUPPLIER_PRODUCTS, type SupplierProduct } from '@portal/contracts/finance';
import { Decimal } from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../../platform/db/index.js';
import type { Platform } from '../../../platform/platform.js';
import { portOf } from '../../../platform/ports.js';
import { channelRefs } from '../../srm/index.js';
import { dayOf } from '../ledger.js';
import { postSupplierEntry } from './ledger.js';
import { nextSupplierAccountCode } from './resources.js';
import { finSupplierAccounts, finSupplierEntries } from './schema.js';

export const SUPPLIER_COST_JOB = 'finance.supplier-costs';
/** days the daily run looks back: a late rollup of the week before is still posted (as its difference) */
export const SUPPLIER_COST_LOOKBACK_DAYS = 7;
const DAY = 86_400_000;
/** the feed's keys: `supplier-cost:{account}:{day}:{currency}`, its corrections `…:{n}` */
const keyPrefix = (accountId: number, day: string, currency: string) => `supplier-cost:${accountId}:${day}:${currency}`;

export interface CostFeedResult {
  /** false: the traffic port (or its `costByChannel`) is not mounted */
  ran: boolean;
  posted: number;
  opened: number;
  /** (account, day) pairs whose posted cost already equals the traffic's */
  unchanged: number;
}

/** minor units (2 decimals) of a decimal text, half away from zero */
const toMinor = (v: Decimal) => v.mul(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();

/** The supplier account of a supplier, product and currency; opened (no creator: the feed) when missing. */
async function accountOf(tx: Tx, supplierId: number, product: SupplierProduct, currency: string, at: Date) {
  const find = () =>
    tx
      .select({ id: finSupplierAccounts.id })
      .from(finSupplierAccounts)
      .where(
        and(
          eq(finSupplierAccounts.supplierId, supplierId),
          eq(finSupplierAccounts.product, product),
          eq(finSupplierAccounts.currency, currency),
        ),
      );
  const [have] = await find();
  if (have) return { id: have.id, opened: false };
  const inserted = await tx
    .insert(finSupplierAccounts)
    .values({ code: await nextSupplierAccountCode(tx), supplierId, product, currency, createdAt: at })
    .onConflictDoNothing()
    .returning({ id: finSupplierAccounts.id });
  if (inserted[0]) return { id: inserted[0].id, opened: true };
  const [raced] = await find();
  return { id: raced!.id, opened: false };
}

/**
 * The supplier cost feed (decision 0104): traffic's rated cost of the UTC days [from, to], read through
 * the traffic port, becomes `cost` entries on the supplier accounts — per supplier (the channel's, SRM's
 * refs), product, currency and day. What the feed posted for an (account, day) is summed and only the
 * difference is posted, as a new entry (the ledger is insert-only): the first under the key
 * `supplier-cost:{account}:{day}:{currency}`, each correction under that key and the number of entries
 * before it. Two runs at once compute the same key, so the second posts nothing; a cost that went down
 * is an `adjustment` (a `cost` entry is negative by the ledger's check).
 */
export async function feedSupplierCosts(db: Db, from: string, to: string, now: Date): Promise<CostFeedResult> {
  const traffic = portOf(db, 'traffic');
  if (!traffic?.costByChannel) return { ran: false, posted: 0, opened: 0, unchanged: 0 };
  const costs = await traffic.costByChannel({ from, to });
  const channels = new Map(
    (await channelRefs(db, [...new Set(costs.map((c) => c.channelId))])).map((c) => [c.id, c.supplierId]),
  );
  // supplier|product|currency → day → cost
  const groups = new Map<
    string,
    { supplierId: number; product: SupplierProduct; currency: string; days: Map<string, Decimal> }
  >();
  for (const c of costs) {
    const supplierId = channels.get(c.channelId);
    const product = SUPPLIER_PRODUCTS.find((p) => SUPPLIER_CHANNEL_PRODUCT[p] === c.product);
    if (supplierId === undefined || !product) continue;
    const k = `${supplierId}|${product}|${c.costCurrency}`;
    let g = groups.get(k);
    if (!g) {
      g = { supplierId, product, currency: c.costCurrency, days: new Map() };
      groups.set(k, g);
    }
    g.days.set(c.day, (g.days.get(c.day) ?? new Decimal(0)).plus(c.cost));
  }
  const out: CostFeedResult = { ran: true, posted: 0, opened: 0, unchanged: 0 };
  for (const g of groups.values()) {
    await db.transaction(async (tx) => {
      const account = await accountOf(tx, g.supplierId, g.product, g.currency, now);
      if (account.opened) out.opened++;
      const before = new Map(
        rowsOf<{ day: string; sum: string; n: number }>(
          await tx.execute(sql`select day::text as day, sum(amount)::text as sum, count(*)::int as n
            from ${finSupplierEntries}
            where supplier_account_id = ${account.id} and day >= ${from} and day <= ${to}
              and key like ${`supplier-cost:${account.id}:%`}
            group by day`),
        ).map((r) => [String(r.day), { sum: Number(r.sum), n: Number(r.n) }]),
      );
      for (const [day, cost] of [...g.days].sort(([a], [b]) => a.localeCompare(b))) {
        const target = -toMinor(cost);
        const had = before.get(day) ?? { sum: 0, n: 0 };
        const diff = target - had.sum;
        if (diff === 0) {
          out.unchanged++;
          continue;
        }
        const prefix = keyPrefix(account.id, day, g.currency);
        const r = await postSupplierEntry(tx, {
          supplierAccountId: account.id,
          kind: diff < 0 ? 'cost' : 'adjustment',
          amount: diff,
          currency: g.currency,
          day,
          key: had.n === 0 ? prefix : `${prefix}:${had.n}`,
          note:
            had.n === 0
              ? '流量成本 / traffic cost'
              : `流量成本更正（此前 ${had.n} 笔）/ traffic cost corrected (after ${had.n} entries)`,
          at: now,
        });
        if (r.posted) out.posted++;
      }
    });
  }
  return out;
}

/** The window of the daily run: the week before today (UTC), today left out (its rollups still grow). */
export function costFeedWindow(now: Date, days = SUPPLIER_COST_LOOKBACK_DAYS) {
  return { from: dayOf(new Date(now.getTime() - days * DAY)), to: dayOf(new Date(now.getTime() - DAY)) };
}

export function defineSupplierCostJob(p: Platform) {
  p.jobs.define(
    SUPPLIER_COST_JOB,
    async (data: { from?: string; to?: string }) => {
      const w = costFeedWindow(p.clock.now());
      const r = await feedSupplierCosts(p.db, data?.from ?? w.from, data?.to ?? w.to, p.clock.now());
      if (!r.ran) p.log.info('finance: supplier costs not posted, the traffic port is not mounted');
      else if (r.posted || r.opened) p.log.info(r, 'finance: supplier costs posted');
    },
    { retryLimit: 3 },
  );
}

import { ERP_DOC_META, type ErpDocType } from '@portal/contracts/finance';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../../platform/db/index.js';
import type { Platform } from '../../../platform/platform.js';
import { type BilledPeriod, portOf, type TrafficBilledVolume } from '../../../platform/ports.js';
import { customerFieldSql } from '../../crm/customer-refs.js';
import { supplierFieldSql } from '../../srm/index.js';
import { reference } from '../../system/reference/index.js';
import type { ErpLine } from './schema.js';

/** One source record a document is made of (a ledger entry or a bill). */
interface Source {
  key: string;
  day: string;
  counterpartId: number;
  counterpartCode: string;
  counterpartName: string;
  entityId: number | null;
  currency: string;
  /** decimal, or minor units where `minor` */
  amount: string;
  product: string | null;
  /** the line's quantity (bills: their counted messages / minutes); 1 for money movements */
  qty: string | null;
  /** a customer bill's account and first day: its traffic volumes are the lines (decision 0140) */
  accountId?: number;
  periodStart?: string;
}

interface SourceOf {
  counterpart: 'customer' | 'supplier';
  minor: boolean;
  query: (from: string, to: string) => ReturnType<typeof sql>;
}

const supplierCode = sql.join([supplierFieldSql(sql`a.supplier_id`, 'code'), sql` as "counterpartCode", `]);
const supplierName = sql.join([supplierFieldSql(sql`a.supplier_id`, 'name'), sql` as "counterpartName"`]);

/** The supplier ledger's entries of some kinds (and sign) as sources (`sup:<entry id>`). */
function supplierEntries(kinds: string[], sign: 'positive' | 'negative', from: string, to: string) {
  return sql`select 'sup:' || e.id as key, e.day::text as day, a.supplier_id as "counterpartId",
      ${supplierCode}${supplierName}, null::int as "entityId", e.currency,
      abs(e.amount)::text as amount, a.product, null as qty
    from fin_supplier_entries e
    join fin_supplier_accounts a on a.id = e.supplier_account_id
    where e.kind in (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )}) and ${sign === 'positive' ? sql`e.amount > 0` : sql`e.amount < 0`} and e.day between ${from} and ${to}
      and not exists (select 1 from fin_erp_documents d where d.source_key = 'sup:' || e.id)
    order by e.day, e.id`;
}

/**
 * What each document type is produced from (decisions 0118, 0127). Receipts: the customer ledger's
 * recharges and bill payments; refund receipts: its refunds; payment slips: the supplier ledger's
 * prepayments and payments; payment refunds: its negative adjustments (money a supplier returned —
 * the supplier-money application books a returned prepayment as a negative adjustment); purchase
 * receipts: confirmed supplier bills, dated the bill's last day (what we bought of the supplier in
 * its period); sales delivery orders: issued customer bills with an amount, dated their last day
 * (what we delivered to the account in the period).
 */
const SOURCES: Record<ErpDocType, SourceOf> = {
  receipt: {
    counterpart: 'customer',
    minor: false,
    query: (from, to) => customerEntries(['recharge', 'payment'], from, to),
  },
  'refund-receipt': {
    counterpart: 'customer',
    minor: false,
    query: (from, to) => customerEntries(['refund'], from, to),
  },
  'payment-slip': {
    counterpart: 'supplier',
    minor: true,
    query: (from, to) => supplierEntries(['prepayment', 'payment'], 'positive', from, to),
  },
  'payment-refund-slip': {
    counterpart: 'supplier',
    minor: true,
    query: (from, to) => supplierEntries(['adjustment'], 'negative', from, to),
  },
  'purchase-receipt': {
    counterpart: 'supplier',
    minor: true,
    query: (from, to) => sql`select 'sbill:' || a.id as key, a.period_to::text as day, a.supplier_id as "counterpartId",
        ${supplierCode}${supplierName}, null::int as "entityId", a.currency, a.their_amount::text as amount,
        a.product, (select sum(l.their_count)::text from fin_supplier_bill_lines l where l.bill_id = a.id) as qty
      from fin_supplier_bills a
      where a.state = 'confirmed' and a.their_amount > 0 and a.period_to between ${from} and ${to}
        and not exists (select 1 from fin_erp_documents d where d.source_key = 'sbill:' || a.id)
      order by a.period_to, a.id`,
  },
  'sales-delivery-order': {
    counterpart: 'customer',
    minor: false,
    query: (from, to) => sql`select 'bill:' || b.id as key, b.period_end::text as day, a.customer_id as "counterpartId",
        ${customerFieldSql(sql`a.customer_id`, 'code')} as "counterpartCode",
        ${customerFieldSql(sql`a.customer_id`, 'name')} as "counterpartName", a.entity_id as "entityId", b.currency,
        b.amount::text as amount, a.products[1] as product, null as qty, b.account_id as "accountId",
        b.period_start::text as "periodStart"
      from fin_bills b
      join fin_accounts a on a.id = b.account_id
      where b.state <> 'draft' and b.amount > 0 and b.period_end between ${from} and ${to}
        and not exists (select 1 from fin_erp_documents d where d.source_key = 'bill:' || b.id)
      order by b.period_end, b.id`,
  },
};

function customerEntries(kinds: string[], from: string, to: string) {
  return sql`select 'fin:' || e.id as key, e.day::text as day, a.customer_id as "counterpartId",
      ${customerFieldSql(sql`a.customer_id`, 'code')} as "counterpartCode",
      ${customerFieldSql(sql`a.customer_id`, 'name')} as "counterpartName", a.entity_id as "entityId", e.currency,
      abs(e.amount)::text as amount, a.products[1] as product, null as qty
    from fin_ledger_entries e
    join fin_accounts a on a.id = e.account_id
    where e.kind in (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )}) and e.day between ${from} and ${to}
      and not exists (select 1 from fin_erp_documents d where d.source_key = 'fin:' || e.id)
    order by e.day, e.id`;
}

/** What production reads besides the ledgers: the entities' codes, a currency's minor digits, traffic volumes. */
export interface ProduceDeps {
  db: Db;
  now: Date;
  entities(): Promise<{ id: number; code: string }[]>;
  digits(currency: string): Promise<number>;
  /**
   * accounts' billable volume per product over their periods, one list per period in its order (the
   * traffic port, one call a run; none without the room)
   */
  volumes(periods: BilledPeriod[]): Promise<TrafficBilledVolume[][]>;
}

/** Production's reads through the reference port (routes and the job). */
export const produceDeps = (p: Platform): ProduceDeps => ({
  db: p.db,
  now: p.clock.now(),
  entities: () => reference(p).entities(),
  digits: async (c) => (await reference(p).currencyOf(c))?.digits ?? 2,
  volumes: async (periods) => (await portOf(p.db, 'traffic')?.billedVolumes?.(periods)) ?? periods.map(() => []),
});

/** One document line: quantity, unit price = amount / quantity (4 decimals), the amount exact. */
const line = (material: string | null, qty: Decimal, amount: Decimal): ErpLine => ({
  material,
  qty: qty.toFixed(qty.isInteger() ? 0 : 2),
  price: amount.div(qty).toFixed(4),
  amount: amount.toFixed(4),
});

/**
 * The traffic volumes of the bills a sales-delivery run will make (decision 0140), read before its
 * transaction (PGlite has one connection): per source key, the account's billable volume per product
 * over the bill's period, through the traffic room's port — one call for all the run's bills (0149).
 */
async function billVolumes(deps: ProduceDeps, src: SourceOf, from: string, to: string) {
  const bills = rowsOf<Source>(await deps.db.execute(src.query(from, to))).filter((b) => b.accountId && b.periodStart);
  if (!bills.length) return new Map<string, TrafficBilledVolume[]>();
  const volumes = await deps.volumes(bills.map((b) => ({ accountId: b.accountId!, from: b.periodStart!, to: b.day })));
  return new Map(bills.map((b, i) => [b.key, volumes[i] ?? []]));
}

/**
 * A bill's lines from its traffic (decision 0140): one per product with a volume in the bill's
 * currency, the bill's amount shared by the products' rated revenue (the last line takes the rounding
 * rest, so the lines add up to the amount exactly); none when the period carried nothing billable.
 */
export function volumeLines(
  amount: Decimal,
  volumes: TrafficBilledVolume[],
  currency: string,
  materialOf: (product: string) => string | null,
): ErpLine[] {
  const mine = volumes.filter((v) => v.currency === currency && new Decimal(v.quantity).gt(0));
  if (!mine.length) return [];
  const revenue = mine.reduce((s, v) => s.plus(v.revenue), new Decimal(0));
  let rest = amount;
  return mine.map((v, i) => {
    const share =
      i === mine.length - 1
        ? rest
        : (revenue.gt(0) ? amount.times(v.revenue).div(revenue) : amount.div(mine.length)).toDecimalPlaces(4);
    rest = rest.minus(share);
    return line(materialOf(v.product), new Decimal(v.quantity), share);
  });
}

/** The next number of a type on a day: `SKD-20261130-0001` (the counter row is locked until commit). */
async function nextNumber(tx: Tx, type: ErpDocType, day: string) {
  const [row] = rowsOf<{ last: number }>(
    await tx.execute(sql`insert into fin_erp_doc_counters (type, day, last) values (${type}, ${day}, 1)
      on conflict (type, day) do update set last = fin_erp_doc_counters.last + 1 returning last`),
  );
  return `${ERP_DOC_META[type].prefix}-${day.replaceAll('-', '')}-${String(row!.last).padStart(4, '0')}`;
}

/**
 * Produces the draft documents of a type from its source entries of the days `from`..`to` that have
 * none yet. Idempotent: runs are serialized by a transaction lock per type, a source key makes one
 * document (unique), so concurrent or repeated runs over the same entries make each document once.
 */
export async function produceDocuments(deps: ProduceDeps, type: ErpDocType, from: string, to: string) {
  const src = SOURCES[type];
  // reference data is read outside the transaction (PGlite has one connection)
  const entities = new Map((await deps.entities()).map((e) => [e.id, e.code]));
  const digits = new Map(
    rowsOf<{ currency: string }>(
      await deps.db.execute(
        sql`select distinct currency from fin_supplier_entries where day between ${from} and ${to}
          union select distinct currency from fin_supplier_bills where period_to between ${from} and ${to}`,
      ),
    ).map((r) => [r.currency, 2]),
  );
  for (const c of digits.keys()) digits.set(c, await deps.digits(c));
  const volumes = type === 'sales-delivery-order' ? await billVolumes(deps, src, from, to) : undefined;
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('fin.erp.produce'), hashtext(${type}))`);
    const rows = rowsOf<Source>(await tx.execute(src.query(from, to)));
    const materials = new Map(
      rowsOf<{ product: string; code: string }>(
        await tx.execute(sql`select product, code from fin_erp_materials where is_default and enabled`),
      ).map((m) => [m.product, m.code]),
    );
    let created = 0;
    for (const r of rows) {
      let amount = new Decimal(r.amount);
      if (src.minor) {
        amount = amount.div(new Decimal(10).pow(digits.get(r.currency) ?? 2));
      }
      const product = r.product === 'vos' ? 'voice' : r.product === 'social' ? 'whatsapp' : r.product;
      let lines: ErpLine[];
      if (volumes) {
        // a bill read after the volumes were (a concurrent bill run): made by the next run
        const found = volumes.get(r.key);
        if (!found) continue;
        lines = volumeLines(amount, found, r.currency, (p) => materials.get(p) ?? null);
      } else lines = [];
      if (!lines.length) {
        // a bill's counted quantity when it has one; the unit price is then rounded, the amount exact
        const qty = r.qty && new Decimal(r.qty).gt(0) ? new Decimal(r.qty) : new Decimal(1);
        lines = [line((product && materials.get(product)) ?? null, qty, amount)];
      }
      const inserted = rowsOf<{ id: number }>(
        await tx.execute(sql`insert into fin_erp_documents (type, number, doc_date, counterpart_kind, counterpart_id,
            counterpart_code, counterpart_name, entity_code, currency, amount, lines, source_key, created_at)
          values (${type}, ${await nextNumber(tx, type, r.day)}, ${r.day},
            ${src.counterpart}, ${r.counterpartId}, ${r.counterpartCode}, ${r.counterpartName},
            ${r.entityId ? (entities.get(r.entityId) ?? null) : null}, ${r.currency}, ${amount.toFixed(4)},
            ${JSON.stringify(lines)}::jsonb, ${r.key}, ${deps.now.toISOString()})
          on conflict (source_key) do nothing returning id`),
      );
      created += inserted.length;
    }
    return { created };
  });
}

import { supplierOverdueResource } from '@portal/contracts/finance';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../../platform/db/index.js';
import { defineMessageTemplates, templated } from '../../../platform/i18n/message-templates.js';
import type { Platform } from '../../../platform/platform.js';
import { bindResource } from '../../../platform/resource/index.js';
import { supplierFieldSql } from '../../srm/index.js';
import { financeScope } from '../accounts.js';
import { dayOf } from '../ledger.js';
import { financeStaff } from '../recon.js';
import { overdueExemptSuppliers } from './control.js';
import { finSupplierOverdue } from './schema.js';

export const SUPPLIER_OVERDUE_JOB = 'finance.supplierOverdue';

defineMessageTemplates('finance', {
  supplierWarn: {
    title: { 'zh-CN': '供应商账单 {bill} 将于 {due} 到期', en: 'Supplier bill {bill} falls due on {due}' },
    content: {
      'zh-CN': '供应商 {supplier} 的账单 {bill} 尚未付清 {unpaid} {currency}，应付日 {due}。',
      en: 'Bill {bill} of {supplier} still owes {unpaid} {currency}; it is due on {due}.',
    },
  },
  supplierFloor: {
    title: {
      'zh-CN': '供应商账户 {account} 预付余额低于下限',
      en: 'Supplier account {account} is below its prepaid floor',
    },
    content: {
      'zh-CN':
        '供应商 {supplier} 的账户 {account} 余额 {balance} {currency}，低于下限 {floor} {currency}，请及时充值。',
      en: 'Account {account} of {supplier} holds {balance} {currency}, under its floor of {floor} {currency}: top it up.',
    },
  },
  supplierOverdue: {
    title: { 'zh-CN': '供应商账单 {bill} 已逾期', en: 'Supplier bill {bill} is overdue' },
    content: {
      'zh-CN': '供应商 {supplier} 的账单 {bill} 应付日 {due} 已过，仍有 {unpaid} {currency} 未付。',
      en: 'Bill {bill} of {supplier} was due on {due}; {unpaid} {currency} is still unpaid.',
    },
  },
});

export interface OverdueBill {
  bill_id: number;
  code: string;
  supplier_id: number;
  supplier: string | null;
  owner_id: number | null;
  currency: string;
  unpaid: string;
  due_day: string;
  warn_from: string;
  to_owner: boolean;
  to_finance: boolean;
}

/**
 * Confirmed bills not paid in full with the `supplier-control-set` row of their currency in force on
 * their period's last day: due that day plus `due days`, warned from `warn days` before (no warning
 * when it is 0). A currency without settings has no due day, so its bills are never flagged.
 */
async function candidates(db: DbOrTx, day: string) {
  return rowsOf<OverdueBill>(
    await db.execute(sql`
      select b.id as bill_id, b.code, b.supplier_id, b.currency, (b.their_amount - b.paid)::text as unpaid,
        ${supplierFieldSql(sql`b.supplier_id`, 'name')} as supplier,
        ${supplierFieldSql(sql`b.supplier_id`, 'owner_id')} as owner_id,
        to_char(b.period_to + s.due_days, 'YYYY-MM-DD') as due_day,
        to_char(b.period_to + s.due_days - s.warn_days, 'YYYY-MM-DD') as warn_from,
        s.to_owner, s.to_finance
      from fin_supplier_bills b
      join lateral (select due_days, warn_days, to_owner, to_finance from fin_supplier_control_set c
        where c.currency = b.currency and c.effective_from <= b.period_to
        order by c.effective_from desc limit 1) s on true
      where b.state = 'confirmed' and b.pay_state <> 'paid'
        and (b.period_to + s.due_days < ${day}::date
          or (s.warn_days > 0 and b.period_to + s.due_days - s.warn_days <= ${day}::date))
      order by b.id`),
  );
}

/** A step stamped for the first time: who is to be told of it. */
export interface SupplierOverdueStepTold {
  id: number;
  step: 'warn' | 'overdue';
  candidate: OverdueBill;
  userIds: number[];
}

export interface UnderFloor {
  account_id: number;
  code: string;
  supplier_id: number;
  supplier: string | null;
  owner_id: number | null;
  currency: string;
  balance: string;
  floor: string;
  to_owner: boolean;
  to_finance: boolean;
}
/** An account found under its floor for the first time (a new open row): who is to be told. */
export interface SupplierFloorTold {
  id: number;
  account: UnderFloor;
  userIds: number[];
}

/**
 * Prepaid supplier accounts (we have prepaid them: `prepaid` > 0) whose balance is under the
 * `balance floor` of the `supplier-control-set` row of their currency in force on `day`; a currency
 * without settings has no floor.
 */
async function underFloor(db: DbOrTx, day: string) {
  return rowsOf<UnderFloor>(
    await db.execute(sql`
      select a.id as account_id, a.code, a.supplier_id, a.currency, a.balance::text as balance, s.balance_floor::text as floor,
        ${supplierFieldSql(sql`a.supplier_id`, 'name')} as supplier,
        ${supplierFieldSql(sql`a.supplier_id`, 'owner_id')} as owner_id,
        s.to_owner, s.to_finance
      from fin_supplier_accounts a
      join lateral (select balance_floor, to_owner, to_finance from fin_supplier_control_set c
        where c.currency = a.currency and c.effective_from <= ${day}::date
        order by c.effective_from desc limit 1) s on true
      where a.prepaid > 0 and a.balance < s.balance_floor
      order by a.id`),
  );
}

/**
 * The floor half of the run (decision 0126): an account under its floor gets one open row (reason
 * `floor`, step `overdue`, found that day; the partial unique index makes a rerun or a concurrent run
 * add none); an open row whose account is back at or above the floor in force is settled.
 */
export async function markSupplierFloor(db: DbOrTx, day: string, now: Date): Promise<SupplierFloorTold[]> {
  const exempt = await overdueExemptSuppliers(db, day);
  const told: SupplierFloorTold[] = [];
  let staff: number[] | null = null;
  const under = await underFloor(db, day);
  for (const a of under) {
    if (exempt.has(Number(a.supplier_id))) continue;
    const [fresh] = rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into fin_supplier_overdue
          (reason, supplier_account_id, balance, floor, supplier_id, currency, due_day, step, overdue_at)
        values ('floor', ${a.account_id}, ${a.balance}, ${a.floor}, ${a.supplier_id}, ${a.currency}, ${day}, 'overdue', ${now})
        on conflict (supplier_account_id) where state = 'open' do nothing
        returning id`),
    );
    if (!fresh) continue;
    const userIds = new Set<number>();
    if (a.to_owner && a.owner_id !== null) userIds.add(Number(a.owner_id));
    if (a.to_finance) {
      staff = staff ?? (await financeStaff(db));
      for (const id of staff) userIds.add(id);
    }
    told.push({ id: Number(fresh.id), account: a, userIds: [...userIds] });
  }
  const still = under.map((a) => Number(a.account_id));
  await db.execute(sql`
    update fin_supplier_overdue o set state = 'settled', settled_at = ${now}, version = o.version + 1
    where o.reason = 'floor' and o.state = 'open'
      and not (o.supplier_account_id = any(${`{${still.join(',')}}`}::int[]))`);
  return told;
}

/**
 * Marks `day` (decision 0120): each confirmed, not fully paid bill of a supplier neither exempt nor
 * whitelisted that day is listed as falling due (from `warn days` before its due day) or overdue
 * (after it). Each step is stamped once per bill (a conditional upsert); only a first stamp is
 * answered, with the people the setting names (the supplier's owner, finance). Rows of bills paid
 * since are settled.
 */
export async function markSupplierOverdue(db: DbOrTx, day: string, now: Date): Promise<SupplierOverdueStepTold[]> {
  const exempt = await overdueExemptSuppliers(db, day);
  const told: SupplierOverdueStepTold[] = [];
  let staff: number[] | null = null;
  for (const c of await candidates(db, day)) {
    if (exempt.has(Number(c.supplier_id))) continue;
    const step = c.due_day < day ? 'overdue' : 'warn';
    const stamp = sql.raw(step === 'overdue' ? 'overdue_at' : 'warned_at');
    const [fresh] = rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into fin_supplier_overdue as o (bill_id, supplier_id, currency, due_day, step, ${stamp})
        values (${c.bill_id}, ${c.supplier_id}, ${c.currency}, ${c.due_day}, ${step}, ${now})
        on conflict (bill_id) do update set step = excluded.step, due_day = excluded.due_day,
          ${stamp} = excluded.${stamp}, version = o.version + 1
        where o.${stamp} is null
        returning o.id`),
    );
    if (!fresh) continue;
    const userIds = new Set<number>();
    if (c.to_owner && c.owner_id !== null) userIds.add(Number(c.owner_id));
    if (c.to_finance) {
      staff = staff ?? (await financeStaff(db));
      for (const id of staff) userIds.add(id);
    }
    told.push({ id: Number(fresh.id), step, candidate: c, userIds: [...userIds] });
  }
  await db.execute(sql`
    update fin_supplier_overdue o set state = 'settled', settled_at = ${now}, version = o.version + 1
    from fin_supplier_bills b where b.id = o.bill_id and o.state = 'open' and b.pay_state = 'paid'`);
  return told;
}

/**
 * The daily supplier-overdue run (job `finance.supplierOverdue`): marks the day, then tells each first
 * step through the message center (after it is stamped: a rerun never tells twice). Returns the steps.
 */
export async function runSupplierOverdue(p: Platform, day: string): Promise<SupplierOverdueStepTold[]> {
  const told = await markSupplierOverdue(p.db, day, p.clock.now());
  for (const { id, account: a, userIds } of await markSupplierFloor(p.db, day, p.clock.now())) {
    if (!userIds.length) continue;
    await p.notifier.send({
      userIds,
      type: 'alarm',
      ...templated('finance.supplierFloor', {
        account: a.code,
        supplier: a.supplier ?? '-',
        balance: (Number(a.balance) / 100).toFixed(2),
        floor: (Number(a.floor) / 100).toFixed(2),
        currency: a.currency,
      }),
      link: `/financial/supplier-control/overdue?id=${id}`,
      source: { kind: 'finance.supplier.floor', id: String(id) },
    });
  }
  for (const { id, step, candidate: c, userIds } of told) {
    if (!userIds.length) continue;
    await p.notifier.send({
      userIds,
      type: 'alarm',
      ...templated(step === 'overdue' ? 'finance.supplierOverdue' : 'finance.supplierWarn', {
        bill: c.code,
        supplier: c.supplier ?? '-',
        unpaid: (Number(c.unpaid) / 100).toFixed(2),
        currency: c.currency,
        due: c.due_day,
      }),
      link: `/financial/supplier-control/overdue?id=${id}`,
      source: { kind: `finance.supplier.${step}`, id: String(id) },
    });
  }
  return told;
}

export function defineSupplierOverdueJob(p: Platform) {
  p.jobs.define(
    SUPPLIER_OVERDUE_JOB,
    async (data: { day?: string }) => {
      const told = await runSupplierOverdue(p, data?.day ?? dayOf(p.clock.now()));
      if (told.length) p.log.info({ steps: told.length }, 'finance: supplier overdue steps told');
    },
    { retryLimit: 3 },
  );
}

const overdueBill = (field: string) =>
  sql.raw(`(select b.${field} from fin_supplier_bills b where b.id = "fin_supplier_overdue"."bill_id")`);

/** `supplier-control/overdue`: read only, scoped by the supplier's owner (finance staff: all). */
export const supplierOverdue = bindResource(supplierOverdueResource, {
  scopeOf: financeScope,
  table: finSupplierOverdue,
  columns: {
    billId: finSupplierOverdue.billId,
    billCode: overdueBill('code'),
    reason: finSupplierOverdue.reason,
    accountCode: sql`(select a.code from fin_supplier_accounts a where a.id = "fin_supplier_overdue"."supplier_account_id")`,
    balance: finSupplierOverdue.balance,
    floor: finSupplierOverdue.floor,
    supplierId: finSupplierOverdue.supplierId,
    supplierName: supplierFieldSql(sql`"fin_supplier_overdue"."supplier_id"`, 'name'),
    ownerId: supplierFieldSql(sql`"fin_supplier_overdue"."supplier_id"`, 'owner_id'),
    product: overdueBill('product'),
    currency: finSupplierOverdue.currency,
    periodTo: overdueBill('period_to'),
    dueDay: finSupplierOverdue.dueDay,
    step: finSupplierOverdue.step,
    theirAmount: overdueBill('their_amount'),
    paid: overdueBill('paid'),
    unpaid: overdueBill('their_amount - b.paid'),
    payState: overdueBill('pay_state'),
    warnedAt: finSupplierOverdue.warnedAt,
    overdueAt: finSupplierOverdue.overdueAt,
    state: finSupplierOverdue.state,
    settledAt: finSupplierOverdue.settledAt,
  },
});

import type { Readable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db/index.js';
import { XlsxWriter } from '../../platform/exports/xlsx.js';
import { portOf } from '../../platform/ports.js';

/** `YYYY-MM-DD` plus n days (UTC) */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The latest period of each cycle that closed before `day` (its last day is before `day`): the
 * previous calendar month; the 1st–15th or 16th–last; the Monday–Sunday week.
 */
export function closedPeriods(day: string): Record<'monthly' | 'semimonthly' | 'weekly', [string, string]> {
  const d = new Date(`${day}T00:00:00Z`);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const iso = (t: Date) => t.toISOString().slice(0, 10);
  const monthStart = iso(new Date(Date.UTC(y, m - 1, 1)));
  const monthEnd = iso(new Date(Date.UTC(y, m, 0)));
  const semi: [string, string] =
    d.getUTCDate() > 15
      ? [iso(new Date(Date.UTC(y, m, 1))), iso(new Date(Date.UTC(y, m, 15)))]
      : [iso(new Date(Date.UTC(y, m - 1, 16))), monthEnd];
  const weekday = (d.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const sunday = addDays(day, -(weekday + 1));
  return { monthly: [monthStart, monthEnd], semimonthly: semi, weekly: [addDays(sunday, -6), sunday] };
}

/**
 * The bill run (daily job `finance.bills`, and `POST /v2/fc/bill/run`): every postpaid account
 * (active or suspended) whose cycle's latest period closed before `day` and is not billed yet gets
 * a numbered bill of its consumption not billed before, through the period's last day; a period
 * without consumption gets none. One statement; the unique (account, period start) makes a second
 * or concurrent run a no-op. Returns how many bills were issued.
 */
export async function runBills(db: DbOrTx, day: string, now: Date): Promise<number> {
  const p = closedPeriods(day);
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      with periods(cycle, pstart, pend) as (values
        ('monthly', ${p.monthly[0]}::date, ${p.monthly[1]}::date),
        ('semimonthly', ${p.semimonthly[0]}::date, ${p.semimonthly[1]}::date),
        ('weekly', ${p.weekly[0]}::date, ${p.weekly[1]}::date)),
      -- materialized: each account's look-ups run once, not again wherever a later step names them
      acc as materialized (
        select a.id, a.currency, per.pstart, per.pend,
          coalesce(c.term_days, 15) as term_days, coalesce(c.grace_days, 5) as grace_days,
          -- the latest period's end (periods follow one another): one probe of the (account, start) index
          (select b.period_end from fin_bills b where b.account_id = a.id order by b.period_start desc limit 1) as last_end
        from fin_accounts a
        join periods per on per.cycle = a.bill_cycle
        left join lateral (select term_days, grace_days from fin_bill_cycles c
          where c.cycle = a.bill_cycle and c.effective_from <= per.pend
          order by c.effective_from desc limit 1) c on true
        where a.billing = 'postpaid' and a.state in ('active', 'suspended')
      ),
      due as materialized (
        select acc.*, coalesce(acc.last_end + 1, least(acc.pstart,
          (select min(e.day) from fin_ledger_entries e where e.account_id = acc.id and e.kind = 'consumption'))) as fstart
        from acc where acc.last_end is null or acc.last_end < acc.pend
      ),
      sums as (
        select due.*, coalesce((select -sum(e.amount) from fin_ledger_entries e
          where e.account_id = due.id and e.kind = 'consumption' and e.day between due.fstart and due.pend), 0) as amt
        from due
      )
      insert into fin_bills (code, account_id, period_start, period_end, amount, unpaid, currency, due_day,
        overdue_after, state, issued_at)
      select 'BL' || nextval('fin_bill_code_seq'), id, fstart, pend, amt, amt, currency, pend + term_days,
        pend + term_days + grace_days, 'issued', ${now}
      from sums where amt > 0
      on conflict (account_id, period_start) do nothing
      returning id`),
  );
  if (rows.length) await settleBills(db, day);
  return rows.length;
}

/**
 * What each bill still owes, from the account's balance: the balance without the consumption not
 * billed yet is what the billed periods still owe; payments settle the oldest bills first, so the
 * newest bills carry what is owed. States follow: paid, partly paid, overdue (past due + grace),
 * issued. Written-off bills are left as they are. `accountId`: one account (a payment's approval),
 * else every account with a bill. Returns how many bills changed.
 */
export async function settleBills(db: DbOrTx, day: string, accountId?: number): Promise<number> {
  const which = accountId === undefined ? sql`true` : sql`b.account_id = ${accountId}`;
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      with accts as (
        select a.id, a.balance - coalesce((select sum(e.amount) from fin_ledger_entries e
          where e.account_id = a.id and e.kind = 'consumption'
            and e.day > (select b2.period_end from fin_bills b2 where b2.account_id = a.id
              order by b2.period_start desc limit 1)), 0) as base
        from fin_accounts a
        where a.id in (select b.account_id from fin_bills b where ${which})
      ),
      alloc as (
        select b.id, b.amount, b.overdue_after, greatest(0, -accts.base) as owed,
          coalesce(sum(b.amount) over (partition by b.account_id order by b.period_end desc, b.id desc
            rows between unbounded preceding and 1 preceding), 0) as newer
        from fin_bills b join accts on accts.id = b.account_id
        where b.state <> 'written_off'
      ),
      next as (
        select id, least(amount, greatest(0, owed - newer)) as unpaid, amount, overdue_after from alloc
      ),
      states as (
        select id, unpaid, case
          when unpaid = 0 then 'paid'
          when overdue_after < ${day}::date then 'overdue'
          when unpaid < amount then 'partly_paid'
          else 'issued' end as state
        from next
      )
      update fin_bills b set unpaid = s.unpaid, state = s.state, version = b.version + 1
      from states s
      where b.id = s.id and (b.unpaid <> s.unpaid or b.state <> s.state)
      returning b.id`),
  );
  return rows.length;
}

export const STATEMENT_HEADERS = {
  'zh-CN': ['日期', '产品', '国家', '条数/通话', '成功', '金额', '币种'],
  en: ['Day', 'Product', 'Country', 'Messages / calls', 'Delivered', 'Amount', 'Currency'],
} as const;

export interface BillRow {
  id: number;
  code: string;
  accountId: number;
  periodStart: string;
  periodEnd: string;
  amount: string;
  currency: string;
}

/**
 * A bill's statement as XLSX: by day, product and country from the traffic rollups (traffic
 * port), or, where the period has no rolled-up traffic (consumption posted otherwise), by day from
 * the ledger; then the bill's total. A prepaid statement is the same sheet of its month's consumption,
 * its balances after the total.
 */
export async function billStatement(
  db: DbOrTx,
  bill: BillRow,
  locale: 'zh-CN' | 'en',
  /** lines after the total (a prepaid statement's balances, decision 0111) */
  after: { zh: string; en: string; amount: string }[] = [],
  /** labelled facts last (a mailed bill's period, account and our entity, decision 0135) */
  info: { zh: string; en: string; value: string }[] = [],
): Promise<Readable> {
  const out = new PassThrough();
  const xlsx = new XlsxWriter(out, { headers: [...STATEMENT_HEADERS[locale]], widths: [12, 10, 8, 14, 12, 16, 8] });
  const traffic = portOf(db as never, 'traffic');
  const figures = traffic
    ? await traffic.byDay({
        from: new Date(`${bill.periodStart}T00:00:00Z`),
        to: new Date(`${bill.periodEnd}T00:00:00Z`), // the port's last day is included
        accountIds: [bill.accountId],
        byCountry: true,
      })
    : [];
  const rows: (string | number)[][] = figures
    .filter((f) => f.accountId === bill.accountId)
    .sort((a, b) => a.day.localeCompare(b.day) || a.product.localeCompare(b.product))
    .map((f) => [
      f.day,
      f.product,
      f.country ?? '',
      f.count,
      f.delivered,
      new Decimal(f.revenue).toFixed(4),
      f.currency,
    ]);
  if (!rows.length) {
    const days = rowsOf<{ day: string; amount: string }>(
      await db.execute(sql`select day::text as day, (-sum(amount))::text as amount from fin_ledger_entries
        where account_id = ${bill.accountId} and kind = 'consumption' and day between ${bill.periodStart} and ${bill.periodEnd}
        group by day order by day`),
    );
    for (const d of days) rows.push([d.day, '', '', '', '', new Decimal(d.amount).toFixed(4), bill.currency]);
  }
  const done = (async () => {
    for (const r of rows) await xlsx.addRow(r);
    await xlsx.addRow([
      locale === 'en' ? `Total ${bill.code}` : `合计 ${bill.code}`,
      '',
      '',
      '',
      '',
      new Decimal(bill.amount).toFixed(4),
      bill.currency,
    ]);
    for (const a of after)
      await xlsx.addRow([
        locale === 'en' ? a.en : a.zh,
        '',
        '',
        '',
        '',
        new Decimal(a.amount).toFixed(4),
        bill.currency,
      ]);
    for (const i of info) await xlsx.addRow([locale === 'en' ? i.en : i.zh, i.value, '', '', '', '', '']);
    await xlsx.finish();
  })();
  done.catch((err) => out.destroy(err));
  return out;
}

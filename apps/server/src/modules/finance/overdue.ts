import { type OverdueAction, overdueActionOptions } from '@portal/contracts/finance';
import { Decimal } from 'decimal.js';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf, type Tx } from '../../platform/db/index.js';
import { defineMessageTemplates, templated } from '../../platform/i18n/message-templates.js';
import type { Notification } from '../../platform/notify.js';
import type { Platform } from '../../platform/platform.js';
import { customerFieldSql } from '../crm/customer-refs.js';
import { accountOwnerSql } from './accounts.js';
import { settleBills } from './bills.js';
import { dayOf } from './ledger.js';
import { warnCustomer } from './overdue-warning.js';
import { financeStaff } from './recon.js';
import { finAccounts, finNotify, finOverdueActions } from './schema.js';

export const BILL_JOB = 'finance.bills';
export const OVERDUE_JOB = 'finance.overdue';

defineMessageTemplates('finance', {
  overdue: {
    title: { 'zh-CN': '账户 {account} 逾期：{action}', en: 'Account {account} overdue: {action}' },
    content: {
      'zh-CN':
        '客户 {customer} 的账户 {account} 最早未付账单已逾期 {days} 天，{bills} 张账单未付 {unpaid} {currency}。信用规则「{rule}」：{action}。',
      en: 'Account {account} of {customer}: the oldest unpaid bill is {days} days past due, {unpaid} {currency} unpaid on {bills} bills. Credit rule “{rule}”: {action}.',
    },
  },
  resumed: {
    title: { 'zh-CN': '账户 {account} 已恢复发送', en: 'Account {account} may send again' },
    content: {
      'zh-CN': '客户 {customer} 的账户 {account} 已无逾期账单，逾期暂停已解除。',
      en: 'Account {account} of {customer} has no overdue bill any more; the overdue suspension is lifted.',
    },
  },
});

const accountNameSql = customerFieldSql(sql`"fin_accounts"."customer_id"`, 'name');

const ACTION_LABEL = Object.fromEntries(overdueActionOptions.map((o) => [o.value, o.label])) as Record<
  OverdueAction,
  { zh: string; en: string }
>;

interface Candidate {
  account_id: number;
  code: string;
  customer_id: number;
  customer: string | null;
  owner_id: number | null;
  currency: string;
  bill_id: number;
  days: number;
  unpaid: string;
  bills: number;
}

interface Rule {
  id: number;
  name: string;
  name_en: string;
  overdue_days: number;
  min_unpaid: string | null;
  min_bills: number | null;
  action: OverdueAction;
}

/** Who is told of an action (every `notify` row of it adds its people; without a row: the customer's owner). */
async function recipients(db: DbOrTx, action: OverdueAction, ownerId: number | null): Promise<number[]> {
  const rows = await db.select().from(finNotify).where(eq(finNotify.action, action));
  const ids = new Set<number>();
  if ((rows.length === 0 || rows.some((n) => n.toOwner)) && ownerId) ids.add(ownerId);
  if (rows.some((n) => n.toFinance)) for (const id of await financeStaff(db)) ids.add(id);
  for (const n of rows) if (n.userId) ids.add(n.userId);
  return [...ids];
}

/** One step on one account, in its own transaction: recorded once (the unique index), then done. */
async function fire(tx: Tx, c: Candidate, rule: Rule, now: Date, day: string): Promise<Notification | null> {
  const [done] = await tx
    .insert(finOverdueActions)
    .values({ accountId: c.account_id, ruleId: rule.id, billId: c.bill_id, action: rule.action, at: now })
    .onConflictDoNothing()
    .returning({ id: finOverdueActions.id });
  if (!done) return null;
  // suspend and bad debt both stop sending; bad debt also marks the account with the day (decision 0073)
  if (rule.action === 'suspend' || rule.action === 'bad_debt')
    await tx
      .update(finAccounts)
      .set({ state: 'suspended', version: sql`${finAccounts.version} + 1` })
      .where(and(eq(finAccounts.id, c.account_id), eq(finAccounts.state, 'active')));
  if (rule.action === 'bad_debt')
    await tx
      .update(finAccounts)
      .set({ badDebtSince: day, version: sql`${finAccounts.version} + 1` })
      .where(and(eq(finAccounts.id, c.account_id), isNull(finAccounts.badDebtSince)));
  const userIds = await recipients(tx, rule.action, c.owner_id);
  return {
    userIds,
    type: 'alarm',
    ...templated('finance.overdue', {
      account: c.code,
      customer: c.customer ?? '-',
      days: c.days,
      bills: c.bills,
      unpaid: new Decimal(c.unpaid).toFixed(2),
      currency: c.currency,
      rule: { zh: rule.name, en: rule.name_en },
      action: ACTION_LABEL[rule.action],
    }),
    link: `/businessInquiry/creditModifyRecord/consumer?id=${c.account_id}`,
    source: { kind: 'finance.overdue', id: String(done.id) },
  };
}

/**
 * The overdue ladder (daily job `finance.overdue`, and `POST /v2/fc/overdue/run`): bills are
 * settled against balances first; then, for every postpaid account with an overdue bill that is not
 * whitelisted (through `day`) nor deferred (through `day`), each enabled step whose conditions all
 * hold fires once per episode (the oldest overdue bill): it is recorded, its action done (a
 * suspension sets the account suspended, which stops sending; bad debt suspends too and marks the
 * account `bad_debt_since` the day; warning the customer mails its contacts, decision 0080) and the
 * people `notify` names are told. A suspension or bad debt the ladder made is lifted (and the mark
 * cleared) once the account has no overdue bill. Returns how many steps fired.
 */
export async function runOverdue(p: Platform, day: string): Promise<number> {
  const now = p.clock.now();
  await settleBills(p.db, day);
  const rules = rowsOf<Rule>(
    await p.db.execute(sql`select id, name, name_en, overdue_days, min_unpaid::text as min_unpaid, min_bills, action
      from fin_credit_rules where enabled order by step`),
  );
  const candidates = rowsOf<Candidate>(
    await p.db.execute(sql`
      with od as (
        select b.account_id, count(*)::int as bills, sum(b.unpaid)::text as unpaid,
          (array_agg(b.id order by b.period_end, b.id))[1] as bill_id, min(b.due_day) as due
        from fin_bills b where b.state = 'overdue' group by b.account_id
      )
      select fin_accounts.id as account_id, fin_accounts.code, fin_accounts.customer_id, fin_accounts.currency,
        od.bill_id, od.bills, od.unpaid,
        (${day}::date - od.due)::int as days, ${accountOwnerSql} as owner_id, ${accountNameSql} as customer
      from od join fin_accounts on fin_accounts.id = od.account_id
      where fin_accounts.billing = 'postpaid' and fin_accounts.state in ('active', 'suspended')
        and (fin_accounts.deferred_until is null or fin_accounts.deferred_until < ${day}::date)
        and not exists (select 1 from fin_credit_whitelist w where w.account_id = fin_accounts.id and w.enabled
          and (w.until is null or w.until >= ${day}::date))
      order by fin_accounts.id`),
  );
  let fired = 0;
  for (const c of candidates) {
    const due = rules.filter(
      (r) =>
        c.days >= r.overdue_days &&
        (r.min_unpaid === null || new Decimal(c.unpaid).gte(r.min_unpaid)) &&
        (r.min_bills === null || c.bills >= r.min_bills),
    );
    if (!due.length) continue;
    const sent: { n: Notification; action: OverdueAction }[] = [];
    const ownerId = c.owner_id === null ? null : Number(c.owner_id);
    await p.db.transaction(async (tx) => {
      for (const rule of due) {
        const n = await fire(tx, { ...c, owner_id: ownerId }, rule, now, day);
        if (n) sent.push({ n, action: rule.action });
      }
    });
    fired += sent.length;
    for (const { n, action } of sent) {
      await p.notifier.send(n);
      // the mail leaves after the step is recorded: a rerun never warns twice
      if (action === 'warn_customer')
        await warnCustomer(
          p,
          {
            accountId: c.account_id,
            code: c.code,
            customerId: c.customer_id,
            customer: c.customer,
            ownerId,
            currency: c.currency,
            days: c.days,
            unpaid: c.unpaid,
            bills: c.bills,
          },
          n.userIds,
        );
    }
  }
  await liftSuspensions(p, now);
  return fired;
}

/**
 * Accounts the ladder suspended that owe nothing overdue any more may send again, unless bad debt
 * of theirs was written off since they were marked.
 */
async function liftSuspensions(p: Platform, now: Date) {
  const rows = rowsOf<{ id: number; code: string; owner_id: number | null; customer: string | null }>(
    await p.db.execute(sql`
      select fin_accounts.id, fin_accounts.code, ${accountOwnerSql} as owner_id, ${accountNameSql} as customer
      from fin_accounts
      where fin_accounts.state = 'suspended'
        and exists (select 1 from fin_overdue_actions x where x.account_id = fin_accounts.id
          and x.action in ('suspend', 'bad_debt') and x.lifted_at is null)
        and not exists (select 1 from fin_bills b where b.account_id = fin_accounts.id and b.state = 'overdue')
        -- bad debt written off since the mark is a loss taken, not a debt paid: it stays suspended (decision 0080)
        and not exists (select 1 from fin_applications w where w.account_id = fin_accounts.id and w.kind = 'write_off'
          and w.state = 'approved' and fin_accounts.bad_debt_since is not null
          and w.decided_at >= fin_accounts.bad_debt_since::timestamptz)`),
  );
  for (const r of rows) {
    await p.db.transaction(async (tx) => {
      await tx
        .update(finAccounts)
        .set({ state: 'active', badDebtSince: null, version: sql`${finAccounts.version} + 1` })
        .where(and(eq(finAccounts.id, r.id), eq(finAccounts.state, 'suspended')));
      await tx
        .update(finOverdueActions)
        .set({ liftedAt: now })
        .where(
          and(
            eq(finOverdueActions.accountId, r.id),
            inArray(finOverdueActions.action, ['suspend', 'bad_debt']),
            isNull(finOverdueActions.liftedAt),
          ),
        );
    });
    const userIds = await recipients(p.db, 'suspend', r.owner_id === null ? null : Number(r.owner_id));
    await p.notifier.send({
      userIds,
      type: 'system',
      ...templated('finance.resumed', { account: r.code, customer: r.customer ?? '-' }),
      link: `/businessInquiry/creditModifyRecord/consumer?id=${r.id}`,
      source: { kind: 'finance.resumed', id: String(r.id) },
    });
  }
}

export const today = (p: Platform) => dayOf(p.clock.now());

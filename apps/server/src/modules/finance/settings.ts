import {
  billCycleResource,
  billResource,
  creditRuleResource,
  creditWhitelistResource,
  financeNotifyResource,
} from '@portal/contracts/finance';
import { Decimal } from 'decimal.js';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { bindResource } from '../../platform/resource/index.js';
import { customerFieldSql } from '../crm/customer-refs.js';
import { financeScope } from './accounts.js';
import { finAccounts, finBillCycles, finBills, finCreditRules, finCreditWhitelist, finNotify } from './schema.js';

const updated = (ctx: { p: { clock: { now(): Date } } }) => ({ updatedAt: ctx.p.clock.now() });

/** A decimal amount as the table keeps it (4 places), or null when left empty. */
const amountOf = (v: unknown) => (v === undefined || v === null || v === '' ? null : new Decimal(String(v)).toFixed(4));

/** `credit-rule`: the ladder's steps; a step number is one rule's. */
export const creditRules = bindResource(creditRuleResource, {
  table: finCreditRules,
  columns: {
    step: finCreditRules.step,
    name: finCreditRules.name,
    nameEn: finCreditRules.nameEn,
    overdueDays: finCreditRules.overdueDays,
    minUnpaid: finCreditRules.minUnpaid,
    minBills: finCreditRules.minBills,
    action: finCreditRules.action,
    enabled: finCreditRules.enabled,
    remark: finCreditRules.remark,
    updatedAt: finCreditRules.updatedAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      const step = Number(input.step);
      const [taken] = await ctx.tx
        .select({ id: finCreditRules.id })
        .from(finCreditRules)
        .where(eq(finCreditRules.step, step));
      if (taken) throw new AppError('FIN_RULE_STEP_TAKEN', { vars: { value: String(step) } });
      return { ...updated(ctx), minUnpaid: amountOf(input.minUnpaid) };
    },
    async beforeUpdate(ctx, before, patch) {
      if (patch.step !== undefined && Number(patch.step) !== Number(before.step)) {
        const [taken] = await ctx.tx
          .select({ id: finCreditRules.id })
          .from(finCreditRules)
          .where(and(eq(finCreditRules.step, Number(patch.step)), ne(finCreditRules.id, before.id as number)));
        if (taken) throw new AppError('FIN_RULE_STEP_TAKEN', { vars: { value: String(patch.step) } });
      }
      return 'minUnpaid' in patch ? { ...updated(ctx), minUnpaid: amountOf(patch.minUnpaid) } : updated(ctx);
    },
  },
});

const wlAccount = sql`"fin_credit_whitelist"."account_id"`;

/** `credit-whitelist`: one row per account; the account must be one finance may see. */
export const creditWhitelist = bindResource(creditWhitelistResource, {
  table: finCreditWhitelist,
  columns: {
    accountId: finCreditWhitelist.accountId,
    accountCode: sql`(select a.code from fin_accounts a where a.id = ${wlAccount})`,
    customerName: customerFieldSql(sql`(select a.customer_id from fin_accounts a where a.id = ${wlAccount})`, 'name'),
    until: finCreditWhitelist.until,
    enabled: finCreditWhitelist.enabled,
    reason: finCreditWhitelist.reason,
    updatedAt: finCreditWhitelist.updatedAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      const accountId = Number(input.accountId);
      const [acc] = await ctx.tx
        .select({ id: finAccounts.id, code: finAccounts.code })
        .from(finAccounts)
        .where(eq(finAccounts.id, accountId));
      if (!acc) throw new AppError('FIN_ACCOUNT_UNKNOWN', { vars: { value: String(accountId) } });
      const [listed] = await ctx.tx
        .select({ id: finCreditWhitelist.id })
        .from(finCreditWhitelist)
        .where(eq(finCreditWhitelist.accountId, accountId));
      if (listed) throw new AppError('FIN_WHITELIST_LISTED', { vars: { value: acc.code } });
      return updated(ctx);
    },
    beforeUpdate: async (ctx) => updated(ctx),
  },
});

/** `notify`: who is told per ladder action (several rows of an action add up). */
export const financeNotify = bindResource(financeNotifyResource, {
  table: finNotify,
  columns: {
    name: finNotify.name,
    action: finNotify.action,
    toOwner: finNotify.toOwner,
    toFinance: finNotify.toFinance,
    userId: finNotify.userId,
    updatedAt: finNotify.updatedAt,
  },
  hooks: { beforeCreate: async (ctx) => updated(ctx), beforeUpdate: async (ctx) => updated(ctx) },
});

/** `bill-cycle`: terms and grace per cycle from a day; one row per cycle and day. */
export const billCycles = bindResource(billCycleResource, {
  table: finBillCycles,
  columns: {
    cycle: finBillCycles.cycle,
    effectiveFrom: finBillCycles.effectiveFrom,
    termDays: finBillCycles.termDays,
    graceDays: finBillCycles.graceDays,
    remark: finBillCycles.remark,
    updatedAt: finBillCycles.updatedAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      const cycle = String(input.cycle) as 'monthly';
      const from = String(input.effectiveFrom);
      const [taken] = await ctx.tx
        .select({ id: finBillCycles.id })
        .from(finBillCycles)
        .where(and(eq(finBillCycles.cycle, cycle), eq(finBillCycles.effectiveFrom, from)));
      if (taken) throw new AppError('FIN_CYCLE_TAKEN', { vars: { value: `${cycle} ${from}` } });
      return updated(ctx);
    },
    beforeUpdate: async (ctx) => updated(ctx),
  },
});

const billAccount = sql`"fin_bills"."account_id"`;

/** `account/consumer/bill`: bills in the caller's scope (finance: all), read-only. */
export const bills = bindResource(billResource, {
  scopeOf: financeScope,
  table: finBills,
  search: { keyword: finBills.search },
  columns: {
    code: finBills.code,
    accountId: finBills.accountId,
    accountCode: sql`(select a.code from fin_accounts a where a.id = ${billAccount})`,
    customerName: customerFieldSql(sql`(select a.customer_id from fin_accounts a where a.id = ${billAccount})`, 'name'),
    ownerId: customerFieldSql(sql`(select a.customer_id from fin_accounts a where a.id = ${billAccount})`, 'owner_id'),
    periodStart: finBills.periodStart,
    periodEnd: finBills.periodEnd,
    amount: finBills.amount,
    unpaid: finBills.unpaid,
    currency: finBills.currency,
    dueDay: finBills.dueDay,
    state: finBills.state,
    issuedAt: finBills.issuedAt,
    mailedAt: finBills.mailedAt,
    mailedBy: finBills.mailedBy,
    mailedTo: finBills.mailedTo,
    mailFailed: finBills.mailFailed,
    mailError: finBills.mailError,
    mailTries: finBills.mailTries,
  },
});

/** The demo's settings: the three cycles, a four-step ladder, who is told. Idempotent. */
export async function seedFinanceSettings(db: Db) {
  await db
    .insert(finBillCycles)
    .values([
      { cycle: 'monthly' as const, effectiveFrom: '2000-01-01', termDays: 15, graceDays: 5 },
      { cycle: 'semimonthly' as const, effectiveFrom: '2000-01-01', termDays: 10, graceDays: 3 },
      { cycle: 'weekly' as const, effectiveFrom: '2000-01-01', termDays: 7, graceDays: 2 },
    ])
    .onConflictDoNothing();
  await db
    .insert(finCreditRules)
    .values([
      { step: 1, name: '逾期提醒负责人', nameEn: 'Remind the owner', overdueDays: 1, action: 'notify_owner' as const },
      { step: 2, name: '逾期警告客户', nameEn: 'Warn the customer', overdueDays: 7, action: 'warn_customer' as const },
      { step: 3, name: '逾期暂停发送', nameEn: 'Suspend sending', overdueDays: 15, action: 'suspend' as const },
      { step: 4, name: '逾期转坏账', nameEn: 'Hand to bad debt', overdueDays: 90, action: 'bad_debt' as const },
    ])
    .onConflictDoNothing();
  const [told] = await db.select({ id: finNotify.id }).from(finNotify).limit(1);
  if (!told)
    await db.insert(finNotify).values([
      { name: '逾期提醒负责人', action: 'notify_owner' as const, toOwner: true, toFinance: false },
      { name: '警告客户（负责人执行）', action: 'warn_customer' as const, toOwner: true, toFinance: false },
      { name: '暂停发送告知负责人与财务', action: 'suspend' as const, toOwner: true, toFinance: true },
      { name: '坏账移交财务', action: 'bad_debt' as const, toOwner: true, toFinance: true },
    ]);
}

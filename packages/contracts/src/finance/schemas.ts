import { z } from 'zod';
import { ACCOUNT_PRODUCTS, BILL_CYCLES, BILLING_METHODS } from './account.js';
import { CHANGE_KINDS, CREDIT_KINDS, MONEY_KINDS } from './application.js';

/** a positive decimal amount with at most 4 decimals, as a string (numeric in the database) */
/** Why an application is made (every finance application's reason). */
export const applyReason = z.string().trim().min(1).max(500);
const reason = applyReason;

export const amountString = z
  .string()
  .trim()
  .regex(/^\d{1,14}(\.\d{1,4})?$/, 'an amount with at most 4 decimals');
const currency = z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 currency code');

export const accountApply = z.object({
  customerId: z.number().int().positive(),
  products: z.array(z.enum(ACCOUNT_PRODUCTS)).min(1).max(5),
  currency,
  billing: z.enum(BILLING_METHODS),
  creditLine: amountString.default('0'),
  billCycle: z.enum(BILL_CYCLES).default('monthly'),
  entityId: z.number().int().positive().nullable().optional(),
  reason: z.string().trim().max(500).optional(),
});
export type AccountApply = z.infer<typeof accountApply>;

export const moneyApply = z.object({
  accountId: z.number().int().positive(),
  amount: amountString,
  /** the bank reference of a recharge or payment received */
  reference: z.string().trim().max(64).optional(),
  reason,
});
export type MoneyApply = z.infer<typeof moneyApply>;
export const moneyKind = z.enum(MONEY_KINDS);

/**
 * A refund (账单退款): money paid in through an approved recharge or payment application of the
 * account (`sourceId`) going back to the customer; posted only when approved (decision 0073).
 */
export const refundApply = z.object({
  accountId: z.number().int().positive(),
  sourceId: z.number().int().positive(),
  amount: amountString,
  /** the bank reference the money goes back through */
  reference: z.string().trim().max(64).optional(),
  reason,
});
export type RefundApply = z.infer<typeof refundApply>;

/**
 * A write-off (坏账核销) of an overdue bill: what it still owes, as at the application, leaves the
 * books as bad debt once approved (decision 0080).
 */
export const writeOffApply = z.object({
  billId: z.number().int().positive(),
  reason,
});
export type WriteOffApply = z.infer<typeof writeOffApply>;

/**
 * Reinstating (恢复) an account the overdue ladder suspended: a person's decision, e.g. after its bad
 * debt was written off and the customer agreed new terms (decision 0093).
 */
export const reinstateApply = z.object({
  accountId: z.number().int().positive(),
  reason,
});
export type ReinstateApply = z.infer<typeof reinstateApply>;

/**
 * An allocation (划拨) inside one group of accounts (a main account and its sub-accounts): money moved
 * from `fromAccountId` to `accountId`. Without `fromAccountId` it comes from `accountId`'s main account
 * (decision 0134); with it, it may also go back from a sub-account to its main account or between two
 * sub-accounts of one main account (decision 0141). Posted only when approved.
 */
export const allocationApply = z.object({
  /** the account the money goes to */
  accountId: z.number().int().positive(),
  /** the account the money comes from; absent: `accountId`'s main account */
  fromAccountId: z.number().int().positive().optional(),
  amount: amountString,
  reason,
});
export type AllocationApply = z.infer<typeof allocationApply>;

export const creditApply = z.object({
  accountId: z.number().int().positive(),
  /** the new credit line */
  creditLine: amountString,
  reason,
});
export type CreditApply = z.infer<typeof creditApply>;
export const creditKind = z.enum(CREDIT_KINDS);

/** a calendar day, YYYY-MM-DD */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD');
const accountId = z.number().int().positive();

/** 临时额度: an extra line on top of the credit line, through the given day */
export const tempCreditApply = z.object({ accountId, amount: amountString, until: day, reason });
/** 延期付款: the overdue ladder leaves the account alone through the given day */
export const deferralApply = z.object({ accountId, until: day, reason });
/** 付款方式变更: prepaid ↔ postpaid */
export const billingChangeApply = z.object({ accountId, billing: z.enum(BILLING_METHODS), reason });
/** 账单周期变更 */
export const cycleChangeApply = z.object({ accountId, billCycle: z.enum(BILL_CYCLES), reason });
export const changeApply = {
  temp_credit: tempCreditApply,
  deferral: deferralApply,
  billing_change: billingChangeApply,
  cycle_change: cycleChangeApply,
} as const;
export type ChangeApply = {
  temp_credit: z.infer<typeof tempCreditApply>;
  deferral: z.infer<typeof deferralApply>;
  billing_change: z.infer<typeof billingChangeApply>;
  cycle_change: z.infer<typeof cycleChangeApply>;
};
export const changeKind = z.enum(CHANGE_KINDS);
/** the longest a temporary credit or a deferral may run, in days from today */
export const CHANGE_MAX_DAYS = 90;

export const applyResult = z.object({ id: z.number(), code: z.string(), instanceId: z.number() });
export type FinApplyResult = z.infer<typeof applyResult>;

/** A money application as the section 7 detail calls answer it. */
export const applicationDetail = z.object({
  id: z.number(),
  code: z.string(),
  kind: z.string(),
  state: z.string(),
  accountId: z.number(),
  accountCode: z.string(),
  customerId: z.number(),
  amount: z.string().nullable(),
  previousAmount: z.string().nullable(),
  /** a billing-method or bill-cycle change: the value before and the one asked for */
  changeFrom: z.string().nullable(),
  changeTo: z.string().nullable(),
  /** a temporary credit's last day, or a deferral's */
  until: z.string().nullable(),
  currency: z.string(),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  instanceId: z.number().nullable(),
  applicantId: z.number(),
  deciderId: z.number().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** the ledger entry the approval wrote */
  entryId: z.number().nullable(),
  balanceAfter: z.string().nullable(),
  /** a refund: the recharge or payment it gives money back from */
  sourceId: z.number().nullable(),
  /** a recharge or payment: how much of it approved refunds gave back */
  refunded: z.string(),
  /** a write-off: the bill it writes off */
  billId: z.number().nullable(),
  /** an allocation: the sub-account the money goes to (the application's account is the main one) */
  subAccountId: z.number().nullable(),
});
export type ApplicationDetail = z.infer<typeof applicationDetail>;

/** an account's opening and its approval (accountApprovalStatus) */
export const accountStatus = z.object({
  accountId: z.number(),
  code: z.string(),
  state: z.string(),
  application: applicationDetail.nullable(),
});

export const reconResult = z.object({
  day: z.string(),
  accounts: z.number(),
  balanceMismatches: z.array(z.object({ accountId: z.number(), balance: z.string(), entries: z.string() })),
  unbalancedDays: z.array(z.object({ day: z.string(), sum: z.string() })),
  /** supplier accounts whose balance is not the sum of their entries, minor units (decision 0104) */
  supplierMismatches: z.array(z.object({ supplierAccountId: z.number(), balance: z.number(), entries: z.number() })),
  ok: z.boolean(),
});
export type ReconResult = z.infer<typeof reconResult>;

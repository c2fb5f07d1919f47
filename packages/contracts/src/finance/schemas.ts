import { z } from 'zod';
import { ACCOUNT_PRODUCTS, BILL_CYCLES, BILLING_METHODS } from './account.js';
import { CREDIT_KINDS, MONEY_KINDS } from './application.js';

/** a positive decimal amount with at most 4 decimals, as a string (numeric in the database) */
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
  reason: z.string().trim().min(1).max(500),
});
export type MoneyApply = z.infer<typeof moneyApply>;
export const moneyKind = z.enum(MONEY_KINDS);

export const creditApply = z.object({
  accountId: z.number().int().positive(),
  /** the new credit line */
  creditLine: amountString,
  reason: z.string().trim().min(1).max(500),
});
export type CreditApply = z.infer<typeof creditApply>;
export const creditKind = z.enum(CREDIT_KINDS);

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
  currency: z.string(),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  instanceId: z.number().nullable(),
  applicantId: z.number(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** the ledger entry the approval wrote */
  entryId: z.number().nullable(),
  balanceAfter: z.string().nullable(),
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
  ok: z.boolean(),
});
export type ReconResult = z.infer<typeof reconResult>;

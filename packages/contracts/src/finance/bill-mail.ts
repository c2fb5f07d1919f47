import { z } from 'zod';
import { label } from '../resource/define.js';

/**
 * A customer bill or prepaid statement mailed to its account's billing contact (decision 0135):
 * the last mailing, kept on the record (its detail shows it; its history lists every mailing).
 */
export const mailedFields = {
  mailedAt: { kind: 'datetime', label: label('最近发送时间', 'Last mailed'), readOnly: true },
  mailedBy: { kind: 'user', label: label('发送人', 'Mailed by'), readOnly: true },
  mailedTo: { kind: 'text', label: label('发送至', 'Mailed to'), readOnly: true, track: true },
} as const;
export const MAILED_HEADER = ['mailedAt', 'mailedBy', 'mailedTo'] as const;

/** The languages a billing mail is written in (the account's `billingLocale`). */
export const BILLING_LOCALES = ['zh-CN', 'en'] as const;
export const billingLocaleOptions = [
  { value: BILLING_LOCALES[0], label: label('中文', 'Chinese') },
  { value: BILLING_LOCALES[1], label: label('英文', 'English') },
] as const;

/** The account's billing contact: where its bills and statements are mailed, and in which language. */
export const billingContactFields = {
  billingEmail: {
    kind: 'email',
    label: label('账单邮箱', 'Billing e-mail'),
    readOnly: true,
    rules: { maxLength: 200 },
    track: true,
  },
  billingLocale: {
    kind: 'enum',
    label: label('账单语言', 'Billing language'),
    readOnly: true,
    options: billingLocaleOptions,
    track: true,
  },
} as const;

/** What mailing a bill or statement answers. */
export const billMailResult = z.object({
  mailId: z.number(),
  to: z.string(),
  mailedAt: z.string(),
  fileName: z.string(),
});
export type BillMailResult = z.infer<typeof billMailResult>;

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
  /** the automatic mailing failed (decision 0142): the list's "mail failed" filter */
  mailFailed: { kind: 'boolean', label: label('自动发送失败', 'Mail failed'), readOnly: true },
  mailError: { kind: 'text', label: label('发送失败原因', 'Mail error'), readOnly: true },
  mailTries: { kind: 'number', label: label('自动发送次数', 'Mail tries'), readOnly: true, quantity: true },
} as const;
export const MAILED_HEADER = ['mailedAt', 'mailedBy', 'mailedTo', 'mailError'] as const;
/** the bills' and statements' "mail failed" filter (decision 0142) */
export const MAIL_FAILED_FILTER = { mailFailed: { op: 'eq', field: 'mailFailed' } } as const;

/** How many times the automatic mailing tries one bill or statement before it leaves it to finance (decision 0142). */
export const AUTO_MAIL_TRIES = 3;

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
  /** the account's issued bills and statements go out by themselves (decision 0142); needs a billing e-mail */
  autoMail: {
    kind: 'boolean',
    label: label('自动发送账单', 'Mail bills automatically'),
    readOnly: true,
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

/** The sender mailbox of the automatic mailing (decision 0142): a mail-room mailbox, or none (nothing is sent). */
export const AUTO_MAIL_PATH = '/v2/fc/bill/autoMail';
/** Runs the automatic mailing now (the nightly job's work). */
export const AUTO_MAIL_RUN_PATH = '/v2/fc/bill/autoMail/run';
export const autoMailSender = z.object({ mailboxId: z.number().int().positive().max(2_147_483_647).nullable() });
export type AutoMailSender = z.infer<typeof autoMailSender>;
export const mailboxRef = z.object({ id: z.number(), email: z.string(), displayName: z.string() });
export const autoMailSetting = z.object({
  mailboxId: z.number().nullable(),
  email: z.string().nullable(),
  /** the mailboxes that may be chosen */
  mailboxes: z.array(mailboxRef),
});
export type AutoMailSetting = z.infer<typeof autoMailSetting>;
/** What one automatic run did: documents mailed, failed (kept to try again), and why nothing ran (no sender). */
export const autoMailRunResult = z.object({ mailed: z.number(), failed: z.number() });
export type AutoMailRunResult = z.infer<typeof autoMailRunResult>;

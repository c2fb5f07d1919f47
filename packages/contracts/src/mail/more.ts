import { z } from 'zod';
import { pageQuery } from '../paging.js';
import { int32, int32Id, text } from '../validation/scalars.js';

/** Payloads of the address book, templates, white / blacklists, timed sends, logs and dealings. */

// ── address book (adb) ──
export const bookBody = z.object({
  id: int32Id().optional(),
  email: text().trim().toLowerCase().email().max(254),
  name: text().trim().max(120).default(''),
  company: text().trim().max(200).default(''),
  phone: text().trim().max(40).default(''),
  remark: text().trim().max(500).default(''),
});
export type BookBody = z.infer<typeof bookBody>;
export const bookRow = z.object({
  id: int32Id(),
  email: text(),
  name: text(),
  company: text(),
  phone: text(),
  remark: text(),
  updatedAt: text(),
});
export type BookRow = z.infer<typeof bookRow>;
export const idQuery = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

// ── templates ──
export const templateBody = z.object({
  id: int32Id().optional(),
  name: text().trim().min(1).max(60),
  subject: text().max(998).default(''),
  content: text().max(500_000).default(''),
  /** offered to every colleague (they may use it, only its author changes it) */
  shared: z.boolean().default(false),
});
export type TemplateBody = z.infer<typeof templateBody>;
export const templateRow = z.object({
  id: int32Id(),
  name: text(),
  subject: text(),
  content: text(),
  shared: z.boolean(),
  mine: z.boolean(),
  authorName: text().nullable(),
  updatedAt: text(),
});
export type TemplateRow = z.infer<typeof templateRow>;

// ── white and blacklist ──
export const SENDER_RULE_KINDS = ['white', 'black'] as const;
export type SenderRuleKind = (typeof SENDER_RULE_KINDS)[number];
/** An address, or a whole domain written `@example.com` (else 10170111). */
export const isSenderRuleValue = (v: string) =>
  /^@[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(v) || z.string().email().safeParse(v).success;
const senderRuleValue = text().trim().toLowerCase().min(1).max(254);
export const senderRuleBody = z.object({
  id: int32Id().optional(),
  kind: z.enum(SENDER_RULE_KINDS),
  value: senderRuleValue,
  remark: text().trim().max(200).default(''),
});
export type SenderRuleBody = z.infer<typeof senderRuleBody>;
export const senderRuleRow = z.object({
  id: int32Id(),
  kind: z.enum(SENDER_RULE_KINDS),
  value: text(),
  source: z.enum(['manual', 'learned']),
  remark: text(),
  updatedAt: text(),
});
export type SenderRuleRow = z.infer<typeof senderRuleRow>;

/** Which list a sender falls under: the address itself first, then its domain; none: null. */
export function senderRuleOf(
  rules: readonly { kind: SenderRuleKind; value: string }[],
  sender: string,
): SenderRuleKind | null {
  const email = sender.trim().toLowerCase();
  const exact = rules.find((r) => r.value === email);
  if (exact) return exact.kind;
  const at = email.lastIndexOf('@');
  if (at < 0) return null;
  return rules.find((r) => r.value === email.slice(at))?.kind ?? null;
}

// ── timed sends ──
export const isoTime = text()
  .trim()
  .max(40)
  .refine((v) => !Number.isNaN(Date.parse(v)), { message: 'not a time' });
/** draft/update/timing/time: another send time, or null to cancel (the draft stays a draft). */
export const timedTimeBody = z.object({ id: int32Id(), sendAt: isoTime.nullable() });

// ── mail logs ──
export const MAIL_LOG_DIRECTIONS = ['sent', 'received', 'failed'] as const;
export type MailLogDirection = (typeof MAIL_LOG_DIRECTIONS)[number];
export const mailLogQuery = pageQuery.extend({
  accountId: int32Id().optional(),
  /** administrators (mailbox accounts key): another staff member's mailboxes */
  userId: int32Id().optional(),
  direction: z.enum(MAIL_LOG_DIRECTIONS).optional(),
  /** only mail with a customer or supplier */
  counterpartKind: z.enum(['customer', 'supplier']).optional(),
  keyword: text().trim().max(100).optional(),
});
export const mailLogRow = z.object({
  id: int32Id(),
  mailbox: text(),
  userName: text().nullable(),
  direction: z.enum(MAIL_LOG_DIRECTIONS),
  messageId: int32().nullable(),
  subject: text(),
  peers: text(),
  counterpartKind: z.enum(['customer', 'supplier']).nullable(),
  counterpartId: int32().nullable(),
  counterpartName: text().nullable(),
  error: text().nullable(),
  at: text(),
});
export type MailLogRow = z.infer<typeof mailLogRow>;

// ── dealings (mail with customers and suppliers) ──
export const COUNTERPART_KINDS = ['customer', 'supplier'] as const;
export type CounterpartKind = (typeof COUNTERPART_KINDS)[number];
/** dealings/query: my mails linked to customers or suppliers (one of them with `counterpartId`). */
export const dealingsQuery = pageQuery.extend({
  counterpartKind: z.enum(COUNTERPART_KINDS).optional(),
  counterpartId: int32Id().optional(),
  keyword: text().trim().max(200).optional(),
});
/** dealings/customer/query, dealings/supplier/query: my counterparts, the latest exchange first. */
export const dealingsGroupQuery = pageQuery.extend({ keyword: text().trim().max(100).optional() });
export const dealingsGroup = z.object({
  counterpartKind: z.enum(COUNTERPART_KINDS),
  counterpartId: int32Id(),
  counterpartName: text(),
  received: int32(),
  sent: int32(),
  lastAt: text(),
});
export type DealingsGroup = z.infer<typeof dealingsGroup>;

/** check/owner: recipients who are contacts of a customer owned by someone else. */
export const checkOwnerBody = z.object({ emails: z.array(text().trim().max(254)).min(1).max(200) });
export const ownerWarning = z.object({
  email: text(),
  counterpartKind: z.enum(COUNTERPART_KINDS),
  counterpartId: int32Id(),
  counterpartName: text(),
  ownerId: int32().nullable(),
  ownerName: text().nullable(),
});
export type OwnerWarning = z.infer<typeof ownerWarning>;
/** check/cc/email: which of the addresses break the recipient rule (spec 5). */
export const checkCcResult = z.object({ invalid: z.array(text()) });

// ── bill mail to finance ──
/** What a supplier's mail handed to finance is (selectBillFlagEnumList). */
export const BILL_FLAGS = [
  { value: 'supplierBill', zh: '供应商账单', en: 'Supplier bill' },
  { value: 'creditNote', zh: '贷项通知单', en: 'Credit note' },
  { value: 'reconciliation', zh: '对账单', en: 'Reconciliation statement' },
  { value: 'paymentReminder', zh: '催款通知', en: 'Payment reminder' },
] as const;
export type BillFlag = (typeof BILL_FLAGS)[number]['value'];
export const billFlagOption = z.object({ value: text(), label: text() });
export const pushBillBody = z.object({
  id: int32Id(),
  billFlag: z.enum(BILL_FLAGS.map((f) => f.value) as [BillFlag, ...BillFlag[]]),
  remark: text().trim().max(500).default(''),
});
export const pushBillResult = z.object({ id: int32Id(), billFlag: text(), at: text() });
/** Published on the bus with the mail's id when a bill mail is handed to finance (finance reads it). */
export const MAIL_BILL_PUSHED = 'mail.bill.pushed';

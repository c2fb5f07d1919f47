import { z } from 'zod';
import { int32, int32Id, text } from '../validation/scalars.js';

/** Payloads of the spec-7 calls added in session 9: sender/query, customer contacts, batch forward, selects, ding. */

const address = z.object({ email: text().trim().max(254), name: text().trim().max(120).nullish() });
const size = z.coerce.number().int().min(1).max(50).default(20);

/** sender/query: who wrote to my mailbox (the inbox's or spam's sender filter), most mail first. */
export const senderQueryBody = z.object({
  accountId: int32Id().optional(),
  folder: z.enum(['inbox', 'junk']).default('inbox'),
  keyword: text().trim().max(100).optional(),
  size,
});
export const senderHit = z.object({ email: text(), name: text().nullable(), count: int32(), lastAt: text() });
export type SenderHit = z.infer<typeof senderHit>;

/** email/customer/contact: contacts with an address of the customers I may see (one customer with `customerId`). */
export const customerContactBody = z.object({
  customerId: int32Id().optional(),
  keyword: text().trim().max(100).optional(),
  size,
});
export const customerContactHit = z.object({
  email: text(),
  name: text(),
  customerId: int32Id(),
  customerName: text(),
  keyDecisionMaker: z.boolean(),
});
export type CustomerContactHit = z.infer<typeof customerContactHit>;

/**
 * email/batch/transmit (batch forward): one new mail carrying each chosen mail as an `.eml`
 * attachment, with an optional note above them.
 */
export const batchTransmitBody = z.object({
  ids: z.array(int32Id()).min(1).max(20),
  receiverEmailList: z.array(address).min(1).max(200),
  ccEmailList: z.array(address).max(200).default([]),
  subject: text().trim().max(998).optional(),
  content: text().max(100_000).default(''),
  accountId: int32Id().optional(),
});
export type BatchTransmitBody = z.infer<typeof batchTransmitBody>;

/** select/email/follow: the follow-up types a mail can be recorded as on a customer or supplier. */
export const followSelectQuery = z.object({ counterpartKind: z.enum(['customer', 'supplier']).default('customer') });
/** Where each counterpart's follow-up types live (the platform dictionaries its record history uses). */
export const FOLLOW_UP_DICTS = { customer: 'crm.follow_up_type', supplier: 'purchase.follow_up_type' } as const;
export const selectOption = z.object({ value: text(), label: text() });

/**
 * dingNotice/query, dingNotice/update: whether a mailbox's new-mail notices also go to the
 * workplace-chat robot (the platform's ding robot, DING_WEBHOOK_URL), as the spec's ding notice.
 */
export const mailDingQuery = z.object({ accountId: z.coerce.number().int().positive().max(2_147_483_647).optional() });
export const mailDingBody = z.object({ accountId: int32Id().optional(), enabled: z.boolean() });
export const mailDingState = z.object({
  accountId: int32Id(),
  email: text(),
  enabled: z.boolean(),
  robot: z.boolean(),
});
export type MailDingState = z.infer<typeof mailDingState>;

/** select/email/mark: the marks receive/mark and junk/mark take, labelled in both languages. */
export const MARK_OPTIONS = [
  { value: 'read', zh: '标为已读', en: 'Mark as read' },
  { value: 'unread', zh: '标为未读', en: 'Mark as unread' },
  { value: 'star', zh: '加星标', en: 'Star' },
  { value: 'unstar', zh: '取消星标', en: 'Remove star' },
] as const;

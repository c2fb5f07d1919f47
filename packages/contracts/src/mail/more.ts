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
export const bookQuery = pageQuery.extend({ keyword: text().trim().max(100).optional() });
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
export const templateQuery = pageQuery.extend({ keyword: text().trim().max(60).optional() });

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
export const senderRuleQuery = pageQuery.extend({
  kind: z.enum(SENDER_RULE_KINDS).optional(),
  keyword: text().trim().max(100).optional(),
});

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

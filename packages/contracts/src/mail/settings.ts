import { z } from 'zod';
import { defineResource, label } from '../resource/define.js';
import { permOf, routeByPath } from '../routes/index.js';
import { text } from '../validation/scalars.js';

/**
 * The administrators' mailbox settings (decision 0062): `/setModule/email/signature` (signatures
 * shared with every staff member) and `/setModule/email/inbox` (spam retention, the size of a mail,
 * spam rules for everyone).
 */
const SIGNATURE_PERM = permOf(routeByPath('/setModule/email/signature')!);
export const INBOX_SETTINGS_PERM = permOf(routeByPath('/setModule/email/inbox')!);

/** `/setModule/email/signature`: shared signatures, offered in every staff member's write step. */
export const sharedSignatureResource = defineResource({
  key: 'mail.sharedSignature',
  title: label('共享签名', 'Shared signatures'),
  api: '/v2/emailbox/signature/share',
  routes: { list: '/setModule/email/signature' },
  titleField: 'name',
  fields: {
    name: { kind: 'text', label: label('签名名称', 'Name'), required: true, rules: { maxLength: 60 }, track: true },
    content: {
      kind: 'textarea',
      label: label('签名内容（HTML）', 'Content (HTML)'),
      required: true,
      rules: { maxLength: 20_000 },
      track: true,
    },
    enabled: { kind: 'boolean', label: label('启用', 'Enabled'), required: true, track: true },
    updatedAt: { kind: 'datetime', label: label('更新时间', 'Updated'), required: true, readOnly: true },
  },
  list: {
    columns: ['name', 'enabled', 'updatedAt'],
    filters: {
      keyword: { op: 'like', fields: ['name'], label: label('关键词', 'Keyword') },
      enabled: { op: 'eq', field: 'enabled' },
    },
    sortable: ['name', 'updatedAt'],
    defaultSort: { field: 'name', order: 'ascend' },
  },
  form: { sections: [{ fields: ['name', 'content', 'enabled'] }] },
  detail: { header: ['name', 'enabled'] },
  access: { list: SIGNATURE_PERM, create: SIGNATURE_PERM, update: SIGNATURE_PERM, delete: SIGNATURE_PERM },
  export: { fileName: label('共享签名', 'shared-signatures') },
  history: {},
});

/** A word or phrase of the spam rules: 1–60 characters, no line breaks. */
const spamWord = text()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[^\r\n]+$/);

/**
 * `/setModule/email/inbox`. `spamRetentionDays`: spam older than this is deleted from the portal's
 * store (null keeps it); `maxMessageMb`: the largest mail a staff member may send (body and
 * attachments); `spamWords`: a received mail whose subject holds one of them goes to spam unless its
 * sender is whitelisted; `learnFromMoves`: moving mail to spam and back teaches the sender lists.
 */
export const inboxSettings = z.object({
  spamRetentionDays: z.number().int().min(1).max(3650).nullable(),
  maxMessageMb: z.number().int().min(1).max(50),
  spamWords: z.array(spamWord).max(100),
  learnFromMoves: z.boolean(),
});
export type InboxSettings = z.infer<typeof inboxSettings>;
export const DEFAULT_INBOX_SETTINGS: InboxSettings = {
  spamRetentionDays: 30,
  maxMessageMb: 25,
  spamWords: [],
  learnFromMoves: true,
};
export const INBOX_SETTINGS_PATH = '/v2/emailbox/setting/inbox';

/** Whether a subject holds one of the spam words (case-insensitive). */
export function hasSpamWord(subject: string, words: readonly string[]): boolean {
  const s = subject.toLowerCase();
  return words.some((w) => w && s.includes(w.toLowerCase()));
}

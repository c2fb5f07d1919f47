import { z } from 'zod';
import { EMAILBOX_TYPE_INBOX } from '../live-constants.js';
import { pageQuery } from '../paging.js';
import { int32, int32Id, text } from '../validation/scalars.js';
import { isoTime } from './more.js';

/** Payloads of the mail room (`/v2/emailbox/...`, spec 7). */

export const MAIL_API = '/v2/emailbox';

/** The store's folders. A star is a flag, not a folder. */
export const MAIL_FOLDERS = ['inbox', 'sent', 'drafts', 'junk'] as const;
export type MailFolder = (typeof MAIL_FOLDERS)[number];

/** Spec 4: details type → mail type (sent and editAgain 1, inbox 2, spam 3). */
export const DETAILS_TYPES = ['sent', 'editAgain', 'inbox', 'spam'] as const;
export type DetailsType = (typeof DETAILS_TYPES)[number];
export const EMAIL_TYPE_OF: Record<DetailsType, 1 | 2 | 3> = { sent: 1, editAgain: 1, inbox: 2, spam: 3 };

/** emailboxType of the new-mail push: the inbox, else spam (3, the spam folder's mail type). */
export const EMAILBOX_TYPE = { inbox: EMAILBOX_TYPE_INBOX, junk: 3 } as const;

/** `imap`: a real server (IMAP + SMTP); `local`: the portal's built-in server for the demo domain. */
export const MAIL_CONNECTORS = ['imap', 'local'] as const;
export type MailConnectorKind = (typeof MAIL_CONNECTORS)[number];

const port = z.coerce.number().int().min(1).max(65535);
const host = text().trim().min(1).max(253);

export const emailAddress = z.object({ email: text().trim().max(254), name: text().trim().max(120).nullish() });
export type MailAddress = z.infer<typeof emailAddress>;
const addressList = z.array(emailAddress).max(200);

/** Binding a mailbox. The password is write-only: left empty on an update it keeps the stored one. */
export const mailboxBindBody = z.object({
  /** the mailbox to change; without it the caller's mailbox of this address, else a new one */
  id: int32Id().optional(),
  email: text().trim().toLowerCase().email().max(254),
  displayName: text().trim().max(120).optional().default(''),
  connector: z.enum(MAIL_CONNECTORS).default('imap'),
  imapHost: host.optional().default(''),
  imapPort: port.default(993),
  imapTls: z.boolean().default(true),
  smtpHost: host.optional().default(''),
  smtpPort: port.default(465),
  smtpTls: z.boolean().default(true),
  username: text().trim().max(254).optional().default(''),
  password: text().max(500).optional(),
  /** an administrator binding for someone else */
  userId: int32Id().optional(),
});
export type MailboxBindBody = z.infer<typeof mailboxBindBody>;

export const mailboxView = z.object({
  id: int32Id(),
  userId: int32Id(),
  userName: text().nullable(),
  email: text(),
  displayName: text(),
  connector: z.enum(MAIL_CONNECTORS),
  imapHost: text(),
  imapPort: int32(),
  imapTls: z.boolean(),
  smtpHost: text(),
  smtpPort: int32(),
  smtpTls: z.boolean(),
  username: text(),
  hasPassword: z.boolean(),
  sseStatus: z.union([z.literal(0), z.literal(1)]),
  lastSyncAt: text().nullable(),
  lastError: text().nullable(),
});
export type MailboxView = z.infer<typeof mailboxView>;

/** GET email/account/staff/state: whether the caller has a mailbox, and which. */
export const mailboxState = z.object({ bound: z.boolean(), account: mailboxView.nullable() });
export type MailboxState = z.infer<typeof mailboxState>;

/**
 * A staff member may bind several mailboxes; calls that act on "my mailbox" take the one picked in
 * the switcher (`accountId`), else the first bound. Calls on a mail by id find its mailbox from it.
 */
export const accountRef = z.object({ accountId: int32Id().optional() });
export type AccountRef = z.infer<typeof accountRef>;
/** the same on a GET (query string) */
export const accountQuery = z.object({ accountId: z.coerce.number().int().positive().max(2_147_483_647).optional() });

/** email/sender/list: the caller's mailboxes for the switcher and the From picker. */
export const senderItem = z.object({
  id: int32Id(),
  email: text(),
  displayName: text(),
  connector: z.enum(MAIL_CONNECTORS),
  unread: int32(),
  lastError: text().nullable(),
});
export type SenderItem = z.infer<typeof senderItem>;

export const mailboxStaffQuery = pageQuery.extend({ keyword: text().trim().max(100).optional() });
export const sseStatusBody = accountRef.extend({ sseStatus: z.union([z.literal(0), z.literal(1)]) });

export const mailListQuery = pageQuery.extend({
  accountId: int32Id().optional(),
  keyword: text().trim().max(200).optional(),
  read: z.union([z.literal(0), z.literal(1)]).optional(),
  star: z.union([z.literal(0), z.literal(1)]).optional(),
  /** one sender's mail (the sender filter, fed by sender/query) */
  sender: text().trim().toLowerCase().max(254).optional(),
});
export type MailListQuery = z.infer<typeof mailListQuery>;

export const mailAttachment = z.object({
  fileId: text().nullable(),
  name: text(),
  size: int32(),
  contentType: text(),
  url: text().nullable(),
});
export type MailAttachment = z.infer<typeof mailAttachment>;

export const mailRow = z.object({
  id: int32Id(),
  /** the mailbox holding it (of the caller's mailboxes) */
  accountId: int32Id(),
  folder: z.enum(MAIL_FOLDERS),
  subject: text(),
  senderEmail: text(),
  senderName: text().nullable(),
  receiverEmailList: addressList,
  ccEmailList: addressList,
  receiveTime: text(),
  read: z.boolean(),
  star: z.boolean(),
  hasAttachment: z.boolean(),
  snippet: text(),
  /** a timed draft's send time; null otherwise */
  sendAt: text().nullable(),
  /** why its last timed send failed */
  sendError: text().nullable(),
  /** the customer or supplier the mail was exchanged with */
  counterpartKind: z.enum(['customer', 'supplier']).nullable(),
  counterpartId: int32().nullable(),
  counterpartName: text().nullable(),
});
export type MailRow = z.infer<typeof mailRow>;

export const mailDetail = mailRow.extend({
  bccEmailList: addressList,
  /** sanitised on the server; the web sanitises again before it renders */
  content: text(),
  /** the content refers to remote images (shown only when the reader allows them) */
  hasRemoteImages: z.boolean(),
  attachments: z.array(mailAttachment),
});
export type MailDetail = z.infer<typeof mailDetail>;

export const mailIdBody = z.object({ id: int32Id() });
export const mailIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const MARK_TYPES = ['read', 'unread', 'star', 'unstar'] as const;
export const mailMarkBody = z.object({ ids: z.array(int32Id()).min(1).max(500), markType: z.enum(MARK_TYPES) });
export type MailMarkBody = z.infer<typeof mailMarkBody>;

/** junk/move: to the spam folder (`junk: true`) or back to the inbox. */
export const junkMoveBody = z.object({ ids: z.array(int32Id()).min(1).max(500), junk: z.boolean() });

export const changedCount = z.object({ changed: int32() });

/** Spec 3: the three unread counters. */
export const unreadCounters = z.object({
  receiveUnReadNum: int32(),
  indiciaUnReadNum: int32(),
  junkUnReadNum: int32(),
});
export type UnreadCounters = z.infer<typeof unreadCounters>;

const composeFields = {
  receiverEmailList: addressList.default([]),
  ccEmailList: addressList.default([]),
  bccEmailList: addressList.default([]),
  subject: text().max(998).default(''),
  content: text().max(2_000_000).default(''),
  /** uploaded through file/uploadFileAndGetPresignedUrl */
  fileIds: z.array(text().max(64)).max(30).default([]),
};
export const mailSendBody = z.object({
  ...composeFields,
  accountId: int32Id().optional(),
  draftId: int32Id().optional(),
});
export type MailSendBody = z.infer<typeof mailSendBody>;
export const draftSaveBody = z.object({ ...composeFields, accountId: int32Id().optional(), id: int32Id().optional() });
export type DraftSaveBody = z.infer<typeof draftSaveBody>;
/** draft/timing/save: a draft that the timed-send job sends at `sendAt` (ISO time, in the future). */
export const timedDraftBody = draftSaveBody.extend({ sendAt: isoTime });
export type TimedDraftBody = z.infer<typeof timedDraftBody>;
export const draftView = mailDetail.extend({ fileIds: z.array(text()) });
export type DraftView = z.infer<typeof draftView>;

export const mailSent = z.object({ id: int32Id(), messageId: text() });
export const syncResult = z.object({ received: int32() });

/** book/contact: address suggestions. */
export const contactQuery = z.object({
  accountId: int32Id().optional(),
  keyword: text().trim().max(100).default(''),
  size: int32().min(1).max(50).default(10),
});
export const contactSuggestion = emailAddress.extend({ source: z.enum(['book', 'staff', 'crm', 'mail']) });

export const signatureBody = z.object({
  id: int32Id().optional(),
  name: text().trim().min(1).max(60),
  content: text().max(100_000),
  isDefault: z.boolean().default(false),
});
export const signatureRow = z.object({
  id: int32Id(),
  name: text(),
  content: text(),
  isDefault: z.boolean(),
  updatedAt: text(),
  /** an administrator's shared signature (`/setModule/email/signature`): offered to all, changed there only */
  shared: z.boolean().optional(),
});
export type SignatureRow = z.infer<typeof signatureRow>;
export const signatureQuery = pageQuery.extend({ keyword: text().trim().max(60).optional() });
export * from './calls.js';
export * from './marketing.js';
export * from './more.js';
export * from './resources.js';
export * from './settings.js';

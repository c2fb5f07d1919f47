import {
  mailBookResource,
  mailSenderRuleResource,
  mailTemplateResource,
  sharedSignatureResource,
} from '@portal/contracts/mail';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ownedRecordColumns } from '../../platform/db/columns.js';
import { searchColumn, searchColumnFor, searchIndex } from '../../platform/db/search.js';

export interface StoredAddress {
  email: string;
  name?: string | null;
}
export interface StoredAttachment {
  /** the bytes in the file service (null when not kept) */
  fileId: string | null;
  name: string;
  size: number;
  contentType: string;
  contentId?: string | null;
}

/**
 * A staff member's bound mailbox. The password is AES-256-GCM ciphertext (see crypto.ts), never
 * returned and never logged. `local` mailboxes live on the portal's built-in server.
 */
export const mailAccounts = pgTable(
  'mail_accounts',
  {
    ...ownedRecordColumns(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull().default(''),
    connector: text('connector').$type<'imap' | 'local'>().notNull(),
    imapHost: text('imap_host').notNull().default(''),
    imapPort: integer('imap_port').notNull().default(993),
    imapTls: boolean('imap_tls').notNull().default(true),
    smtpHost: text('smtp_host').notNull().default(''),
    smtpPort: integer('smtp_port').notNull().default(465),
    smtpTls: boolean('smtp_tls').notNull().default(true),
    username: text('username').notNull().default(''),
    secret: text('secret'),
    /** new-mail push on (1) or off (0): email/account/updateEmailSseStatus */
    sseStatus: smallint('sse_status').notNull().default(1),
    /** new-mail notices also go to the workplace-chat robot: dingNotice/update */
    dingStatus: boolean('ding_status').notNull().default(false),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('mail_accounts_email_uq').on(sql`lower(${t.email})`),
    index('mail_accounts_user_idx').on(t.userId),
  ],
);

/** Where incremental IMAP sync stands in one remote folder: UIDVALIDITY and the highest UID seen. */
export const mailSyncState = pgTable(
  'mail_sync_state',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => mailAccounts.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    uidValidity: bigint('uid_validity', { mode: 'number' }).notNull(),
    lastUid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
    /** HIGHESTMODSEQ at the last sync (servers with CONDSTORE): flag changes since then are pulled */
    highestModseq: bigint('highest_modseq', { mode: 'number' }),
  },
  (t) => [uniqueIndex('mail_sync_state_uq').on(t.accountId, t.path)],
);

/** The store: every mail of every mailbox, whatever the connector. Screens and search read this. */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => mailAccounts.id, { onDelete: 'cascade' }),
    folder: text('folder').$type<'inbox' | 'sent' | 'drafts' | 'junk'>().notNull(),
    /** the IMAP folder and UID it mirrors (null for local mail and unsent drafts) */
    remotePath: text('remote_path'),
    uidValidity: bigint('uid_validity', { mode: 'number' }),
    uid: bigint('uid', { mode: 'number' }),
    messageId: text('message_id'),
    subject: text('subject').notNull().default(''),
    fromEmail: text('from_email').notNull().default(''),
    fromName: text('from_name'),
    toList: jsonb('to_list').$type<StoredAddress[]>().notNull().default(sql`'[]'::jsonb`),
    ccList: jsonb('cc_list').$type<StoredAddress[]>().notNull().default(sql`'[]'::jsonb`),
    bccList: jsonb('bcc_list').$type<StoredAddress[]>().notNull().default(sql`'[]'::jsonb`),
    html: text('html').notNull().default(''),
    textBody: text('text_body').notNull().default(''),
    snippet: text('snippet').notNull().default(''),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default(sql`'[]'::jsonb`),
    seen: boolean('seen').notNull().default(false),
    flagged: boolean('flagged').notNull().default(false),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** a draft to be sent at this time by the timed-send job (null: an ordinary draft) */
    sendAt: timestamp('send_at', { withTimezone: true }),
    /** why the last timed send of this draft failed */
    sendError: text('send_error'),
    /** the customer or supplier this mail was exchanged with (the counterpart lookup's answer) */
    counterpartKind: text('counterpart_kind').$type<'customer' | 'supplier'>(),
    counterpartId: integer('counterpart_id'),
    counterpartName: text('counterpart_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** what the lists' keyword searches: subject, sender and the text's start (trigram index) */
    search: searchColumn('search', ['subject', 'from_email', 'from_name', 'snippet']),
  },
  (t) => [
    searchIndex('mail_messages_search_trgm', t.search),
    index('mail_messages_folder_idx').on(t.accountId, t.folder, t.at, t.id),
    index('mail_messages_timed_idx').on(t.sendAt).where(sql`${t.sendAt} is not null`),
    index('mail_messages_counterpart_idx')
      .on(t.counterpartKind, t.counterpartId, t.at)
      .where(sql`${t.counterpartId} is not null`),
    // the unread filter pages in the list's order straight off this index (benchmarks, "Mail client")
    index('mail_messages_unread_idx').on(t.accountId, t.folder, t.at, t.id).where(sql`not ${t.seen}`),
    index('mail_messages_star_idx').on(t.accountId, t.at).where(sql`${t.flagged}`),
    uniqueIndex('mail_messages_remote_uq').on(t.accountId, t.remotePath, t.uidValidity, t.uid),
  ],
);

/** A staff member's signatures; the default one is put under a new mail. */
export const mailSignatures = pgTable(
  'mail_signatures',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    name: text('name').notNull(),
    content: text('content').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_signatures_user_idx').on(t.userId)],
);

/** Signatures an administrator shares with everyone (`/setModule/email/signature`, decision 0062). */
export const mailSharedSignatures = pgTable(
  'mail_shared_signatures',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    name: text('name').notNull(),
    content: text('content').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: searchColumnFor(sharedSignatureResource),
  },
  (t) => [
    index('mail_shared_signatures_name_idx').on(t.name, t.id),
    index('mail_shared_signatures_enabled_idx').on(t.enabled),
    index('mail_shared_signatures_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id),
    searchIndex('mail_shared_signatures_search_trgm', t.search),
  ],
);

/** The mail room's settings documents (`inbox`: decision 0062), one JSON value per key. */
export const mailSettings = pgTable('mail_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A staff member's own address book (adb): people they write to, besides colleagues and CRM contacts. */
export const mailBook = pgTable(
  'mail_book',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    company: text('company').notNull().default(''),
    phone: text('phone').notNull().default(''),
    remark: text('remark').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    search: searchColumnFor(mailBookResource),
  },
  (t) => [
    uniqueIndex('mail_book_user_email_uq').on(t.userId, sql`lower(${t.email})`),
    index('mail_book_name_idx').on(t.name, t.id),
    searchIndex('mail_book_search_trgm', t.search),
  ],
);

/** Mail templates: a subject and body to start from; shared ones are offered to every colleague. */
export const mailTemplates = pgTable(
  'mail_templates',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    name: text('name').notNull(),
    subject: text('subject').notNull().default(''),
    content: text('content').notNull().default(''),
    shared: boolean('shared').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    search: searchColumnFor(mailTemplateResource),
  },
  (t) => [
    index('mail_templates_user_idx').on(t.userId),
    index('mail_templates_shared_idx').on(t.shared),
    index('mail_templates_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id),
    searchIndex('mail_templates_search_trgm', t.search),
  ],
);

/**
 * White and blacklist of one staff member, over all their mailboxes: an address or a whole domain
 * (`@example.com`). `learned` entries come from moving mail to spam and back; a manual entry wins.
 */
export const mailSenderRules = pgTable(
  'mail_sender_rules',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    kind: text('kind').$type<'white' | 'black'>().notNull(),
    value: text('value').notNull(),
    source: text('source').$type<'manual' | 'learned'>().notNull().default('manual'),
    remark: text('remark').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    search: searchColumnFor(mailSenderRuleResource),
  },
  (t) => [
    uniqueIndex('mail_sender_rules_uq').on(t.userId, t.value),
    index('mail_sender_rules_kind_idx').on(t.kind),
    index('mail_sender_rules_value_idx').on(t.value, t.id),
    searchIndex('mail_sender_rules_search_trgm', t.search),
  ],
);

/** What each mailbox sent, received and failed to send (emailLog/query). */
export const mailLogs = pgTable(
  'mail_logs',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => mailAccounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    mailbox: text('mailbox').notNull(),
    direction: text('direction').$type<'sent' | 'received' | 'failed'>().notNull(),
    messageRowId: integer('message_row_id'),
    subject: text('subject').notNull().default(''),
    /** the other side: the sender of a received mail, the recipients of a sent one */
    peers: text('peers').notNull().default(''),
    counterpartKind: text('counterpart_kind').$type<'customer' | 'supplier'>(),
    counterpartId: integer('counterpart_id'),
    counterpartName: text('counterpart_name'),
    error: text('error'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('mail_logs_account_idx').on(t.accountId, t.at), index('mail_logs_user_idx').on(t.userId, t.at)],
);

/** A supplier's bill mail handed to finance (pushToFcBillEmail), once per mail. */
export const mailBillPushes = pgTable('mail_bill_pushes', {
  messageRowId: integer('message_row_id')
    .primaryKey()
    .references(() => mailMessages.id, { onDelete: 'cascade' }),
  billFlag: text('bill_flag').notNull(),
  remark: text('remark').notNull().default(''),
  pushedBy: integer('pushed_by').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

/** A marketing mail (CRM, decision 0082): written once, sent as one copy per chosen customer contact. */
export const mailCampaigns = pgTable(
  'mail_campaigns',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => mailAccounts.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    recipients: jsonb('recipients')
      .$type<{ customerId: number; email: string; name: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status').$type<'draft' | 'sending' | 'sent'>().notNull().default('draft'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_campaigns_user_idx').on(t.userId, t.updatedAt)],
);

/** The links of a sent marketing mail: a click redirects only to one of these, never to a URL from the request. */
export const mailCampaignLinks = pgTable(
  'mail_campaign_links',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => mailCampaigns.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
  },
  (t) => [index('mail_campaign_links_campaign_idx').on(t.campaignId)],
);

/** One recipient's copy of a marketing mail and where it stands. */
export const mailCampaignCopies = pgTable(
  'mail_campaign_copies',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => mailCampaigns.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').notNull(),
    customerName: text('customer_name').notNull().default(''),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** the copy's own Message-ID: replies (In-Reply-To / References) and DSNs find it by this */
    messageId: text('message_id'),
    /**
     * set by the send job just before it hands the copy to SMTP: a copy claimed but neither sent
     * nor failed was cut off mid-send and is never sent again (at most one copy per recipient)
     */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    opens: integer('opens').notNull().default(0),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    clicks: integer('clicks').notNull().default(0),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [
    index('mail_campaign_copies_campaign_idx').on(t.campaignId, t.id),
    uniqueIndex('mail_campaign_copies_message_uq').on(t.messageId),
  ],
);

/** Every tracking event of a copy (the e-mail tracking details). */
export const mailCampaignEvents = pgTable(
  'mail_campaign_events',
  {
    id: serial('id').primaryKey(),
    copyId: integer('copy_id')
      .notNull()
      .references(() => mailCampaignCopies.id, { onDelete: 'cascade' }),
    kind: text('kind')
      .$type<'sent' | 'delivered' | 'opened' | 'clicked' | 'replied' | 'bounced' | 'failed'>()
      .notNull(),
    linkId: integer('link_id'),
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('mail_campaign_events_copy_idx').on(t.copyId, t.at)],
);

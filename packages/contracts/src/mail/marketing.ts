import { z } from 'zod';
import { pageQuery } from '../paging.js';
import { routeByPath } from '../routes/index.js';
import { permOf } from '../routes/types.js';
import { int32, int32Id, text } from '../validation/scalars.js';

/**
 * Marketing mail (CRM): one mail sent to a selection of customer contacts, each copy its own
 * message, each tracked — sent, delivered, opened (pixel), clicked (rewritten links), replied,
 * bounced (decision 0082).
 */

/** the tracking events of a copy, in the order they normally happen */
export const MARKETING_EVENTS = ['sent', 'delivered', 'opened', 'clicked', 'replied', 'bounced', 'failed'] as const;
export type MarketingEvent = (typeof MARKETING_EVENTS)[number];

/** the key of the marketing mail list (a CRM menu page); it guards the marketing calls and pages */
export const MARKETING_PERM = permOf(routeByPath('/crm/marketing-email')!);

/** live resource of marketing mails: a copy going out or a send finishing refreshes the open screens */
export const LIVE_RESOURCES_MAIL = { campaigns: 'mail.campaigns' } as const;

/** most recipients of one marketing mail */
export const MARKETING_MAX_RECIPIENTS = 200;

/** the public tracking routes (no sign-in; a signed token names the copy and link) */
export const MARKETING_OPEN_PATH = '/v2/emailbox/marketing/t/o';
export const MARKETING_CLICK_PATH = '/v2/emailbox/marketing/t/c';

export const marketingRecipient = z.object({
  customerId: int32Id(),
  email: text().trim().toLowerCase().email().max(254),
  name: text().trim().max(120).default(''),
});
export type MarketingRecipient = z.infer<typeof marketingRecipient>;

export const marketingSaveBody = z.object({
  id: int32Id().optional(),
  accountId: int32Id().optional(),
  subject: text().trim().min(1).max(998),
  content: text().min(1).max(500_000),
  recipients: z
    .array(marketingRecipient)
    .min(1)
    .max(MARKETING_MAX_RECIPIENTS)
    .refine((r) => new Set(r.map((x) => x.email)).size === r.length, { message: 'duplicate recipient' }),
});
export type MarketingSaveBody = z.infer<typeof marketingSaveBody>;

/**
 * draft: editable; sending: claimed and queued, the copies go out one by one in the background
 * (`mail.marketing` job); sent: every copy has gone or failed. Never changed once past draft.
 */
export const MARKETING_STATUSES = ['draft', 'sending', 'sent'] as const;
export type MarketingStatus = (typeof MARKETING_STATUSES)[number];

export const marketingQuery = pageQuery.extend({
  keyword: text().trim().max(100).optional(),
  status: z.enum(MARKETING_STATUSES).optional(),
  /** only my own campaigns (a manager's list otherwise holds the team's, by data scope) */
  mine: z.boolean().optional(),
});

/** counts of copies that reached each stage */
export const marketingStats = z.object({
  recipients: int32(),
  sent: int32(),
  delivered: int32(),
  opened: int32(),
  clicked: int32(),
  replied: int32(),
  bounced: int32(),
  failed: int32(),
});
export type MarketingStats = z.infer<typeof marketingStats>;

export const marketingRow = z.object({
  id: int32Id(),
  subject: text(),
  status: z.enum(MARKETING_STATUSES),
  mailbox: text(),
  /** who wrote it; only they may edit, send or delete it (others in whose data scope it is may read) */
  userId: int32Id(),
  userName: text(),
  mine: z.boolean(),
  updatedAt: text(),
  sentAt: text().nullable(),
  stats: marketingStats,
  /**
   * the caller may resume its send now: it is `sending`, no send job is queued or running for it
   * (the job failed for good), and it is theirs or they administer mailboxes
   */
  resumable: z.boolean(),
});
export type MarketingRow = z.infer<typeof marketingRow>;

export const marketingCopy = z.object({
  id: int32Id(),
  customerId: int32Id(),
  customerName: text(),
  email: text(),
  name: text(),
  sentAt: text().nullable(),
  deliveredAt: text().nullable(),
  openedAt: text().nullable(),
  opens: int32(),
  clickedAt: text().nullable(),
  clicks: int32(),
  repliedAt: text().nullable(),
  bouncedAt: text().nullable(),
  error: text().nullable(),
});
export type MarketingCopy = z.infer<typeof marketingCopy>;

export const marketingDetail = marketingRow.extend({
  accountId: int32Id(),
  content: text(),
  recipients: z.array(marketingRecipient),
  copies: z.array(marketingCopy),
  links: z.array(z.object({ id: int32Id(), url: text(), clicks: int32() })),
});
export type MarketingDetail = z.infer<typeof marketingDetail>;

/** the e-mail tracking details of one copy: its stages and every recorded event */
export const marketingTracking = z.object({
  campaignId: int32Id(),
  subject: text(),
  copy: marketingCopy,
  events: z.array(
    z.object({
      kind: z.enum(MARKETING_EVENTS),
      at: text(),
      url: text().nullable(),
      detail: text().nullable(),
    }),
  ),
});
export type MarketingTracking = z.infer<typeof marketingTracking>;

export const marketingTokenParams = z.object({ token: text().max(200) });

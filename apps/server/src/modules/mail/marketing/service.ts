import type { PageResult } from '@portal/contracts';
import {
  MARKETING_CLICK_PATH,
  MARKETING_OPEN_PATH,
  type MarketingCopy,
  type MarketingDetail,
  type MarketingEvent,
  type MarketingRow,
  type MarketingSaveBody,
  type MarketingStats,
  type MarketingTracking,
} from '@portal/contracts/mail';
import { and, asc, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/context.js';
import { counterpartsOf } from '../../../platform/counterparts.js';
import { containsPattern } from '../../../platform/db/like.js';
import { AppError } from '../../../platform/http/errors.js';
import type { Platform } from '../../../platform/platform.js';
import type { AccountRow } from '../connectors/types.js';
import { mailAccounts, mailCampaignCopies, mailCampaignEvents, mailCampaignLinks, mailCampaigns } from '../schema.js';
import type { MailService } from '../service.js';
import { inboundFacts } from './reports.js';
import { decorateHtml, linksOf } from './rewrite.js';
import { openTrackingToken, trackingToken } from './tokens.js';

type Campaign = typeof mailCampaigns.$inferSelect;
type Copy = typeof mailCampaignCopies.$inferSelect;
const iso = (d: Date | null) => d?.toISOString() ?? null;

const toCopy = (c: Copy): MarketingCopy => ({
  id: c.id,
  customerId: c.customerId,
  customerName: c.customerName,
  email: c.email,
  name: c.name,
  sentAt: iso(c.sentAt),
  deliveredAt: iso(c.deliveredAt),
  openedAt: iso(c.openedAt),
  opens: c.opens,
  clickedAt: iso(c.clickedAt),
  clicks: c.clicks,
  repliedAt: iso(c.repliedAt),
  bouncedAt: iso(c.bouncedAt),
  error: c.error,
});

/** Marketing mail (decision 0082): campaigns of the caller, their copies and the tracking of each. */
export function marketing(p: Platform, mail: MailService) {
  const db = p.db;
  const cc = mailCampaignCopies;

  const statsOf = async (ids: number[]): Promise<Map<number, MarketingStats>> => {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({
        id: cc.campaignId,
        recipients: sql<number>`count(*)::int`,
        sent: sql<number>`count(${cc.sentAt})::int`,
        delivered: sql<number>`count(${cc.deliveredAt})::int`,
        opened: sql<number>`count(${cc.openedAt})::int`,
        clicked: sql<number>`count(${cc.clickedAt})::int`,
        replied: sql<number>`count(${cc.repliedAt})::int`,
        bounced: sql<number>`count(${cc.bouncedAt})::int`,
        failed: sql<number>`count(*) filter (where ${cc.sentAt} is null and ${cc.error} is not null)::int`,
      })
      .from(cc)
      .where(inArray(cc.campaignId, ids))
      .groupBy(cc.campaignId);
    return new Map(rows.map(({ id, ...s }) => [id, s]));
  };
  const noStats = (n: number): MarketingStats => ({
    recipients: n,
    sent: 0,
    delivered: 0,
    opened: 0,
    clicked: 0,
    replied: 0,
    bounced: 0,
    failed: 0,
  });

  const toRow = (c: Campaign, mailbox: string, stats?: MarketingStats): MarketingRow => ({
    id: c.id,
    subject: c.subject,
    status: c.status,
    mailbox,
    updatedAt: c.updatedAt.toISOString(),
    sentAt: iso(c.sentAt),
    stats: stats ?? noStats(c.recipients.length),
  });

  /** A campaign of the caller (another's is not found, whoever asks). */
  const own = async (userId: number, id: number) => {
    const [row] = await db
      .select({ c: mailCampaigns, mailbox: mailAccounts.email })
      .from(mailCampaigns)
      .innerJoin(mailAccounts, eq(mailAccounts.id, mailCampaigns.accountId))
      .where(and(eq(mailCampaigns.id, id), eq(mailCampaigns.userId, userId)));
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  };

  /** Every recipient must be a contact of a customer in the caller's data scope, as CRM answers it. */
  const checkRecipients = async (auth: AuthContext, body: MarketingSaveBody) => {
    const names = new Map<number, string>();
    for (const customerId of new Set(body.recipients.map((r) => r.customerId))) {
      const contacts = await counterpartsOf(p).contacts('customer', auth, { counterpartId: customerId, limit: 500 });
      const emails = new Set(contacts.map((c) => c.email.toLowerCase()));
      for (const r of body.recipients.filter((x) => x.customerId === customerId))
        if (!emails.has(r.email)) throw new AppError('MAIL_MARKETING_RECIPIENT', { vars: { value: r.email } });
      names.set(customerId, contacts[0]?.counterpartName ?? '');
    }
    return names;
  };

  const event = (copyId: number, kind: MarketingEvent, extra: { linkId?: number; detail?: string | null } = {}) =>
    db.insert(mailCampaignEvents).values({ copyId, kind, at: p.clock.now(), ...extra });

  return {
    async list(userId: number, q: { page: number; size: number; keyword?: string; status?: 'draft' | 'sent' }) {
      const where = and(
        eq(mailCampaigns.userId, userId),
        q.keyword ? ilike(mailCampaigns.subject, containsPattern(q.keyword)) : undefined,
        q.status ? eq(mailCampaigns.status, q.status) : undefined,
      );
      const rows = await db
        .select({ c: mailCampaigns, mailbox: mailAccounts.email })
        .from(mailCampaigns)
        .innerJoin(mailAccounts, eq(mailAccounts.id, mailCampaigns.accountId))
        .where(where)
        .orderBy(desc(mailCampaigns.updatedAt), desc(mailCampaigns.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      const [n] = await db.select({ n: sql<number>`count(*)::int` }).from(mailCampaigns).where(where);
      const stats = await statsOf(rows.filter((r) => r.c.status === 'sent').map((r) => r.c.id));
      return {
        records: rows.map((r) => toRow(r.c, r.mailbox, stats.get(r.c.id))),
        total: n?.n ?? 0,
        page: q.page,
        size: q.size,
      } satisfies PageResult<MarketingRow>;
    },

    async detail(userId: number, id: number): Promise<MarketingDetail> {
      const { c, mailbox } = await own(userId, id);
      const copies = await db.select().from(cc).where(eq(cc.campaignId, id)).orderBy(asc(cc.id));
      const links = await db
        .select({ id: mailCampaignLinks.id, url: mailCampaignLinks.url })
        .from(mailCampaignLinks)
        .where(eq(mailCampaignLinks.campaignId, id))
        .orderBy(asc(mailCampaignLinks.id));
      const clicks = links.length
        ? await db
            .select({ linkId: mailCampaignEvents.linkId, n: sql<number>`count(*)::int` })
            .from(mailCampaignEvents)
            .where(
              and(
                eq(mailCampaignEvents.kind, 'clicked'),
                inArray(
                  mailCampaignEvents.linkId,
                  links.map((l) => l.id),
                ),
              ),
            )
            .groupBy(mailCampaignEvents.linkId)
        : [];
      const clicksOf = new Map(clicks.map((c) => [c.linkId, c.n]));
      const stats = c.status === 'sent' ? (await statsOf([id])).get(id) : undefined;
      return {
        ...toRow(c, mailbox, stats),
        accountId: c.accountId,
        content: c.content,
        recipients: c.recipients,
        copies: copies.map(toCopy),
        links: links.map((l) => ({ ...l, clicks: clicksOf.get(l.id) ?? 0 })),
      };
    },

    /** Saves a draft campaign (a sent one is never changed: 10170250). */
    async save(auth: AuthContext, body: MarketingSaveBody): Promise<{ id: number }> {
      const values = {
        subject: body.subject,
        content: body.content,
        recipients: body.recipients,
        updatedAt: p.clock.now(),
      };
      if (body.id) {
        const { c } = await own(auth.userId, body.id);
        if (c.status === 'sent') throw new AppError('MAIL_MARKETING_SENT');
        const accountId = body.accountId ? (await mail.mailboxOf(auth.userId, body.accountId)).id : c.accountId;
        await checkRecipients(auth, body);
        await db
          .update(mailCampaigns)
          .set({ ...values, accountId })
          .where(eq(mailCampaigns.id, c.id));
        return { id: c.id };
      }
      const mb = await mail.mailboxOf(auth.userId, body.accountId);
      await checkRecipients(auth, body);
      const [row] = await db
        .insert(mailCampaigns)
        .values({ ...values, userId: auth.userId, accountId: mb.id })
        .returning({ id: mailCampaigns.id });
      return { id: row!.id };
    },

    async remove(userId: number, id: number) {
      await own(userId, id);
      await db.delete(mailCampaigns).where(eq(mailCampaigns.id, id));
    },

    /**
     * Sends one copy to each recipient, each its own message through the campaign's mailbox, its
     * links rewritten to signed redirects and an open pixel added. The recipients are checked
     * again (a customer may have left the caller's scope since the draft was saved).
     */
    async send(auth: AuthContext, id: number): Promise<MarketingDetail> {
      const { c } = await own(auth.userId, id);
      const names = await checkRecipients(auth, { ...c, id: c.id, accountId: c.accountId });
      // the first sender wins; a second click while it runs finds it sent
      const claimed = await db
        .update(mailCampaigns)
        .set({ status: 'sent', sentAt: p.clock.now(), updatedAt: p.clock.now() })
        .where(and(eq(mailCampaigns.id, id), eq(mailCampaigns.status, 'draft')))
        .returning({ id: mailCampaigns.id });
      if (claimed.length === 0) throw new AppError('MAIL_MARKETING_SENT');
      const mb = await mail.mailboxOf(auth.userId, c.accountId);
      const base = p.config.publicUrl.replace(/\/$/, '');
      const urls = linksOf(c.content);
      const links = urls.length
        ? await db
            .insert(mailCampaignLinks)
            .values(urls.map((url) => ({ campaignId: id, url })))
            .returning()
        : [];
      const copies = await db
        .insert(cc)
        .values(
          c.recipients.map((r) => ({
            campaignId: id,
            customerId: r.customerId,
            customerName: names.get(r.customerId) ?? '',
            email: r.email,
            name: r.name,
          })),
        )
        .returning();
      for (const copy of copies) {
        const tracked = new Map<string, string>();
        for (const l of links)
          tracked.set(l.url, `${base}${MARKETING_CLICK_PATH}/${await trackingToken(db, 'c', copy.id, l.id)}`);
        const pixel = `${base}${MARKETING_OPEN_PATH}/${await trackingToken(db, 'o', copy.id)}`;
        try {
          const sent = await mail.send(
            auth.userId,
            {
              accountId: mb.id,
              receiverEmailList: [{ email: copy.email, name: copy.name || null }],
              ccEmailList: [],
              bccEmailList: [],
              subject: c.subject,
              content: c.content,
              fileIds: [],
            },
            [],
            { decorate: (html) => decorateHtml(html, tracked, pixel), dsn: true },
          );
          const now = p.clock.now();
          // the built-in server is the last hop of the demo world: taking the copy is delivering it
          const delivered = mb.connector === 'local' ? now : null;
          await db
            .update(cc)
            .set({ messageId: sent.messageId, sentAt: now, deliveredAt: delivered })
            .where(eq(cc.id, copy.id));
          await event(copy.id, 'sent');
          if (delivered) await event(copy.id, 'delivered', { detail: 'local' });
        } catch (err) {
          const reason = err instanceof AppError ? err.message : err instanceof Error ? err.message : String(err);
          await db
            .update(cc)
            .set({ error: reason.slice(0, 300) })
            .where(eq(cc.id, copy.id));
          await event(copy.id, 'failed', { detail: reason.slice(0, 300) });
        }
      }
      return this.detail(auth.userId, id);
    },

    async tracking(userId: number, copyId: number): Promise<MarketingTracking> {
      const [row] = await db
        .select({ copy: cc, c: mailCampaigns })
        .from(cc)
        .innerJoin(mailCampaigns, eq(mailCampaigns.id, cc.campaignId))
        .where(and(eq(cc.id, copyId), eq(mailCampaigns.userId, userId)));
      if (!row) throw new AppError('NOT_FOUND');
      const events = await db
        .select({ e: mailCampaignEvents, url: mailCampaignLinks.url })
        .from(mailCampaignEvents)
        .leftJoin(mailCampaignLinks, eq(mailCampaignLinks.id, mailCampaignEvents.linkId))
        .where(eq(mailCampaignEvents.copyId, copyId))
        .orderBy(asc(mailCampaignEvents.at), asc(mailCampaignEvents.id));
      return {
        campaignId: row.c.id,
        subject: row.c.subject,
        copy: toCopy(row.copy),
        events: events.map(({ e, url }) => ({ kind: e.kind, at: e.at.toISOString(), url, detail: e.detail })),
      };
    },

    /** The pixel was loaded: counts an open of a sent copy (a bad token changes nothing). */
    async recordOpen(token: string): Promise<void> {
      const t = await openTrackingToken(db, 'o', token);
      if (t?.linkId !== 0) return;
      const now = p.clock.now();
      const hit = await db
        .update(cc)
        .set({ opens: sql`${cc.opens} + 1`, openedAt: sql`coalesce(${cc.openedAt}, ${now})` })
        .where(and(eq(cc.id, t.copyId), sql`${cc.sentAt} is not null`))
        .returning({ id: cc.id });
      if (hit.length) await event(t.copyId, 'opened');
    },

    /** A tracked link was followed: counts the click and answers where to; null for anything not ours. */
    async recordClick(token: string): Promise<string | null> {
      const t = await openTrackingToken(db, 'c', token);
      if (!t) return null;
      const [row] = await db
        .select({ url: mailCampaignLinks.url })
        .from(cc)
        .innerJoin(mailCampaignLinks, eq(mailCampaignLinks.campaignId, cc.campaignId))
        .where(and(eq(cc.id, t.copyId), eq(mailCampaignLinks.id, t.linkId), sql`${cc.sentAt} is not null`));
      if (!row) return null;
      const now = p.clock.now();
      await db
        .update(cc)
        .set({ clicks: sql`${cc.clicks} + 1`, clickedAt: sql`coalesce(${cc.clickedAt}, ${now})` })
        .where(eq(cc.id, t.copyId));
      await event(t.copyId, 'clicked', { linkId: t.linkId });
      return row.url;
    },

    /** A mail arrived in a mailbox: a reply to one of its copies, or a delivery report about one. */
    async onInbound(a: AccountRow, _id: number, raw: Buffer): Promise<void> {
      const facts = inboundFacts(raw);
      const ids = facts.report ? facts.report.messageIds : facts.answers;
      if (ids.length === 0) return;
      const copies = await db
        .select({ copy: cc })
        .from(cc)
        .innerJoin(mailCampaigns, eq(mailCampaigns.id, cc.campaignId))
        .where(and(inArray(cc.messageId, ids), eq(mailCampaigns.accountId, a.id)));
      const now = p.clock.now();
      for (const { copy } of copies) {
        if (!facts.report) {
          await db
            .update(cc)
            .set({ repliedAt: sql`coalesce(${cc.repliedAt}, ${now})` })
            .where(eq(cc.id, copy.id));
          await event(copy.id, 'replied');
        } else if (facts.report.outcome === 'failed') {
          await db
            .update(cc)
            .set({ bouncedAt: now, error: facts.report.diagnostic })
            .where(and(eq(cc.id, copy.id), isNull(cc.bouncedAt)));
          await event(copy.id, 'bounced', { detail: facts.report.diagnostic });
        } else if (facts.report.outcome === 'delivered') {
          await db
            .update(cc)
            .set({ deliveredAt: now })
            .where(and(eq(cc.id, copy.id), isNull(cc.deliveredAt)));
          await event(copy.id, 'delivered', { detail: facts.report.diagnostic });
        }
      }
    },
  };
}

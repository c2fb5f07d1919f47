import { type Locale, type PageResult, Perm } from '@portal/contracts';
import type {
  MarketingCopy,
  MarketingDetail,
  MarketingEvent,
  MarketingRow,
  MarketingSaveBody,
  MarketingStats,
  MarketingStatus,
  MarketingTracking,
} from '@portal/contracts/mail';
import { and, asc, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { dataScopeWhere } from '../../../platform/access/data-scope.js';
import type { AuthContext } from '../../../platform/auth/context.js';
import { counterpartsOf } from '../../../platform/counterparts.js';
import { containsPattern } from '../../../platform/db/like.js';
import { staffNames } from '../../../platform/history/names.js';
import { AppError } from '../../../platform/http/errors.js';
import type { Platform } from '../../../platform/platform.js';
import type { AccountRow } from '../connectors/types.js';
import { mailAccounts, mailCampaignCopies, mailCampaignEvents, mailCampaignLinks, mailCampaigns } from '../schema.js';
import type { MailService } from '../service.js';
import { inboundFacts } from './reports.js';
import { linksOf } from './rewrite.js';
import { campaignSender } from './sending.js';
import { openTrackingToken } from './tokens.js';

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
  const sender = campaignSender(p, mail);

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

  const toRow = (
    auth: AuthContext,
    names: Map<number, string>,
    c: Campaign,
    mailbox: string,
    stats?: MarketingStats,
    busy: Set<number> = new Set(),
  ): MarketingRow => ({
    id: c.id,
    subject: c.subject,
    status: c.status,
    mailbox,
    userId: c.userId,
    userName: names.get(c.userId) ?? String(c.userId),
    mine: c.userId === auth.userId,
    updatedAt: c.updatedAt.toISOString(),
    sentAt: iso(c.sentAt),
    stats: stats ?? noStats(c.recipients.length),
    resumable: c.status === 'sending' && !busy.has(c.id) && mayResume(auth, c),
  });

  /** Its author, or a mailbox administrator (the copies still go out of the author's mailbox). */
  const mayResume = (auth: AuthContext, c: Campaign) => c.userId === auth.userId || auth.perms.has(Perm.MAIL_ACCOUNTS);
  /** Of these campaigns, the sending ones whose send job is queued, waiting for a retry or running. */
  const busyOf = (cs: Campaign[]) => sender.busy(cs.filter((c) => c.status === 'sending').map((c) => c.id));

  /** A campaign the caller may read: their own, or one whose author is in their data scope. */
  const visible = async (auth: AuthContext, id: number) => {
    const [row] = await db
      .select({ c: mailCampaigns, mailbox: mailAccounts.email })
      .from(mailCampaigns)
      .innerJoin(mailAccounts, eq(mailAccounts.id, mailCampaigns.accountId))
      .where(and(eq(mailCampaigns.id, id), dataScopeWhere(auth, mailCampaigns.userId)));
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  };
  /** A campaign the caller may change: only its author (it goes out of their mailbox). */
  const own = async (auth: AuthContext, id: number) => {
    const row = await visible(auth, id);
    if (row.c.userId !== auth.userId) throw new AppError('NO_PERMISSION');
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
    async list(
      auth: AuthContext,
      locale: Locale,
      q: { page: number; size: number; keyword?: string; status?: MarketingStatus; mine?: boolean },
    ) {
      const where = and(
        q.mine ? eq(mailCampaigns.userId, auth.userId) : dataScopeWhere(auth, mailCampaigns.userId),
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
      const stats = await statsOf(rows.filter((r) => r.c.status !== 'draft').map((r) => r.c.id));
      const names = await staffNames(db, [...new Set(rows.map((r) => r.c.userId))], locale);
      const busy = await busyOf(rows.map((r) => r.c));
      return {
        records: rows.map((r) => toRow(auth, names, r.c, r.mailbox, stats.get(r.c.id), busy)),
        total: n?.n ?? 0,
        page: q.page,
        size: q.size,
      } satisfies PageResult<MarketingRow>;
    },

    async detail(auth: AuthContext, locale: Locale, id: number): Promise<MarketingDetail> {
      const { c, mailbox } = await visible(auth, id);
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
      const stats = c.status !== 'draft' ? (await statsOf([id])).get(id) : undefined;
      const names = await staffNames(db, [c.userId], locale);
      return {
        ...toRow(auth, names, c, mailbox, stats, await busyOf([c])),
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
        const { c } = await own(auth, body.id);
        if (c.status !== 'draft') throw new AppError('MAIL_MARKETING_SENT');
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

    /** Deletes a campaign; one still sending is not deleted under its job (10170250). */
    async remove(auth: AuthContext, id: number) {
      const { c } = await own(auth, id);
      if (c.status === 'sending') throw new AppError('MAIL_MARKETING_SENT');
      await db.delete(mailCampaigns).where(eq(mailCampaigns.id, id));
    },

    /**
     * Sends a campaign: checks the recipients again (a customer may have left the caller's scope
     * since the draft was saved), claims the draft, records one copy per recipient and its links,
     * and queues the `mail.marketing` job that sends the copies; the screens follow its progress.
     */
    async send(auth: AuthContext, locale: Locale, id: number): Promise<MarketingDetail> {
      const { c } = await own(auth, id);
      if (c.status !== 'draft') throw new AppError('MAIL_MARKETING_SENT');
      const names = await checkRecipients(auth, { ...c, id: c.id, accountId: c.accountId });
      await mail.mailboxOf(auth.userId, c.accountId);
      const now = p.clock.now();
      const queued = await db.transaction(async (tx) => {
        // the first sender wins; a second click while it runs finds it sending
        const claimed = await tx
          .update(mailCampaigns)
          .set({ status: 'sending', sentAt: now, updatedAt: now })
          .where(and(eq(mailCampaigns.id, id), eq(mailCampaigns.status, 'draft')))
          .returning({ id: mailCampaigns.id });
        if (claimed.length === 0) return false;
        const urls = linksOf(c.content);
        if (urls.length) await tx.insert(mailCampaignLinks).values(urls.map((url) => ({ campaignId: id, url })));
        await tx.insert(cc).values(
          c.recipients.map((r) => ({
            campaignId: id,
            customerId: r.customerId,
            customerName: names.get(r.customerId) ?? '',
            email: r.email,
            name: r.name,
          })),
        );
        return true;
      });
      if (!queued) throw new AppError('MAIL_MARKETING_SENT');
      await sender.queue(id);
      return this.detail(auth, locale, id);
    },

    /**
     * Resumes a send whose job failed for good (the campaign stays `sending`): its author or a mailbox
     * administrator queues the job again. Only copies nobody claimed go out; the job never sends a
     * claimed copy twice. Refused (10170252) unless it is sending with no send job queued or running.
     */
    async resume(auth: AuthContext, locale: Locale, id: number): Promise<MarketingDetail> {
      const { c } = await visible(auth, id);
      if (!mayResume(auth, c)) throw new AppError('NO_PERMISSION');
      if (c.status !== 'sending' || (await busyOf([c])).size > 0) throw new AppError('MAIL_MARKETING_NOT_STUCK');
      // two resumes at once: only the one that moves the campaign's stamp first queues the job
      const won = await db
        .update(mailCampaigns)
        .set({
          updatedAt: sql`greatest(${p.clock.now().toISOString()}::timestamptz, ${mailCampaigns.updatedAt} + interval '1 millisecond')`,
        })
        .where(
          and(eq(mailCampaigns.id, id), eq(mailCampaigns.status, 'sending'), eq(mailCampaigns.updatedAt, c.updatedAt)),
        )
        .returning({ id: mailCampaigns.id });
      if (won.length === 0) throw new AppError('MAIL_MARKETING_NOT_STUCK');
      await sender.queue(id);
      return this.detail(auth, locale, id);
    },

    /** The job's work: sends (or resumes) the copies of a claimed campaign. */
    runSend: (campaignId: number) => sender.run(campaignId),

    async tracking(auth: AuthContext, copyId: number): Promise<MarketingTracking> {
      const [row] = await db
        .select({ copy: cc, c: mailCampaigns })
        .from(cc)
        .innerJoin(mailCampaigns, eq(mailCampaigns.id, cc.campaignId))
        .where(and(eq(cc.id, copyId), dataScopeWhere(auth, mailCampaigns.userId)));
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

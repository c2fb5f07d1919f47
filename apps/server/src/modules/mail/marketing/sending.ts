import { LIVE_RESOURCES_MAIL, MARKETING_CLICK_PATH, MARKETING_OPEN_PATH } from '@portal/contracts/mail';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../../platform/http/errors.js';
import { declareLiveResource, publishRecordChanged } from '../../../platform/live/record-changes.js';
import type { Platform } from '../../../platform/platform.js';
import { mailCampaignCopies, mailCampaignEvents, mailCampaignLinks, mailCampaigns } from '../schema.js';
import type { MailService } from '../service.js';
import { decorateHtml } from './rewrite.js';
import { trackingToken } from './tokens.js';

/** pg-boss job that sends the copies of one claimed campaign (decision 0084). */
export const MARKETING_SEND_JOB = 'mail.marketing';
/** why a copy cut off mid-send (its process died after the claim) is not sent again */
export const INTERRUPTED = 'interrupted while sending; not sent again so that nobody gets it twice';

// the campaign's progress reaches its author's open screens (others in scope re-read while it sends)
declareLiveResource(LIVE_RESOURCES_MAIL.campaigns, null, async (db, id) =>
  (
    await db
      .select({ userId: mailCampaigns.userId })
      .from(mailCampaigns)
      .where(eq(mailCampaigns.id, Number(id)))
  ).map((r) => r.userId),
);

const cc = mailCampaignCopies;
const keyOf = (campaignId: number) => `mail.marketing:${campaignId}`;
const reasonOf = (err: unknown) =>
  (err instanceof AppError || err instanceof Error ? err.message : String(err)).slice(0, 300);

/**
 * The background half of a campaign's send: each copy claimed, sent through the campaign's mailbox
 * and recorded one at a time, so a retried or restarted job carries on where it stopped and no
 * recipient gets two copies (a copy claimed but not finished is marked failed, not sent again).
 */
export function campaignSender(p: Platform, mail: MailService) {
  const db = p.db;
  const publish = (id: number) =>
    publishRecordChanged(p.bus, LIVE_RESOURCES_MAIL.campaigns, id).catch((err) =>
      p.log.warn({ err, id }, 'campaign change not published'),
    );
  const event = (copyId: number, kind: 'sent' | 'delivered' | 'failed', detail: string | null = null) =>
    db.insert(mailCampaignEvents).values({ copyId, kind, at: p.clock.now(), detail });

  const sendCopy = async (
    c: typeof mailCampaigns.$inferSelect,
    copy: typeof cc.$inferSelect,
    links: { id: number; url: string }[],
    connector: string,
  ) => {
    const base = p.config.publicUrl.replace(/\/$/, '');
    const tracked = new Map<string, string>();
    for (const l of links)
      tracked.set(l.url, `${base}${MARKETING_CLICK_PATH}/${await trackingToken(db, 'c', copy.id, l.id)}`);
    const pixel = `${base}${MARKETING_OPEN_PATH}/${await trackingToken(db, 'o', copy.id)}`;
    try {
      const sent = await mail.send(
        c.userId,
        {
          accountId: c.accountId,
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
      const delivered = connector === 'local' ? now : null;
      await db
        .update(cc)
        .set({ messageId: sent.messageId, sentAt: now, deliveredAt: delivered })
        .where(eq(cc.id, copy.id));
      await event(copy.id, 'sent');
      if (delivered) await event(copy.id, 'delivered', 'local');
    } catch (err) {
      const reason = reasonOf(err);
      await db.update(cc).set({ error: reason }).where(eq(cc.id, copy.id));
      await event(copy.id, 'failed', reason);
    }
  };

  return {
    /** Queues the send of a campaign just claimed (status `sending`); one job per campaign. */
    async queue(campaignId: number) {
      await p.jobs.send(MARKETING_SEND_JOB, { campaignId }, { singletonKey: keyOf(campaignId) });
      await publish(campaignId);
    },

    /** Of these campaigns, the ones whose send job is queued, waiting for a retry or running. */
    async busy(campaignIds: number[]): Promise<Set<number>> {
      const keys = await p.jobs.pendingKeys(MARKETING_SEND_JOB, campaignIds.map(keyOf));
      return new Set(campaignIds.filter((id) => keys.has(keyOf(id))));
    },

    /** Runs (or resumes) the send of a campaign; a campaign not sending is left alone. */
    async run(campaignId: number): Promise<void> {
      const [c] = await db.select().from(mailCampaigns).where(eq(mailCampaigns.id, campaignId));
      if (c?.status !== 'sending') return;
      const box = await mail.mailboxOf(c.userId, c.accountId).catch(() => null);
      // copies an earlier run claimed and never finished: they may have gone, so they never go again
      const cut = await db
        .update(cc)
        .set({ error: INTERRUPTED })
        .where(
          and(eq(cc.campaignId, campaignId), sql`${cc.claimedAt} is not null`, isNull(cc.sentAt), isNull(cc.error)),
        )
        .returning({ id: cc.id });
      for (const x of cut) await event(x.id, 'failed', INTERRUPTED);
      const links = await db
        .select({ id: mailCampaignLinks.id, url: mailCampaignLinks.url })
        .from(mailCampaignLinks)
        .where(eq(mailCampaignLinks.campaignId, campaignId));
      const pending = await db
        .select()
        .from(cc)
        .where(and(eq(cc.campaignId, campaignId), isNull(cc.claimedAt)))
        .orderBy(asc(cc.id));
      for (const copy of pending) {
        const claimed = await db
          .update(cc)
          .set({ claimedAt: p.clock.now() })
          .where(and(eq(cc.id, copy.id), isNull(cc.claimedAt)))
          .returning({ id: cc.id });
        if (claimed.length === 0) continue; // another worker has it
        if (!box) {
          // the mailbox was unbound meanwhile: nothing can go out of it
          await db.update(cc).set({ error: 'NO_MAILBOX' }).where(eq(cc.id, copy.id));
          await event(copy.id, 'failed', 'NO_MAILBOX');
        } else await sendCopy(c, copy, links, box.connector);
        await publish(campaignId);
      }
      await db
        .update(mailCampaigns)
        .set({ status: 'sent', updatedAt: p.clock.now() })
        .where(and(eq(mailCampaigns.id, campaignId), eq(mailCampaigns.status, 'sending')));
      await publish(campaignId);
    },
  };
}
